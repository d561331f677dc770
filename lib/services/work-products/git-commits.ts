// Reads an issue's commits from its worktree: `git log base..HEAD` with each commit's stat line. Git is
// run with execFile (no shell, no prompt), and a commit range is only ever two hex shas, so nothing read
// from the database can become an option.
import { git } from "@/lib/services/workspaces/git";

export interface GitCommit {
  sha: string;
  subject: string;
  author: string;
  filesChanged: number;
  insertions: number;
  deletions: number;
}

/** More than this many commits on one issue's branch are not listed one by one (the newest are kept). */
const MAX_COMMITS = 500;
const TIMEOUT_MS = 30_000;
const hexSha = /^[0-9a-f]{7,64}$/i;
// record separator before each commit, unit separator between its fields
const format = "%x1e%H%x1f%an%x1f%ae%x1f%s";

const gitLog = (cwd: string, args: string[]) => git(cwd, ["-c", "core.quotepath=off", ...args], { read: true, timeoutMs: TIMEOUT_MS });

const count = (stat: string, word: RegExp) => Number(stat.match(word)?.[1] ?? 0);

/** One commit of `git log --shortstat`: the header line, then (unless it changed nothing) its stat line. */
function parseCommit(chunk: string): GitCommit | null {
  const [header, ...rest] = chunk.split("\n");
  const [sha, name, email, subject] = header.split("\x1f");
  if (!sha || !hexSha.test(sha)) return null;
  const stat = rest.join(" ");
  return {
    sha, subject: subject ?? "", author: email ? `${name} <${email}>` : name,
    filesChanged: count(stat, /(\d+) files? changed/), insertions: count(stat, /(\d+) insertions?\(\+\)/), deletions: count(stat, /(\d+) deletions?\(-\)/),
  };
}

/** The commits of `baseSha..HEAD` in `cwd`, oldest first (at most MAX_COMMITS, the newest). */
export async function readCommits(cwd: string, baseSha: string): Promise<GitCommit[]> {
  if (!hexSha.test(baseSha)) throw new Error(`not a commit sha: ${baseSha.slice(0, 80)}`);
  const out = await gitLog(cwd, ["log", "--no-color", "--shortstat", `--format=${format}`, `--max-count=${MAX_COMMITS}`, `${baseSha}..HEAD`, "--"]);
  return out.split("\x1e").map((c) => parseCommit(c.trim())).filter((c): c is GitCommit => c !== null).reverse();
}
