// Concurrency policies look only at the routine's own open execution issue, never the assignee's
// backlog; pause and the assignee's state skip fires; a run ends with its issue; permissions of /run;
// terminating an assignee pauses its routines.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { createAgentWithKey, createBoardUser, createWorld } from "../factories";
import { makeRoutine, runsOf } from "../support/routines";

const run = (token: string, routineId: string) => client(token).post(`/api/routines/${routineId}/run`);

describe("concurrency policies", () => {
  it("skip_if_active: a big backlog of the assignee does not block; only the routine's own open issue does", async () => {
    const w = await createWorld();
    // 300 open issues of the assignee that are not this routine's
    await db().company.update({ where: { id: w.company.id }, data: { issueCounter: 300 } });
    await db().issue.createMany({
      data: Array.from({ length: 300 }, (_, i) => ({
        companyId: w.company.id, number: i + 1, identifier: `${w.company.issuePrefix}-${i + 1}`, title: `Backlog ${i}`, status: "todo" as const, assigneeAgentId: w.engineer.id,
      })),
    });
    const r = await makeRoutine(w);
    const other = await makeRoutine(w, { name: "Weekly report" });
    const first = await run(w.tokens.owner, r.id);
    expect(first.body).toMatchObject({ status: "issue_created", reason: null });
    const second = await run(w.tokens.owner, r.id);
    expect(second.status).toBe(202);
    expect(second.body).toMatchObject({ status: "skipped", reason: "active_issue", issueId: null });
    // another routine of the same assignee is not blocked by the first routine's issue
    expect((await run(w.tokens.owner, other.id)).body.status).toBe("issue_created");
    // once its issue is done, the run is completed and the next fire creates a new issue
    // the assignee works it through: checkout, then done (the issue's status path is where runs end)
    const checkout = await client(w.tokens.engineer).post(`/api/issues/${first.body.issueId}/checkout`, { agentId: w.engineer.id, expectedStatuses: ["todo"] });
    expect(checkout.status).toBe(200);
    expect((await run(w.tokens.owner, r.id)).body).toMatchObject({ status: "skipped", reason: "active_issue" });
    const done = await client(w.tokens.engineer).patch(`/api/issues/${first.body.issueId}`, { status: "done" });
    expect(done.status).toBe(200);
    const third = await run(w.tokens.owner, r.id);
    expect(third.body.status).toBe("issue_created");
    expect(third.body.issueId).not.toBe(first.body.issueId);
    const runs = await client(w.tokens.owner).get(`/api/routines/${r.id}/runs`);
    expect(runs.body.map((x: { status: string }) => x.status)).toEqual(["issue_created", "skipped", "skipped", "completed"]);
  });

  it("coalesce_if_active: a fire while the issue is open is recorded against it, with a comment", async () => {
    const w = await createWorld();
    const r = await makeRoutine(w, { concurrencyPolicy: "coalesce_if_active" });
    const first = await run(w.tokens.owner, r.id);
    const second = await run(w.tokens.owner, r.id);
    expect(second.body).toMatchObject({ status: "coalesced", issueId: first.body.issueId, reason: null });
    const comments = await db().issueComment.findMany({ where: { issueId: first.body.issueId } });
    expect(comments).toHaveLength(1);
    expect(comments[0].body).toContain("Daily triage");
    expect(await db().issue.count({ where: { companyId: w.company.id } })).toBe(1);
  });

  it("always_create: every fire makes its own issue; a cancelled issue fails its run", async () => {
    const w = await createWorld();
    const r = await makeRoutine(w, { concurrencyPolicy: "always_create" });
    const a = await run(w.tokens.owner, r.id);
    const b = await run(w.tokens.owner, r.id);
    expect([a.body.status, b.body.status]).toEqual(["issue_created", "issue_created"]);
    expect(a.body.issueId).not.toBe(b.body.issueId);
    expect((await client(w.tokens.owner).patch(`/api/issues/${a.body.issueId}`, { status: "cancelled" })).status).toBe(200);
    expect((await db().routineRun.findUniqueOrThrow({ where: { id: a.body.id } })).status).toBe("failed");
    expect((await db().routineRun.findUniqueOrThrow({ where: { id: b.body.id } })).status).toBe("issue_created");
  });

  it("a paused routine and a paused assignee skip the fire, creating nothing", async () => {
    const w = await createWorld();
    const r = await makeRoutine(w, { status: "paused" });
    expect((await run(w.tokens.owner, r.id)).body).toMatchObject({ status: "skipped", reason: "paused" });
    expect((await client(w.tokens.owner).patch(`/api/routines/${r.id}`, { status: "active" })).body.status).toBe("active");
    expect((await client(w.tokens.owner).post(`/api/agents/${w.engineer.id}/pause`)).status).toBe(200);
    expect((await run(w.tokens.owner, r.id)).body).toMatchObject({ status: "skipped", reason: "assignee_paused" });
    expect(await db().issue.count({ where: { companyId: w.company.id } })).toBe(0);
    const actions = (await db().activityLog.findMany({ where: { entityId: r.id }, orderBy: { id: "asc" } })).map((a) => a.action);
    // a fire of a paused routine is a run, not a "routine fired" line in the activity
    expect(actions).toEqual(["routine.created", "routine.resumed", "routine.fired"]);
  });
});

describe("POST /api/routines/:routineId/run: who may fire", () => {
  it("the board (member), the assignee and its managers may; a peer agent and a viewer get 403 and nothing is written", async () => {
    const w = await createWorld();
    const r = await makeRoutine(w, { concurrencyPolicy: "always_create" });
    const peer = await createAgentWithKey(w.company.id, { name: "Peer", role: "engineer" });
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    for (const token of [peer.token, viewer.token]) {
      const res = await run(token, r.id);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("forbidden");
    }
    expect(await runsOf(r.id)).toEqual([]);
    for (const token of [w.tokens.owner, w.tokens.engineer, w.tokens.manager, w.tokens.ceo]) expect((await run(token, r.id)).status).toBe(202);
    expect((await runsOf(r.id)).map((x) => x.status)).toEqual(Array(4).fill("issue_created"));
  });

  it("agents may read routines but not create, change or delete them (403)", async () => {
    const w = await createWorld();
    const r = await makeRoutine(w);
    const api = client(w.tokens.ceo);
    expect((await api.get(`/api/routines/${r.id}`)).status).toBe(200);
    expect((await api.post(`/api/companies/${w.company.id}/routines`, { name: "x", assigneeAgentId: w.engineer.id })).status).toBe(403);
    expect((await api.patch(`/api/routines/${r.id}`, { name: "y" })).status).toBe(403);
    expect((await api.delete(`/api/routines/${r.id}`)).status).toBe(403);
    expect((await api.post(`/api/routines/${r.id}/triggers`, { kind: "api" })).status).toBe(403);
    expect((await db().routine.findUniqueOrThrow({ where: { id: r.id } })).name).toBe("Daily triage");
  });
});

describe("the assignee leaves", () => {
  it("terminating an agent pauses the routines assigned to it; resuming one needs a live assignee", async () => {
    const w = await createWorld();
    const r = await makeRoutine(w);
    expect((await client(w.tokens.owner).post(`/api/agents/${w.engineer.id}/terminate`)).status).toBe(200);
    const after = await client(w.tokens.owner).get(`/api/routines/${r.id}`);
    expect(after.body.status).toBe("paused");
    const log = await db().activityLog.findFirstOrThrow({ where: { entityId: r.id, action: "routine.paused" } });
    expect(log.details).toMatchObject({ reason: "assignee_terminated", agentId: w.engineer.id });
    const resume = await client(w.tokens.owner).patch(`/api/routines/${r.id}`, { status: "active" });
    expect(resume.status).toBe(422);
    const moved = await client(w.tokens.owner).patch(`/api/routines/${r.id}`, { status: "active", assigneeAgentId: w.manager.id });
    expect(moved.body).toMatchObject({ status: "active", assigneeAgentId: w.manager.id });
  });

  it("lists runs newest first with cursor pagination", async () => {
    const w = await createWorld();
    const r = await makeRoutine(w, { concurrencyPolicy: "always_create" });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await run(w.tokens.owner, r.id)).body.id);
    const api = client(w.tokens.owner);
    const page1 = await api.get(`/api/routines/${r.id}/runs?limit=2`);
    expect(page1.body.map((x: { id: string }) => x.id)).toEqual([ids[4], ids[3]]);
    const cursor = page1.headers.get("x-next-cursor");
    expect(page1.headers.get("link")).toContain("rel=\"next\"");
    const page2 = await api.get(`/api/routines/${r.id}/runs?limit=2&cursor=${encodeURIComponent(cursor!)}`);
    expect(page2.body.map((x: { id: string }) => x.id)).toEqual([ids[2], ids[1]]);
    const filtered = await api.get(`/api/routines/${r.id}/runs?status=skipped`);
    expect(filtered.body).toEqual([]);
  });
});
