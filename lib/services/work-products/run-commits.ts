// After a run: the commits of its workspace's branch (baseSha..HEAD), read from git and listed on the
// run's issue as work products of kind commit, once per sha per issue (the table's unique index), and the
// branch itself (kind branch) the first time commits of it are listed there. An
// inheriting sub-issue shares its parent's worktree; a commit already listed on another issue of that
// worktree stays that issue's, so each commit is listed where the run that made it was working.
import { db } from "@/lib/db/client";
import type { Tx } from "@/lib/services/context";
import { uuidv7 } from "@/lib/ids";
import { recordActivity } from "@/lib/services/activity";
import { readCommits, type GitCommit } from "@/lib/services/work-products/git-commits";

interface Target {
  companyId: string;
  issueId: string;
  runId: string;
  workspaceId: string;
  path: string;
  baseSha: string;
  branch: string | null;
}

/** The run's issue and workspace, when it worked in a made workspace whose base is known. */
async function targetOf(runId: string): Promise<Target | null> {
  const run = await db().heartbeatRun.findUnique({ where: { id: runId }, select: { companyId: true, issueId: true, executionWorkspaceId: true } });
  if (!run?.executionWorkspaceId) return null;
  const ws = await db().executionWorkspace.findFirst({ where: { id: run.executionWorkspaceId, companyId: run.companyId } });
  if (!ws?.path || !ws.baseSha || ws.state === "removed") return null;
  return { companyId: run.companyId, issueId: run.issueId ?? ws.issueId, runId, workspaceId: ws.id, path: ws.path, baseSha: ws.baseSha, branch: ws.branch };
}

/** Shas of `commits` already listed on another issue that works in the same workspace. */
async function listedElsewhere(t: Target, commits: GitCommit[]): Promise<Set<string>> {
  const owner = await db().executionWorkspace.findFirst({ where: { id: t.workspaceId, companyId: t.companyId }, select: { issueId: true } });
  const sharing = await db().issue.findMany({ where: { companyId: t.companyId, executionWorkspaceId: t.workspaceId }, select: { id: true } });
  const others = [...new Set([owner?.issueId, ...sharing.map((i) => i.id)])].filter((id): id is string => !!id && id !== t.issueId);
  if (others.length === 0) return new Set();
  const rows = await db().workProduct.findMany({
    where: { companyId: t.companyId, issueId: { in: others }, sha: { in: commits.map((c) => c.sha) } }, select: { sha: true },
  });
  return new Set(rows.map((r) => r.sha!));
}

/**
 * The branch, listed once per issue. Runs of one workspace never overlap (its lock), so looking before
 * inserting cannot list it twice.
 */
async function listBranch(tx: Tx, t: Target, commitsAt: number): Promise<boolean> {
  if (!t.branch) return false;
  const listed = await tx.workProduct.count({ where: { companyId: t.companyId, issueId: t.issueId, kind: "branch", title: t.branch, createdByAgentId: null, createdByUserId: null } });
  if (listed > 0) return false;
  // just before its first commits, so the list reads branch, then commits
  const at = commitsAt - 1;
  await tx.workProduct.create({ data: { id: uuidv7(at), createdAt: new Date(at), companyId: t.companyId, issueId: t.issueId, runId: t.runId, kind: "branch", title: t.branch } });
  return true;
}

/**
 * Lists the run's new commits on its issue and says so in the activity log; returns how many were new.
 * Reading git can fail (the worktree was removed, git is missing): the caller logs that and moves on.
 */
export async function recordRunCommits(runId: string): Promise<number> {
  const t = await targetOf(runId);
  if (!t) return 0;
  const read = await readCommits(t.path, t.baseSha);
  if (read.length === 0) return 0;
  const taken = await listedElsewhere(t, read);
  const commits = read.filter((c) => !taken.has(c.sha));
  const now = Date.now();
  return db().$transaction(async (tx) => {
    // ids in commit order: the list reads oldest first, and these rows share one createdAt
    const inserted = await tx.workProduct.createManyAndReturn({
      data: commits.map((c, i) => ({
        id: uuidv7(now + i), companyId: t.companyId, issueId: t.issueId, runId: t.runId, kind: "commit" as const, title: c.subject || c.sha.slice(0, 12),
        sha: c.sha, subject: c.subject, author: c.author, filesChanged: c.filesChanged, insertions: c.insertions, deletions: c.deletions,
        createdAt: new Date(now),
      })),
      skipDuplicates: true,
      select: { sha: true },
    });
    if (inserted.length > 0) {
      const branch = (await listBranch(tx, t, now)) ? t.branch : null;
      await recordActivity(tx, null, {
        companyId: t.companyId, action: "work_product.created", entityType: "issue", entityId: t.issueId,
        details: { kind: "commit", count: inserted.length, runId: t.runId, shas: inserted.slice(0, 20).map((r) => r.sha), branch },
      });
    }
    return inserted.length;
  });
}
