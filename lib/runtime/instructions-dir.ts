// A run of an agent with a managed instructions bundle and no instructionsFilePath gets the bundle as
// files: a private directory per run under the OS temp dir, removed when the run ends however it ends.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "@/lib/db/client";
import { bundleLimits } from "@/lib/services/agents/instructions-bundle";
import type { ClaimedRun } from "@/lib/runtime/queue";

export interface InstructionsDir {
  dir: string;
  /** the run as the adapter sees it: local adapters read AGENTS.md of the directory */
  run: ClaimedRun;
  /** SERVICE_INSTRUCTIONS_DIR for every adapter that spawns a program */
  env: Record<string, string>;
}

const ENTRY = "AGENTS.md";

/**
 * Writes the bundle out, or returns null when the run does not use one: an explicit
 * instructionsFilePath wins, the http adapter has no files, and an agent without a bundle has none.
 */
export async function prepareInstructionsDir(run: ClaimedRun): Promise<InstructionsDir | null> {
  if (run.adapterType === "http" || run.adapterConfig.instructionsFilePath) return null;
  const { rows } = await sql().query<{ path: string; content: string }>(
    `SELECT path, content FROM "AgentInstructionsFile" WHERE "companyId" = $1 AND "agentId" = $2`, [run.companyId, run.agentId],
  );
  // names were checked on every write; checked again because this one writes to disk
  const files = rows.filter((f) => bundleLimits.pathPattern.test(f.path) && path.basename(f.path) === f.path);
  if (!files.some((f) => f.path === ENTRY)) return null;
  // mkdtemp makes the directory 0700: other users of the machine cannot read the instructions
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "charter-run-instructions-"));
  try {
    await fs.chmod(dir, 0o700);
    for (const f of files) await fs.writeFile(path.join(dir, f.path), f.content, { encoding: "utf8", mode: 0o600, flag: "wx" });
  } catch (e) {
    await removeInstructionsDir(dir);
    throw e;
  }
  const withEntry = { ...run, adapterConfig: { ...run.adapterConfig, instructionsFilePath: path.join(dir, ENTRY) } };
  return { dir, run: run.adapterType === "process" ? run : withEntry, env: { SERVICE_INSTRUCTIONS_DIR: dir } };
}

export async function removeInstructionsDir(dir: string): Promise<void> {
  await fs.rm(dir, { recursive: true, force: true });
}
