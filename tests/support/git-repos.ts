// Real git repositories for workspace tests, and the fake coding CLI: a `process` agent running a
// small script that records where it ran, writes a file and commits it.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { resetEnvCache } from "@/lib/env";
import type { Worker } from "@/lib/runtime/worker";
import { startWorker } from "./runtime";

export const gitIn = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.test", ...args], { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();

/** A repository with one commit on `main` (a README). */
export function makeRepo(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  gitIn(dir, "init", "-q", "-b", "main");
  fs.writeFileSync(path.join(dir, "README.md"), "# project\n");
  gitIn(dir, "add", "-A");
  gitIn(dir, "commit", "-q", "-m", "initial");
  return dir;
}

/**
 * The fake CLI: records its cwd, the SERVICE_WORKSPACE_* variables, the files it found and its start
 * and end times under $OUT/<run id>.*, then writes work-<run id>.txt and commits it.
 */
export function fakeCli(dir: string): string {
  const script = path.join(dir, "fake-cli.sh");
  fs.writeFileSync(script, `#!/bin/sh
set -e
rec="$OUT/$SERVICE_RUN_ID"
date +%s%N > "$rec.start"
{ echo "cwd=$(pwd)"; env | grep '^SERVICE_WORKSPACE_' | sort; } > "$rec.env"
ls -1 > "$rec.ls"
echo "$SERVICE_RUN_ID" > "work-$SERVICE_RUN_ID.txt"
sleep "\${SLEEP:-0}"
git add -A
git -c user.name=Agent -c user.email=agent@example.test commit -q -m "work of $SERVICE_RUN_ID"
date +%s%N > "$rec.end"
`, { mode: 0o755 });
  return script;
}

export interface Seen {
  env: Record<string, string>;
  files: string[];
  start: number;
  end: number;
}

/** What the fake CLI recorded for a run. */
export function seenBy(out: string, runId: string): Seen {
  const read = (ext: string) => (fs.existsSync(path.join(out, `${runId}.${ext}`)) ? fs.readFileSync(path.join(out, `${runId}.${ext}`), "utf8") : "");
  const env = Object.fromEntries(read("env").trim().split("\n").map((l) => l.split(/=(.*)/s).slice(0, 2) as [string, string]));
  return { env, files: read("ls").trim().split("\n"), start: Number(read("start")) / 1e6, end: Number(read("end")) / 1e6 };
}

/**
 * A workspace test file's sandbox: a fresh folder with the workspace root (CHARTER_WORKSPACE_ROOT),
 * the fake CLI's output folder and the fake CLI, and an in-process worker, for the file's tests
 * (made in beforeAll, removed in afterAll). `worker` may be swapped by a test that stops it.
 */
export function workspaceSandbox(prefix: string) {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  const sandbox = { dir, root: path.join(dir, "root"), out: path.join(dir, "out"), script: "", worker: null as Worker | null };
  beforeAll(async () => {
    process.env.CHARTER_WORKSPACE_ROOT = sandbox.root;
    resetEnvCache();
    fs.mkdirSync(sandbox.out);
    sandbox.script = fakeCli(dir);
    sandbox.worker = await startWorker();
  });
  afterAll(async () => {
    await sandbox.worker?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return sandbox;
}
