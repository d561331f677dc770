// The board's execution workspaces API on real git worktrees: the company's list with status and
// cursor pages, one workspace read afresh from git, and removal by hand (409 while a run holds it,
// uncommitted or unlanded work only with force, the row kept as state removed). Agents get 403.
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { addWorktree, branchExists, commitFile, git, makeRepo, projectIssue, removeRepos, workspaceRow } from "../support/lifecycle-git";
import { createBoardUser, createWorld, mintRunKey } from "../factories";

type World = Awaited<ReturnType<typeof createWorld>>;

afterAll(removeRepos);

async function worktree(w: World, r: { root: string; repo: string }, branch: string) {
  const ids = await projectIssue(w, r.repo, branch);
  const wt = addWorktree(r.repo, r.root, branch);
  return { ...ids, ...wt, row: await workspaceRow(w, ids, wt, branch) };
}

const url = (id: string) => `/api/execution-workspaces/${id}`;

describe("the board's execution workspaces", () => {
  it("lists a company's workspaces with their status, newest first, in cursor pages; agents get 403", async () => {
    const w = await createWorld();
    const r = makeRepo();
    const first = await worktree(w, r, "charter/A-1-first");
    const second = await worktree(w, r, "charter/A-2-second");
    await db().executionWorkspace.update({ where: { id: second.row.id }, data: { diskBytes: 12_345n, ahead: 2, dirty: true, state: "kept", keptReason: "it has uncommitted changes" } });
    const api = client(w.tokens.owner);

    const page1 = await api.get(`/api/companies/${w.company.id}/execution-workspaces?limit=1`);
    expect(page1.status).toBe(200);
    expect(page1.body).toEqual([expect.objectContaining({
      id: second.row.id, path: second.dir, branch: "charter/A-2-second", baseRef: "main", baseSha: second.baseSha, ahead: 2, behind: 0,
      dirty: true, diskBytes: 12_345, state: "kept", keptReason: "it has uncommitted changes", policy: "git_worktree",
      issue: { id: second.issueId, identifier: second.identifier, title: "charter/A-2-second", status: "backlog" },
    })]);
    const cursor = page1.headers.get("x-next-cursor");
    expect(cursor).toBeTruthy();
    const page2 = await api.get(`/api/companies/${w.company.id}/execution-workspaces?limit=1&cursor=${cursor}`);
    expect(page2.body.map((x: { id: string }) => x.id)).toEqual([first.row.id]);
    expect(page2.headers.get("x-next-cursor")).toBeNull();

    const kept = await api.get(`/api/companies/${w.company.issuePrefix}/execution-workspaces?state=kept`);
    expect(kept.body.map((x: { id: string }) => x.id)).toEqual([second.row.id]);
    const byProject = await api.get(`/api/companies/${w.company.id}/execution-workspaces?projectId=${first.projectId}`);
    expect(byProject.body.map((x: { id: string }) => x.id)).toEqual([first.row.id]);

    for (const bad of ["state=gone", "cursor=forged", "projectId=nope", "limit=0"]) {
      const res = await api.get(`/api/companies/${w.company.id}/execution-workspaces?${bad}`);
      expect([res.status, res.body.code], bad).toEqual([400, "validation_error"]);
    }
    for (const token of [w.tokens.ceo, w.tokens.engineer]) {
      expect((await client(token).get(`/api/companies/${w.company.id}/execution-workspaces`)).status).toBe(403);
      expect((await client(token).get(url(first.row.id))).status).toBe(403);
      expect((await client(token).delete(url(first.row.id))).status).toBe(403);
    }
    expect(fs.existsSync(first.dir)).toBe(true);
  });

  it("reads one workspace's status from git when asked for it", async () => {
    const w = await createWorld();
    const r = makeRepo();
    const ws = await worktree(w, r, "charter/A-3-fresh");
    const head = commitFile(ws.dir, "src/app.ts");
    fs.writeFileSync(path.join(ws.dir, "todo.md"), "more\n");
    const res = await client(w.tokens.owner).get(url(ws.row.id));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ headSha: head, ahead: 1, behind: 0, dirty: true, state: "active", statusAt: expect.any(String) });
    expect(res.body.diskBytes).toBeGreaterThan(0);
    expect((await client(w.tokens.owner).get(url("01a21f75-5244-7114-abe1-137aa047ec82"))).status).toBe(404);
  });

  it("removes landed work with its branch; refuses unlanded work without force, and a workspace a run holds", async () => {
    const w = await createWorld();
    const r = makeRepo();
    const api = client(w.tokens.owner);

    const landed = await worktree(w, r, "charter/A-4-landed");
    commitFile(landed.dir, "done.txt");
    git(r.repo, "merge", "-q", "charter/A-4-landed");
    const res = await api.delete(url(landed.row.id));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: landed.row.id, state: "removed", removedAt: expect.any(String) });
    expect(fs.existsSync(landed.dir)).toBe(false);
    expect(branchExists(r.repo, "charter/A-4-landed")).toBe(false);
    expect((await api.delete(url(landed.row.id))).body.state).toBe("removed"); // again: answered as it is

    const dirty = await worktree(w, r, "charter/A-5-dirty");
    const head = commitFile(dirty.dir, "unmerged.txt");
    fs.writeFileSync(path.join(dirty.dir, "draft.md"), "wip\n");
    const refused = await api.delete(url(dirty.row.id));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "conflict", details: { dirty: true, merged: false, pushed: false, ahead: 1 } });
    expect(refused.body.error).toMatch(/uncommitted changes.*neither merged into main nor pushed/);
    expect(fs.existsSync(path.join(dirty.dir, "draft.md"))).toBe(true);
    expect((await db().executionWorkspace.findUniqueOrThrow({ where: { id: dirty.row.id } })).state).toBe("active");
    expect((await api.delete(`${url(dirty.row.id)}?force=yes`)).status).toBe(400);

    const { run } = await mintRunKey(w.engineer);
    await db().executionWorkspace.update({ where: { id: dirty.row.id }, data: { lockedByRunId: run.id } });
    const held = await api.delete(`${url(dirty.row.id)}?force=true`);
    expect([held.status, held.body.code, held.body.details]).toEqual([409, "conflict", { runId: run.id }]);
    expect(fs.existsSync(dirty.dir)).toBe(true);
    await db().executionWorkspace.update({ where: { id: dirty.row.id }, data: { lockedByRunId: null } });

    // a viewer may look but not remove
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    expect((await client(viewer.token).get(url(dirty.row.id))).status).toBe(200);
    expect((await client(viewer.token).delete(`${url(dirty.row.id)}?force=true`)).status).toBe(403);

    const forced = await api.delete(`${url(dirty.row.id)}?force=true`);
    expect([forced.status, forced.body.state]).toEqual([200, "removed"]);
    expect(fs.existsSync(dirty.dir)).toBe(false);
    // the branch holds commits that never landed: it stays, so they can still be found
    expect(git(r.repo, "rev-parse", "charter/A-5-dirty")).toBe(head);
    const logged = await db().activityLog.findMany({ where: { companyId: w.company.id, action: "workspace.removed" }, orderBy: { id: "asc" } });
    expect(logged.map((a) => [a.entityId, a.actorType, (a.details as { force: boolean }).force])).toEqual([
      [landed.issueId, "user", false], [dirty.issueId, "user", true],
    ]);
  });

  it("removes a workspace never made or already gone from disk without git, and refuses a shared one", async () => {
    const w = await createWorld();
    const r = makeRepo();
    const ids = await projectIssue(w, r.repo);
    const never = await workspaceRow(w, ids, null, null);
    expect((await client(w.tokens.owner).delete(url(never.id))).body.state).toBe("removed");

    const lost = await worktree(w, r, "charter/A-6-lost");
    commitFile(lost.dir, "gone-with-the-folder.txt");
    fs.rmSync(lost.dir, { recursive: true, force: true });
    const gone = await client(w.tokens.owner).delete(url(lost.row.id));
    expect([gone.status, gone.body.state]).toEqual([200, "removed"]);
    expect(branchExists(r.repo, "charter/A-6-lost")).toBe(true); // nothing of git's is touched

    // a folder that is no worktree (inside another repository's tree, as a data folder in a checkout
    // can be): git refuses, so nothing is touched and the answer says why
    const plain = await worktree(w, r, "charter/A-7-plain");
    fs.rmSync(path.join(plain.dir, ".git"));
    git(r.root, "init", "-q");
    const notGit = await client(w.tokens.owner).delete(`${url(plain.row.id)}?force=true`);
    expect([notGit.status, notGit.body.code]).toEqual([409, "conflict"]);
    expect(notGit.body.error).toMatch(/^git could not read the worktree/);
    expect(fs.existsSync(path.join(plain.dir, "README.md"))).toBe(true);

    const other = await projectIssue(w, r.repo, "shared one");
    const shared = await db().executionWorkspace.create({ data: { companyId: w.company.id, projectId: other.projectId, issueId: other.issueId, policy: "shared", path: r.repo } });
    const res = await client(w.tokens.owner).delete(`${url(shared.id)}?force=true`);
    expect([res.status, res.body.code]).toEqual([409, "conflict"]);
    expect(fs.existsSync(path.join(r.repo, "README.md"))).toBe(true);
  });
});
