// Fetching a package with the real git binary, as nothing but a download: only the allowed protocols,
// no prompt, no stored credentials (a throwaway HOME, no system or global config), no hooks, no
// submodules, no LFS, no checkout at all (files are read from the object database, so no filter,
// hook or symbolic link of the package ever acts), within a time and a disk limit. git's own output
// is never shown to the caller: it may echo credentials or internal addresses.
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { childBaseEnv, env } from "@/lib/env";
import { AppError } from "@/lib/http/errors";
import { log } from "@/lib/log";
import { displayUrl, isCommitId, type GitProtocol } from "@/lib/portability/import/urls";

export interface GitFetch {
  url: string;
  ref: string | null;
  protocols: GitProtocol[];
  followRedirects: boolean;
}

export interface TreeEntry {
  path: string;
  oid: string;
  size: number;
}

class GitFailure extends Error {}

function gitConfig(fetch: GitFetch): string[] {
  const pairs = [
    "protocol.allow=never", ...fetch.protocols.map((p) => `protocol.${p}.allow=always`),
    "core.hooksPath=/dev/null", "credential.helper=", "core.askPass=", "core.fsmonitor=false", "init.templateDir=",
    "submodule.recurse=false", "fetch.recurseSubmodules=false", "filter.lfs.smudge=", "filter.lfs.process=", "filter.lfs.required=false",
    `http.followRedirects=${fetch.followRedirects ? "initial" : "false"}`, "advice.detachedHead=false",
  ];
  return pairs.flatMap((p) => ["-c", p]);
}

function gitEnv(home: string, fetch: GitFetch): NodeJS.ProcessEnv {
  const vars: Record<string, string> = {
    ...childBaseEnv(), HOME: home, XDG_CONFIG_HOME: home, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_TERMINAL_PROMPT: "0", GIT_ASKPASS: "/bin/false", SSH_ASKPASS: "/bin/false", GIT_LFS_SKIP_SMUDGE: "1",
    GIT_ALLOW_PROTOCOL: fetch.protocols.join(":"), GIT_PROTOCOL_FROM_USER: "0",
    GIT_SSH_COMMAND: "ssh -o BatchMode=yes -o StrictHostKeyChecking=accept-new -o UserKnownHostsFile=/dev/null",
  };
  return vars as NodeJS.ProcessEnv;
}

interface Run {
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  deadline: number;
  input?: string;
}

/** Runs git; resolves with stdout, rejects with GitFailure (its stderr goes to the debug log only). */
function runGit(run: Run, onSpawn?: (kill: () => void) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn("git", run.args, { cwd: run.cwd, env: run.env, detached: true, stdio: ["pipe", "pipe", "pipe"] });
    const kill = () => {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    };
    onSpawn?.(kill);
    const out: Buffer[] = [];
    let err = "";
    const timer = setTimeout(kill, Math.max(0, run.deadline - Date.now()));
    child.stdout.on("data", (b: Buffer) => out.push(b));
    child.stderr.on("data", (b: Buffer) => {
      if (err.length < 4000) err += b.toString("utf8");
    });
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(new GitFailure(e.message));
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(out));
      else {
        log.debug("git failed", { args: run.args.filter((a) => !a.includes("://") && !a.includes("@")).join(" "), code, stderr: err.slice(0, 1000) });
        reject(new GitFailure(Date.now() >= run.deadline ? "timeout" : `exit ${code}`));
      }
    });
    // git may exit (or be killed) before reading its input
    child.stdin.on("error", () => {});
    child.stdin.end(run.input ?? "");
  });
}

async function dirBytes(dir: string): Promise<number> {
  let total = 0;
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  for (const e of entries) {
    if (!e.isFile()) continue;
    total += (await fs.lstat(path.join(e.parentPath, e.name)).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

/** Kills the download when the clone passes its room on disk (8 × the package limit). */
function watchDisk(dir: string, kill: () => void): { stop: () => void; exceeded: () => boolean } {
  const room = 8 * env().CHARTER_PACKAGE_MAX_BYTES;
  let over = false;
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    if ((await dirBytes(dir)) > room) {
      over = true;
      kill();
    }
    busy = false;
  }, 200);
  return { stop: () => clearInterval(timer), exceeded: () => over };
}

export interface Cloned {
  repo: string;
  commit: string;
  entries: TreeEntry[];
  run: (args: string[], input?: string) => Promise<Buffer>;
}

/** The clone (or, for a commit id, init + fetch of that commit), then its commit and tree listing. */
export async function withClone<T>(fetch: GitFetch, use: (clone: Cloned) => Promise<T>): Promise<T> {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), "charter-import-"));
  const home = path.join(tmp, "home");
  const repo = path.join(tmp, "repo");
  await fs.mkdir(home);
  const deadline = Date.now() + env().CHARTER_GIT_TIMEOUT_SEC * 1000;
  const base = { env: gitEnv(home, fetch), deadline };
  const git = (args: string[], cwd: string, onSpawn?: (kill: () => void) => void, input?: string) =>
    runGit({ ...base, args: [...gitConfig(fetch), ...args], cwd, input }, onSpawn);
  let watcher: ReturnType<typeof watchDisk> | null = null;
  const watched = (kill: () => void) => {
    watcher = watchDisk(tmp, kill);
  };
  try {
    try {
      if (fetch.ref && isCommitId(fetch.ref)) {
        await git(["init", "-q", "--", repo], tmp);
        await git(["fetch", "-q", "--depth", "1", "--no-tags", "--", fetch.url, fetch.ref], repo, watched);
      } else {
        const branch = fetch.ref ? ["--branch", fetch.ref] : [];
        await git(["clone", "-q", "--depth", "1", "--single-branch", "--no-checkout", "--no-tags", ...branch, "--", fetch.url, repo], tmp, watched);
      }
    } finally {
      (watcher as ReturnType<typeof watchDisk> | null)?.stop();
    }
    if ((watcher as ReturnType<typeof watchDisk> | null)?.exceeded()) throw new AppError("package_too_large", "The repository is larger than an import may fetch");
    const head = fetch.ref && isCommitId(fetch.ref) ? "FETCH_HEAD" : "HEAD";
    const commit = (await git(["rev-parse", "--verify", `${head}^{commit}`], repo)).toString("utf8").trim();
    const entries = parseTree(await git(["ls-tree", "-r", "-l", "-z", "--full-tree", commit], repo));
    return await use({ repo, commit, entries, run: (args, input) => git(args, repo, undefined, input) });
  } catch (err) {
    if (err instanceof GitFailure) throw sourceUnavailable(fetch, err.message === "timeout");
    throw err;
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

export function sourceUnavailable(fetch: { url: string; ref: string | null }, timedOut = false): AppError {
  const what = `${displayUrl(fetch.url)}${fetch.ref ? ` at ${fetch.ref}` : ""}`;
  return new AppError("source_unavailable", timedOut ? `Fetching ${what} took too long` : `Could not fetch ${what}`, [
    { path: "body.source.url", message: "the repository could not be fetched" },
  ]);
}

/** `ls-tree -r -l -z` lines: mode, type, oid, size, path. Only regular files (symbolic links and submodules are skipped). */
function parseTree(out: Buffer): TreeEntry[] {
  const entries: TreeEntry[] = [];
  for (const line of out.toString("utf8").split("\0")) {
    const m = /^(\d+) (\w+) ([0-9a-f]+)\s+(\d+|-)\t(.+)$/s.exec(line);
    if (!m || m[2] !== "blob" || !(m[1] === "100644" || m[1] === "100755")) continue;
    entries.push({ path: m[5], oid: m[3], size: Number(m[4]) });
  }
  return entries;
}

/** The blobs' bytes by oid, read in one `cat-file --batch`. */
export async function readBlobs(clone: Cloned, oids: string[]): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  if (oids.length === 0) return out;
  const buf = await clone.run(["cat-file", "--batch"], oids.join("\n") + "\n");
  let at = 0;
  while (at < buf.length) {
    const nl = buf.indexOf(0x0a, at);
    if (nl < 0) break;
    const [oid, type, size] = buf.subarray(at, nl).toString("utf8").split(" ");
    if (type !== "blob") {
      at = nl + 1;
      continue;
    }
    const n = Number(size);
    out.set(oid, buf.subarray(nl + 1, nl + 1 + n));
    at = nl + 1 + n + 1;
  }
  return out;
}
