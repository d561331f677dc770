// Spawning an agent program: its own process group (so a timeout or cancel kills everything it
// started), output streamed to the run log, and a bounded copy of stdout kept for adapters that
// parse it. The fork itself happens in the run launcher (scripts/run-launcher.mjs), a small process
// forked once: forking from a Next server costs its event loop about 10 ms per program.
import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { childBaseEnv } from "@/lib/env";

export interface SpawnSpec {
  command: string;
  args: string[];
  cwd?: string;
  env: Record<string, string>;
  signal: AbortSignal;
  timeoutMs: number;
  log: (text: string) => void;
  /** each stream's output as it arrives (besides the log), for adapters that parse it live */
  onStdout?: (text: string) => void;
  onStderr?: (text: string) => void;
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
  /** the program's fate is unknown: the launcher died while it ran (its group was killed) */
  lost?: string | null;
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

type LauncherMessage =
  | { type: "spawned"; id: number; pid: number }
  | { type: "out"; id: number; text: string; stream?: "stdout" | "stderr" }
  | { type: "exit"; id: number; code: number | null; signal: NodeJS.Signals | null; error: string | null; lost?: string };

interface Pending {
  onSpawned: (pid: number) => void;
  onOut: (text: string, stream: "stdout" | "stderr") => void;
  onExit: (m: Extract<LauncherMessage, { type: "exit" }>) => void;
}

/** The launcher of this process: forked on first use, again after it dies; held open only while programs run. */
class Launcher {
  private child: ChildProcess | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  start(spec: { command: string; args: string[]; cwd?: string; env: Record<string, string>; stdin?: string }, p: Pending): void {
    const child = this.child ?? this.fork();
    const id = this.nextId++;
    this.pending.set(id, p);
    if (this.pending.size === 1) this.hold(child, true);
    child.send({ type: "start", id, ...spec }, (e) => {
      if (e) this.settle(id, { type: "exit", id, code: null, signal: null, error: null, lost: `the run launcher is gone (${e.message})` });
    });
  }

  private fork(): ChildProcess {
    const script = path.join(process.cwd(), "scripts", "run-launcher.mjs");
    const child = fork(/* turbopackIgnore: true */ script, [], { stdio: ["ignore", "inherit", "inherit", "ipc"], env: childBaseEnv() as NodeJS.ProcessEnv, execArgv: [] });
    child.on("message", (m: LauncherMessage) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      if (m.type === "spawned") p.onSpawned(m.pid);
      else if (m.type === "out") p.onOut(m.text, m.stream ?? "stdout");
      else this.settle(m.id, m);
    });
    // a launcher that dies takes nothing with it: its programs are killed (it kills their groups
    // when it can; the worker kills those it knows of) and each run ends with the reason
    child.on("exit", (code, signal) => {
      if (this.child === child) this.child = null;
      for (const id of [...this.pending.keys()]) {
        this.settle(id, { type: "exit", id, code: null, signal: null, error: null, lost: `the run launcher exited (${signal ?? code}) while the program ran` });
      }
    });
    child.on("error", () => {}); // reported through exit
    this.child = child;
    return child;
  }

  private settle(id: number, m: Extract<LauncherMessage, { type: "exit" }>) {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    if (this.pending.size === 0 && this.child) this.hold(this.child, false);
    p.onExit(m);
  }

  /** An idle launcher must not keep a process (a test run, a stopping worker) alive. */
  private hold(child: ChildProcess, on: boolean) {
    const channel = child.channel as { ref(): void; unref(): void } | undefined;
    if (on) {
      child.ref();
      channel?.ref();
    } else {
      child.unref();
      channel?.unref();
    }
  }
}

const g = globalThis as unknown as { __charterLauncher?: Launcher };

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
    let pid: number | null = null;
    let stopRequested = false;
    const kill = () => {
      if (pid === null) return;
      const target = pid;
      killGroup(target, "SIGTERM");
      setTimeout(() => killGroup(target, "SIGKILL"), KILL_GRACE_MS).unref();
    };
    const stop = (why: "timeout" | "cancel") => {
      if (settled || stopRequested) return;
      stopRequested = true;
      if (why === "timeout") timedOut = true;
      else cancelled = true;
      kill(); // or as soon as the launcher says which process it is
    };
    const timer = setTimeout(() => stop("timeout"), spec.timeoutMs);
    const onAbort = () => stop("cancel");
    const cap = spec.captureStdout ?? 0;
    (g.__charterLauncher ??= new Launcher()).start(
      { command: spec.command, args: spec.args, cwd: spec.cwd, env: { ...childBaseEnv(), ...spec.env }, stdin: spec.stdin },
      {
        onSpawned: (p) => {
          pid = p;
          if (stopRequested) kill();
        },
        onOut: (text, stream) => {
          spec.log(text);
          (stream === "stderr" ? spec.onStderr : spec.onStdout)?.(text);
          if (cap > 0) stdout = (stdout + text).slice(-cap);
        },
        onExit: (m) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          spec.signal.removeEventListener("abort", onAbort);
          // the launcher killed what was left of the group; if it is gone, this worker does it
          if (pid !== null && m.lost) killGroup(pid, "SIGKILL");
          resolve({ exitCode: m.code, signal: m.signal, spawnError: m.error, lost: m.lost ?? null, stdout, timedOut, cancelled });
        },
      },
    );
    if (spec.signal.aborted) onAbort();
    else spec.signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** How a finished program maps onto a run's final status. */
export function outcomeStatus(o: SpawnOutcome): { status: "succeeded" | "failed" | "cancelled" | "timed_out"; error: string | null } {
  if (o.cancelled) return { status: "cancelled", error: "cancelled" };
  if (o.timedOut) return { status: "timed_out", error: "timed out: the process group was killed" };
  if (o.spawnError) return { status: "failed", error: `could not start ${o.spawnError}` };
  if (o.lost) return { status: "failed", error: o.lost };
  if (o.exitCode === 0) return { status: "succeeded", error: null };
  return { status: "failed", error: o.exitCode === null ? `killed by ${o.signal}` : `exited with code ${o.exitCode}` };
}
