// An execution workspace's life after its runs, on real git repositories the tests make: the status
// reader's figures, the refresh after a run, and the retention sweep, which removes landed work
// (clean, and merged or pushed) and keeps the rest with its reason, an activity line and an inbox item.
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { sweepWorkspaces } from "@/lib/runtime/workspace-sweep";
import { diskUse, readWorkspaceStatus, refreshRunWorkspace } from "@/lib/services/workspaces/status";
import { client } from "../support/api";
import { addWorktree, branchExists, closeIssue, commitFile, git, makeRepo, projectIssue, removeRepos, workspaceRow } from "../support/lifecycle-git";
import { createWorld, mintRunKey } from "../factories";

type World = Awaited<ReturnType<typeof createWorld>>;

afterAll(removeRepos);

/** A closed issue (8 days ago: past the 7-day retention) with a worktree on `branch`. */
async function closedWorktree(w: World, repo: { root: string; repo: string }, branch: string, daysAgo = 8) {
  const ids = await projectIssue(w, repo.repo, branch);
  const wt = addWorktree(repo.repo, repo.root, branch);
  const row = await workspaceRow(w, ids, wt, branch);
  await closeIssue(ids.issueId, daysAgo);
  return { ...ids, ...wt, row };
}

const activity = (companyId: string, action: string) => db().activityLog.findMany({ where: { companyId, action }, orderBy: { id: "asc" } });

describe("the status reader", () => {
  it("reads head, ahead/behind against the base, dirty (untracked files too) and disk use", async () => {
    const r = makeRepo();
    const wt = addWorktree(r.repo, r.root, "charter/T-1-status");
    let status = await readWorkspaceStatus(wt.dir, { baseRef: "main", baseSha: wt.baseSha });
    expect(status).toMatchObject({ headSha: wt.baseSha, dirty: false, ahead: 0, behind: 0 });

    commitFile(wt.dir, "a.txt");
    const head = commitFile(wt.dir, "big.bin", "x".repeat(200_000));
    commitFile(r.repo, "upstream.txt"); // the base moves on
    status = await readWorkspaceStatus(wt.dir, { baseRef: "main", baseSha: wt.baseSha });
    expect(status).toMatchObject({ headSha: head, dirty: false, ahead: 2, behind: 1 });
    expect(status.diskBytes).toBeGreaterThanOrEqual(200_000);

    fs.writeFileSync(path.join(wt.dir, "notes.md"), "untracked\n");
    expect((await readWorkspaceStatus(wt.dir, { baseRef: "main", baseSha: wt.baseSha })).dirty).toBe(true);
    // a base ref that no longer resolves falls back to the commit the branch started from
    expect(await readWorkspaceStatus(wt.dir, { baseRef: "gone", baseSha: wt.baseSha })).toMatchObject({ ahead: 2, behind: 0 });
  });

  it("gives up on disk use past its bounds instead of walking on (null, not a partial figure)", async () => {
    const r = makeRepo();
    for (let i = 0; i < 5; i++) fs.writeFileSync(path.join(r.repo, `f${i}`), "x");
    expect(await diskUse(r.repo, { entries: 3, ms: 5_000 })).toBeNull();
    expect(await diskUse(r.repo, { entries: 1_000, ms: 5_000 })).toBeGreaterThan(0);
  });

  it("refreshes the run's workspace row after the run, and a run in a kept workspace makes it active again", async () => {
    const w = await createWorld();
    const r = makeRepo();
    const ids = await projectIssue(w, r.repo);
    const wt = addWorktree(r.repo, r.root, "charter/T-2-run");
    const row = await workspaceRow(w, ids, wt, "charter/T-2-run");
    await db().executionWorkspace.update({ where: { id: row.id }, data: { state: "kept", keptReason: "it has uncommitted changes" } });
    const { run } = await mintRunKey(w.engineer);
    await db().heartbeatRun.update({ where: { id: run.id }, data: { executionWorkspaceId: row.id } });
    const head = commitFile(wt.dir, "work.ts");
    await refreshRunWorkspace(run.id);
    const after = await db().executionWorkspace.findUniqueOrThrow({ where: { id: row.id } });
    expect(after).toMatchObject({ headSha: head, ahead: 1, behind: 0, dirty: false, state: "active", keptReason: null });
    expect(after.statusAt).not.toBeNull();
    expect(Number(after.diskBytes)).toBeGreaterThan(0);

    // a workspace that cannot be read never fails the caller
    fs.rmSync(wt.dir, { recursive: true, force: true });
    await expect(refreshRunWorkspace(run.id)).resolves.toBeUndefined();
  });
});

describe("the retention sweep", () => {
  it("removes clean merged or pushed work with its branch, keeps dirty or unlanded work with a reason and an inbox item", async () => {
    const w = await createWorld();
    const r = makeRepo();
    const remote = path.join(r.root, "remote.git");
    git(r.root, "init", "-q", "--bare", remote);
    git(r.repo, "remote", "add", "origin", remote);

    const merged = await closedWorktree(w, r, "charter/T-10-merged");
    commitFile(merged.dir, "merged.txt");
    git(r.repo, "merge", "-q", "--no-ff", "-m", "merge", "charter/T-10-merged");

    const pushed = await closedWorktree(w, r, "charter/T-11-pushed");
    commitFile(pushed.dir, "pushed.txt");
    git(pushed.dir, "push", "-q", "-u", "origin", "charter/T-11-pushed");

    const dirty = await closedWorktree(w, r, "charter/T-12-dirty");
    git(r.repo, "merge", "-q", "charter/T-12-dirty"); // nothing committed, but a file not yet added
    fs.writeFileSync(path.join(dirty.dir, "draft.md"), "half done\n");

    const unpushed = await closedWorktree(w, r, "charter/T-13-unpushed");
    commitFile(unpushed.dir, "local-only.txt");

    const recent = await closedWorktree(w, r, "charter/T-14-recent", 2); // within the retention
    const open = await projectIssue(w, r.repo, "still open");
    const openWt = addWorktree(r.repo, r.root, "charter/T-15-open");
    await workspaceRow(w, open, openWt, "charter/T-15-open");

    const outcomes = await sweepWorkspaces(7);
    expect(outcomes).toEqual({ [merged.row.id]: "removed", [pushed.row.id]: "removed", [dirty.row.id]: "kept", [unpushed.row.id]: "kept" });

    for (const gone of [merged, pushed]) {
      expect(fs.existsSync(gone.dir)).toBe(false);
      expect(branchExists(r.repo, gone.row.branch!)).toBe(false);
      expect(await db().executionWorkspace.findUniqueOrThrow({ where: { id: gone.row.id } })).toMatchObject({ state: "removed", removedAt: expect.any(Date) });
    }
    expect(git(remote, "branch", "--list", "charter/T-11-pushed")).not.toBe(""); // pushed work is still on the remote

    // nothing an agent wrote is deleted: the kept worktrees and their files are all there
    expect(fs.readFileSync(path.join(dirty.dir, "draft.md"), "utf8")).toBe("half done\n");
    expect(fs.existsSync(path.join(unpushed.dir, "local-only.txt"))).toBe(true);
    expect(branchExists(r.repo, "charter/T-13-unpushed")).toBe(true);
    const keptDirty = await db().executionWorkspace.findUniqueOrThrow({ where: { id: dirty.row.id } });
    expect(keptDirty).toMatchObject({ state: "kept", dirty: true, keptReason: "it has uncommitted changes" });
    const keptUnpushed = await db().executionWorkspace.findUniqueOrThrow({ where: { id: unpushed.row.id } });
    expect(keptUnpushed).toMatchObject({ state: "kept", ahead: 1, keptReason: "its branch charter/T-13-unpushed has 1 commit neither merged into main nor pushed" });
    for (const untouched of [recent.row.id]) expect((await db().executionWorkspace.findUniqueOrThrow({ where: { id: untouched } })).state).toBe("active");
    expect(fs.existsSync(recent.dir) && fs.existsSync(openWt.dir)).toBe(true);

    expect((await activity(w.company.id, "workspace.removed")).map((a) => a.entityId).sort()).toEqual([merged.issueId, pushed.issueId].sort());
    const kept = await activity(w.company.id, "workspace.kept");
    expect(kept.map((a) => a.entityId).sort()).toEqual([dirty.issueId, unpushed.issueId].sort());
    expect(kept[0]).toMatchObject({ actorType: "system", entityType: "issue" });

    const inbox = await client(w.tokens.owner).get(`/api/companies/${w.company.id}/inbox?kind=workspace_kept`);
    expect(inbox.status).toBe(200);
    const item = inbox.body.find((i: { key: string }) => i.key === `kept:${unpushed.row.id}`);
    expect(item).toMatchObject({
      kind: "workspace_kept", title: `Work kept after ${unpushed.identifier} closed · charter/T-13-unpushed`,
      summary: "Not removed: its branch charter/T-13-unpushed has 1 commit neither merged into main nor pushed",
      href: `/${w.company.issuePrefix}/issues/${unpushed.identifier}`, read: false,
    });
    expect(inbox.body).toHaveLength(2);
    expect((await client(w.tokens.owner).get(`/api/companies/${w.company.id}/inbox/count`)).body.unread).toBe(2);

    // a second sweep soon after looks at nothing again: no new activity, nothing removed
    expect(await sweepWorkspaces(7)).toEqual({});
    expect(await activity(w.company.id, "workspace.kept")).toHaveLength(2);

    // reopened, the issue is being worked again: no longer an item
    await db().issue.update({ where: { id: dirty.issueId }, data: { status: "in_progress", completedAt: null } });
    const after = await client(w.tokens.owner).get(`/api/companies/${w.company.id}/inbox?kind=workspace_kept`);
    expect(after.body.map((i: { key: string }) => i.key)).toEqual([`kept:${unpushed.row.id}`]);
  });

  it("keeps a workspace an open sub-issue still works in, and one whose folder is missing", async () => {
    const w = await createWorld();
    const r = makeRepo();
    const parent = await closedWorktree(w, r, "charter/T-20-parent");
    git(r.repo, "merge", "-q", "charter/T-20-parent");
    const child = await projectIssue(w, r.repo, "child");
    await db().issue.update({ where: { id: child.issueId }, data: { executionWorkspaceId: parent.row.id, workspaceInherited: true } });
    expect(await sweepWorkspaces(7)).toEqual({});
    expect(fs.existsSync(parent.dir)).toBe(true);

    await closeIssue(child.issueId, 1, "cancelled");
    const lost = await closedWorktree(w, r, "charter/T-21-lost");
    fs.rmSync(lost.dir, { recursive: true, force: true });
    expect(await sweepWorkspaces(7)).toEqual({ [parent.row.id]: "removed", [lost.row.id]: "kept" });
    expect((await db().executionWorkspace.findUniqueOrThrow({ where: { id: lost.row.id } })).keptReason).toMatch(/cannot be found/);
  });

  it("two sweeps at once handle each workspace once (SKIP LOCKED)", async () => {
    const w = await createWorld();
    const r = makeRepo();
    const made = [];
    for (let i = 0; i < 8; i++) {
      const ws = await closedWorktree(w, r, `charter/T-3${i}-twice`);
      if (i % 2 === 0) git(r.repo, "merge", "-q", ws.row.branch!); // half landed (nothing committed: merged trivially)
      else commitFile(ws.dir, `only-here-${i}.txt`);
      made.push(ws);
    }
    const [a, b] = await Promise.all([sweepWorkspaces(7), sweepWorkspaces(7)]);
    const handled = [...Object.keys(a), ...Object.keys(b)].sort();
    expect(handled).toEqual(made.map((m) => m.row.id).sort());
    expect(await activity(w.company.id, "workspace.removed")).toHaveLength(4);
    expect(await activity(w.company.id, "workspace.kept")).toHaveLength(4);
  });

  it("leaves a workspace alone while a run holds it", async () => {
    const w = await createWorld();
    const r = makeRepo();
    const ws = await closedWorktree(w, r, "charter/T-40-held");
    const { run } = await mintRunKey(w.engineer);
    await db().executionWorkspace.update({ where: { id: ws.row.id }, data: { lockedByRunId: run.id } });
    expect(await sweepWorkspaces(7)).toEqual({});
    expect(fs.existsSync(ws.dir)).toBe(true);
  });
});
