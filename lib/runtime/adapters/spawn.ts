// Spawning an agent program: its own process group (so a timeout or cancel kills everything it
// started), output streamed to the run log, and a bounded copy of stdout kept for adapters that
// parse it.
import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import fs from "node:fs";
import { childBaseEnv } from "@/lib/env";

export interface SpawnSpec {
  command: string;
  args: string[];
  cwd?: string;
  env: Record<string, string>;
  signal: AbortSignal;
  timeoutMs: number;
  log: (text: string) => void;
  /** keep up to this many characters of stdout for parsing (0: none) */
  captureStdout?: number;
  stdin?: string;
}

export interface SpawnOutcome {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  cancelled: boolean;
  /** the program could not be started (ENOENT, EACCES, a bad cwd) */
  spawnError: string | null;
  stdout: string;
}

const KILL_GRACE_MS = 5000;

function killGroup(pid: number, sig: NodeJS.Signals) {
  try {
    process.kill(-pid, sig);
  } catch {
    // the group is already gone
  }
}

export function runProgram(spec: SpawnSpec): Promise<SpawnOutcome> {
  // spawn reports a missing cwd as the command's ENOENT: say what is really missing
  if (spec.cwd && !fs.existsSync(spec.cwd)) {
    return Promise.resolve({ exitCode: null, signal: null, timedOut: false, cancelled: false, spawnError: `${spec.command}: the working directory ${spec.cwd} does not exist`, stdout: "" });
  }
  return new Promise((resolve) => {
    let stdout = "";
    let timedOut = false;
    let cancelled = false;
    let settled = false;
    const stdio: StdioOptions = [spec.stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"];
    const child: ChildProcess = spawn(spec.command, spec.args, {
      cwd: spec.cwd, env: { ...childBaseEnv(), ...spec.env } as NodeJS.ProcessEnv, detached: true, stdio,
    });
    const stop = (why: "timeout" | "cancel") => {
      if (settled || child.pid === undefined) return;
      if (why === "timeout") timedOut = true;
      else cancelled = true;
      killGroup(child.pid, "SIGTERM");
      setTimeout(() => child.pid !== undefined && killGroup(child.pid, "SIGKILL"), KILL_GRACE_MS).unref();
    };
    const timer = setTimeout(() => stop("timeout"), spec.timeoutMs);
    const onAbort = () => stop("cancel");
    if (spec.signal.aborted) onAbort();
    else spec.signal.addEventListener("abort", onAbort, { once: true });
    const cap = spec.captureStdout ?? 0;
    child.stdout?.setEncoding("utf8").on("data", (d: string) => {
      spec.log(d);
      if (cap > 0) stdout = (stdout + d).slice(-cap);
    });
    child.stderr?.setEncoding("utf8").on("data", (d: string) => spec.log(d));
    if (spec.stdin !== undefined) child.stdin?.end(spec.stdin);
    const done = (outcome: Omit<SpawnOutcome, "stdout" | "timedOut" | "cancelled">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      spec.signal.removeEventListener("abort", onAbort);
      // whatever the program left running in its group goes with it
      if (child.pid !== undefined) killGroup(child.pid, "SIGKILL");
      resolve({ ...outcome, stdout, timedOut, cancelled });
    };
    child.on("error", (e) => done({ exitCode: null, signal: null, spawnError: `${spec.command}: ${e.message}` }));
    child.on("close", (code, signal) => done({ exitCode: code, signal, spawnError: null }));
  });
}

/** How a finished program maps onto a run's final status. */
export function outcomeStatus(o: SpawnOutcome): { status: "succeeded" | "failed" | "cancelled" | "timed_out"; error: string | null } {
  if (o.cancelled) return { status: "cancelled", error: "cancelled" };
  if (o.timedOut) return { status: "timed_out", error: "timed out: the process group was killed" };
  if (o.spawnError) return { status: "failed", error: `could not start ${o.spawnError}` };
  if (o.exitCode === 0) return { status: "succeeded", error: null };
  return { status: "failed", error: o.exitCode === null ? `killed by ${o.signal}` : `exited with code ${o.exitCode}` };
}
