// What an adapter needs from the server's filesystem before a run can start: the program (on PATH or
// at a path), the working directory, the instructions file. Read by the "test environment" check and
// by every agent's readiness; nothing here executes anything or touches the network.
import { constants as fsc } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { childBaseEnv } from "@/lib/env";
import type { AdapterConfig } from "@/lib/runtime/config";

export interface Check {
  name: string;
  ok: boolean;
  message: string;
}

const cliDefaults: Record<string, string> = { claude_local: "claude", codex_local: "codex" };

/** The run's environment as the spawner builds it (lib/runtime/adapters/spawn.ts), minus the run's SERVICE_* values. */
const runEnv = (cfg: AdapterConfig) => ({ ...childBaseEnv(), ...cfg.env });

/** The command, cwd and instructions checks of a local adapter, in that order, with what they resolved. */
export async function fileChecks(adapterType: string, cfg: AdapterConfig) {
  const cli = cliDefaults[adapterType];
  const env = runEnv(cfg);
  const program = cli ? (cfg.command ?? cli) : programOf(cfg);
  const [resolved, cwd] = await Promise.all([program ? resolveCommand(program, env.PATH ?? "", cfg.cwd) : null, cwdCheck(cfg.cwd)]);
  const checks: Check[] = [commandCheck(cfg, program, resolved), cwd];
  if (cli || cfg.instructionsFilePath) checks.push(await instructionsCheck(cfg.instructionsFilePath));
  return { checks, resolved, env, cli };
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

