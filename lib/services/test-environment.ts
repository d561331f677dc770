// POST /api/agents/:agentId/test-environment: what a run of the agent would meet, checked without
// starting one. It reads the stored config with the runtime's own reader, and executes nothing
// but a CLI's `--version` (without a shell, in the run's base environment).
import { execFile } from "node:child_process";
import { constants as fsc } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Agent } from "@/lib/generated/prisma/client";
import { childBaseEnv } from "@/lib/env";
import { forbidden } from "@/lib/http/errors";
import { can } from "@/lib/auth/permissions";
import { readAdapterConfig, type AdapterConfig } from "@/lib/runtime/config";
import { signBody } from "@/lib/runtime/adapters/http";
import type { ServiceContext } from "@/lib/services/context";
import { chainOfCommand, getAgentOrThrow } from "@/lib/services/agents/queries";

export interface Check {
  name: string;
  ok: boolean;
  message: string;
}

const PROBE_TIMEOUT_MS = 5000;
const cliDefaults: Record<string, string> = { claude_local: "claude", codex_local: "codex" };

/** Board users who may configure the agent, and the agents above it in its chain of command. */
async function assertMayTest(ctx: ServiceContext, agent: Agent) {
  if (ctx.actor.kind === "board") {
    if (!can(ctx.actor, "agent.update", agent.companyId)) throw forbidden();
    return;
  }
  const actorId = ctx.actor.agentId;
  const chain = await chainOfCommand(ctx.db, agent);
  if (!chain.some((m) => m.id === actorId)) throw forbidden("Only the board and the agent's managers may test its environment");
}

export async function testAgentEnvironment(ctx: ServiceContext, agentRef: string) {
  const agent = await getAgentOrThrow(ctx, agentRef, "agent.read");
  await assertMayTest(ctx, agent);
  const cfg = readAdapterConfig(agent.adapterConfig);
  const checks = agent.adapterType === "http" ? await httpChecks(agent, cfg) : await localChecks(agent.adapterType, cfg);
  return { ok: checks.every((c) => c.ok), checks };
}

/** The run's environment as the spawner builds it (lib/runtime/adapters/spawn.ts), minus the run's SERVICE_* values. */
const runEnv = (cfg: AdapterConfig) => ({ ...childBaseEnv(), ...cfg.env });

async function localChecks(adapterType: string, cfg: AdapterConfig): Promise<Check[]> {
  const cli = cliDefaults[adapterType];
  const env = runEnv(cfg);
  const cwd = await cwdCheck(cfg.cwd);
  const checks: Check[] = [];
  const program = cli ? (cfg.command ?? cli) : programOf(cfg);
  const resolved = program ? await resolveCommand(program, env.PATH ?? "", cfg.cwd) : null;
  checks.push(commandCheck(cfg, program, resolved));
  checks.push(cwd);
  if (cli || cfg.instructionsFilePath) checks.push(await instructionsCheck(cfg.instructionsFilePath));
  if (cli) checks.push(await versionCheck(resolved, env, cwd.ok ? cfg.cwd : undefined));
  return checks;
}

// Words /bin/sh understands by itself: a shell line starting with one has no program to look up.
const shellWords = new Set(["if", "for", "while", "until", "case", "{", "(", "!", "[", "cd", "exec", "export", "set", "test", "true", "false", ":", ".", "echo", "printf", "read", "eval", "trap", "ulimit", "umask"]);

/** The program a `process` command names: itself with args, else the shell line's first word after any VAR=value. */
function programOf(cfg: AdapterConfig): string | null {
  if (!cfg.command) return null;
  if (cfg.args) return cfg.command;
  const words = cfg.command.trim().split(/\s+/).filter((w) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(w));
  const first = words[0]?.replace(/^["']|["']$/g, "") ?? "";
  return shellWords.has(first) || first === "" ? `sh:${first}` : first;
}

async function isExecutableFile(file: string): Promise<boolean> {
  try {
    const st = await fs.stat(file);
    if (!st.isFile()) return false;
    await fs.access(file, fsc.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** How execvp finds a program: a name with a slash is a path (relative to the run's cwd), else PATH is searched. */
async function resolveCommand(program: string, pathVar: string, cwd: string | undefined): Promise<string | null> {
  if (program.startsWith("sh:")) return "/bin/sh";
  if (program.includes("/")) {
    const file = path.resolve(cwd ?? process.cwd(), program);
    return (await isExecutableFile(file)) ? file : null;
  }
  for (const dir of pathVar.split(path.delimiter).filter(Boolean)) {
    const file = path.join(dir, program);
    if (await isExecutableFile(file)) return file;
  }
  return null;
}

function commandCheck(cfg: AdapterConfig, program: string | null, resolved: string | null): Check {
  if (!program) return { name: "command", ok: false, message: "adapterConfig.command is not set: a run has nothing to execute" };
  if (program.startsWith("sh:")) return { name: "command", ok: true, message: `A shell line: /bin/sh runs \`${cfg.command}\`` };
  if (!resolved) {
    return { name: "command", ok: false, message: program.includes("/") ? `${program} is not an executable file` : `${program} is not found on the server's PATH, or is not executable` };
  }
  return { name: "command", ok: true, message: `${program} resolves to ${resolved}` };
}

async function cwdCheck(cwd: string | undefined): Promise<Check> {
  if (!cwd) return { name: "cwd", ok: true, message: "Not set: runs start in the worker's own directory" };
  try {
    const st = await fs.stat(cwd);
    if (!st.isDirectory()) return { name: "cwd", ok: false, message: `${cwd} is not a directory` };
    await fs.access(cwd, fsc.R_OK | fsc.X_OK);
    return { name: "cwd", ok: true, message: `${cwd} exists and is readable` };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { name: "cwd", ok: false, message: code === "ENOENT" ? `${cwd} does not exist` : `${cwd} cannot be read (${code ?? "error"})` };
  }
}

async function instructionsCheck(file: string | undefined): Promise<Check> {
  if (!file) return { name: "instructions", ok: true, message: "No instructions file: the agent gets the Charter skill only" };
  try {
    const st = await fs.stat(file);
    if (!st.isFile()) return { name: "instructions", ok: false, message: `${file} is not a file` };
    await fs.access(file, fsc.R_OK);
    return { name: "instructions", ok: true, message: `${file} is readable (${st.size} bytes)` };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { name: "instructions", ok: false, message: code === "ENOENT" ? `${file} does not exist` : `${file} cannot be read (${code ?? "error"})` };
  }
}

function versionCheck(resolved: string | null, env: Record<string, string>, cwd: string | undefined): Promise<Check> {
  if (!resolved) return Promise.resolve({ name: "version", ok: false, message: "Not asked: the CLI was not found" });
  return new Promise((resolve) => {
    execFile(resolved, ["--version"], { env: env as NodeJS.ProcessEnv, encoding: "utf8", cwd, timeout: PROBE_TIMEOUT_MS, maxBuffer: 64 * 1024, shell: false, windowsHide: true }, (err, stdout, stderr) => {
      const out = `${stdout}`.trim() || `${stderr}`.trim();
      const firstLine = out.split("\n")[0]?.slice(0, 200) ?? "";
      if (err) {
        const reason = (err as { killed?: boolean }).killed ? `did not answer within ${PROBE_TIMEOUT_MS / 1000} s` : `failed (${err.code ?? err.message})`;
        resolve({ name: "version", ok: false, message: `${path.basename(resolved)} --version ${reason}${firstLine ? `: ${firstLine}` : ""}` });
      } else {
        resolve({ name: "version", ok: true, message: firstLine || `${path.basename(resolved)} --version printed nothing` });
      }
    });
  });
}

async function httpChecks(agent: Agent, cfg: AdapterConfig): Promise<Check[]> {
  const secret: Check = cfg.secret
    ? { name: "secret", ok: true, message: "Set: wakes are signed (X-Charter-Signature)" }
    : { name: "secret", ok: false, message: "adapterConfig.secret is not set: wakes are only sent signed" };
  if (!cfg.url) return [{ name: "url", ok: false, message: "adapterConfig.url is not set: nowhere to deliver the wake" }, secret];
  return [await urlCheck(agent, cfg.url, cfg), secret];
}

/** One short signed POST marked X-Charter-Test: 1, so the endpoint can answer without working. */
async function urlCheck(agent: Agent, url: string, cfg: AdapterConfig): Promise<Check> {
  const body = JSON.stringify({ test: true, agentId: agent.id, companyId: agent.companyId });
  const headers: Record<string, string> = { ...cfg.headers, "content-type": "application/json", "x-charter-test": "1" };
  if (cfg.secret) headers["x-charter-signature"] = signBody(cfg.secret, Math.floor(Date.now() / 1000), body);
  try {
    const res = await fetch(url, { method: "POST", body, headers, redirect: "manual", signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    await res.body?.cancel();
    return res.ok
      ? { name: "url", ok: true, message: `${url} answered HTTP ${res.status}` }
      : { name: "url", ok: false, message: `${url} answered HTTP ${res.status}: a wake would fail` };
  } catch (e) {
    const err = e as Error;
    if (err.name === "TimeoutError") return { name: "url", ok: false, message: `${url} did not answer within ${PROBE_TIMEOUT_MS / 1000} s` };
    const cause = err.cause instanceof Error ? err.cause.message : err.message;
    return { name: "url", ok: false, message: `${url} cannot be reached: ${cause}` };
  }
}
