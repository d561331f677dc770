// Reading an issue's workspace with git (execFile, never a shell, never a prompt): its head, and the
// summary of its changes a reviewer is woken with. The workspace root is a volume every worker and
// the API process mount at one path (docs/decisions/0119-execution-workspaces.md), so any of them may read it.
import fs from "node:fs";
import { git as gitRun } from "@/lib/services/workspaces/git";

const GIT_TIMEOUT_MS = 15_000;
const SUMMARY_MAX_CHARS = 4000;

const git = (cwd: string, args: string[]) => gitRun(cwd, args, { read: true, timeoutMs: GIT_TIMEOUT_MS });

/** Why a workspace path cannot be used, or null. */
export function workspaceProblem(path: string | null): string | null {
  if (!path) return "the issue has no workspace yet: Charter makes it before the issue's first run";
  if (!fs.existsSync(path)) return `the issue's workspace ${path} does not exist`;
  return null;
}

/** The workspace's current head commit; null when it cannot be read (no workspace, not a repository, no commit). */
export async function readHead(path: string | null): Promise<string | null> {
  if (workspaceProblem(path)) return null;
  return (await git(path!, ["rev-parse", "--verify", "HEAD"]).catch(() => "")).trim() || null;
}

/** `git diff --stat` of the work (from its base commit, else the last commit), capped. */
export async function diffSummary(path: string | null, baseSha: string | null): Promise<string> {
  if (workspaceProblem(path)) return "";
  const range = baseSha ? [`${baseSha}..HEAD`] : ["HEAD~1..HEAD"];
  const [log, stat] = await Promise.all([
    git(path!, ["log", "--format=%h %s", "--max-count=50", ...range]).catch(() => ""),
    git(path!, ["diff", "--stat", ...(baseSha ? [baseSha, "HEAD"] : ["HEAD~1", "HEAD"])]).catch(() => ""),
  ]);
  const text = [log.trim() && `Commits:\n${log.trim()}`, stat.trim() && `Changes:\n${stat.trim()}`].filter(Boolean).join("\n\n");
  return text.length > SUMMARY_MAX_CHARS ? `${text.slice(0, SUMMARY_MAX_CHARS)}\n[… cut …]` : text;
}
