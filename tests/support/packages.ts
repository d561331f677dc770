// Test packages: fixture folders read into the API's file map, and git repositories built from them
// in a temp dir (imported through file://).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PackageFiles } from "@/lib/portability/package-files";

const fixtures = path.resolve(import.meta.dirname, "../fixtures/packages");

/** Every file under `dir` as path → UTF-8 text, or base64 for anything that is not text. */
export function readFolder(dir: string): PackageFiles {
  const out: PackageFiles = {};
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const rel = path.relative(dir, full).split(path.sep).join("/");
    if (rel.startsWith(".git/")) continue;
    const bytes = fs.readFileSync(full);
    try {
      out[rel] = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      out[rel] = { encoding: "base64", data: bytes.toString("base64"), contentType: "application/octet-stream" };
    }
  }
  return out;
}

export const fixture = (name: string) => readFolder(path.join(fixtures, name));

export function tempDir(prefix = "charter-test-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Writes a file map into `dir`. */
export function writeFiles(dir: string, files: PackageFiles) {
  for (const [p, f] of Object.entries(files)) {
    const full = path.join(dir, p);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, typeof f === "string" ? f : Buffer.from(f.data, "base64"));
  }
}

export const gitEnv = { GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@example.test", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@example.test", GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" };

export function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd, env: { ...process.env, ...gitEnv }, encoding: "utf8" }).trim();
}

/** A git repository holding `files` under `sub` (or at its root), one commit on `main`; returns its dir and commit. */
export function gitRepo(files: PackageFiles, sub = ""): { dir: string; url: string; commit: string } {
  const dir = tempDir("charter-repo-");
  git(dir, "init", "-q", "-b", "main");
  writeFiles(sub ? path.join(dir, sub) : dir, files);
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "package");
  return { dir, url: `file://${dir}`, commit: git(dir, "rev-parse", "HEAD") };
}
