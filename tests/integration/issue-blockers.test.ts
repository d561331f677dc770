// Blockers (blockedByIssueIds): set on create and PATCH, read on the issue (blockedBy, blocks), refused
// for another company's issue, more than 50, the issue itself and any cycle (422 blocker_cycle with the
// cycle); and the remedy blockers_finished: a blocked issue whose last open blocker finishes goes back to
// todo and its agent is woken, once per cause, also when two blockers finish at the same moment.
import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { createWorld } from "../factories";

type World = Awaited<ReturnType<typeof createWorld>>;

const issuesUrl = (w: World) => `/api/companies/${w.company.id}/issues`;
const edgesOf = (issueId: string) => db().issueBlocker.findMany({ where: { issueId }, orderBy: { blockerIssueId: "asc" } });
const retryWakes = (issueId: string) => db().wakeRequest.findMany({ where: { issueId, reason: "retry" } });

async function issues(w: World, n: number, extra: Record<string, unknown> = {}) {
  const api = client(w.tokens.owner);
  const made = [];
  for (let i = 0; i < n; i++) {
    const res = await api.post(issuesUrl(w), { title: `Issue ${i}`, ...extra });
    expect(res.status).toBe(201);
    made.push(res.body as { id: string; identifier: string });
  }
  return made;
}

describe("blockedByIssueIds", () => {
  it("is set on create and PATCH and read back with blockedBy and blocks", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const [a, b, c] = await issues(w, 3);
    const created = await api.post(issuesUrl(w), { title: "Waits", status: "blocked", assigneeAgentId: w.engineer.id, blockedByIssueIds: [a.id, b.id, a.id] });
    expect(created.status).toBe(201);
    expect([...created.body.blockedByIssueIds].sort()).toEqual([a.id, b.id].sort());
    const detail = await api.get(`/api/issues/${created.body.id}`);
    expect(detail.body.blockedBy.map((x: { identifier: string }) => x.identifier)).toEqual([a.identifier, b.identifier]);
    expect(detail.body.blocks).toEqual([]);
    expect((await api.get(`/api/issues/${a.id}`)).body.blocks).toEqual([expect.objectContaining({ id: created.body.id, status: "blocked" })]);

    const patched = await client(w.tokens.engineer).patch(`/api/issues/${created.body.id}`, { blockedByIssueIds: [c.id] });
    expect(patched.status).toBe(200);
    expect(patched.body.blockedByIssueIds).toEqual([c.id]);
    expect((await edgesOf(created.body.id)).map((e) => e.blockerIssueId)).toEqual([c.id]);
    const row = await db().activityLog.findFirstOrThrow({ where: { entityId: created.body.id, action: "issue.updated" } });
    expect(row.details).toMatchObject({ changed: ["blockedByIssueIds"], blockersAdded: [c.id] });

    const cleared = await api.patch(`/api/issues/${created.body.id}`, { blockedByIssueIds: [] });
    expect(cleared.body.blockedByIssueIds).toEqual([]);
    expect(await edgesOf(created.body.id)).toEqual([]);
  });

  it("refuses another company's issue and an unknown id: 422 invalid_reference, nothing written", async () => {
    const w = await createWorld();
    const other = await createWorld();
    const [theirs] = await issues(other, 1);
    const [mine] = await issues(w, 1);
    const api = client(w.tokens.owner);
    for (const id of [theirs.id, randomUUID()]) {
      const res = await api.patch(`/api/issues/${mine.id}`, { blockedByIssueIds: [id], title: "Changed" });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("invalid_reference");
      expect(res.body.details[0].path).toBe("body.blockedByIssueIds");
      const made = await api.post(issuesUrl(w), { title: "New", blockedByIssueIds: [id] });
      expect(made.status).toBe(422);
    }
    expect(await db().issue.count({ where: { companyId: w.company.id } })).toBe(1);
    expect(await db().issueBlocker.count({ where: { companyId: w.company.id } })).toBe(0);
    expect((await db().issue.findUniqueOrThrow({ where: { id: mine.id } })).title).toBe("Issue 0");
  });

  it("refuses 51 ids with 400 naming the field; 50 is fine", async () => {
    const w = await createWorld();
    const made = await issues(w, 52);
    const [self, ...rest] = made;
    const api = client(w.tokens.owner);
    const res = await api.patch(`/api/issues/${self.id}`, { blockedByIssueIds: rest.slice(0, 51).map((i) => i.id) });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { path: string }) => d.path)).toContain("body.blockedByIssueIds");
    expect(await edgesOf(self.id)).toEqual([]);
    const ok = await api.patch(`/api/issues/${self.id}`, { blockedByIssueIds: rest.slice(0, 50).map((i) => i.id) });
    expect(ok.status).toBe(200);
    expect(await edgesOf(self.id)).toHaveLength(50);
  });

  it("refuses itself and cycles of 2 and 3 with 422 blocker_cycle naming the cycle", async () => {
    const w = await createWorld();
    const [a, b, c] = await issues(w, 3);
    const api = client(w.tokens.owner);
    const self = await api.patch(`/api/issues/${a.id}`, { blockedByIssueIds: [a.id] });
    expect(self.status).toBe(422);
    expect(self.body).toMatchObject({ code: "blocker_cycle", details: { cycle: [{ id: a.id }, { id: a.id }] } });

    expect((await api.patch(`/api/issues/${a.id}`, { blockedByIssueIds: [b.id] })).status).toBe(200);
    const two = await api.patch(`/api/issues/${b.id}`, { blockedByIssueIds: [a.id], title: "B2" });
    expect(two.status).toBe(422);
    expect(two.body.code).toBe("blocker_cycle");
    expect(two.body.details.cycle.map((s: { identifier: string }) => s.identifier)).toEqual([b.identifier, a.identifier, b.identifier]);
    expect(two.body.error).toContain(`${b.identifier} is blocked by ${a.identifier}`);

    expect((await api.patch(`/api/issues/${b.id}`, { blockedByIssueIds: [c.id] })).status).toBe(200);
    const three = await api.patch(`/api/issues/${c.id}`, { blockedByIssueIds: [a.id] });
    expect(three.status).toBe(422);
    expect(three.body.details.cycle.map((s: { identifier: string }) => s.identifier)).toEqual([c.identifier, a.identifier, b.identifier, c.identifier]);
    expect(await edgesOf(c.id)).toEqual([]);
    expect((await db().issue.findUniqueOrThrow({ where: { id: b.id } })).title).toBe("Issue 1");
    // two paths to one issue (a diamond) is no cycle
    expect((await api.patch(`/api/issues/${a.id}`, { blockedByIssueIds: [b.id, c.id] })).status).toBe(200);
  });
});

describe("the remedy blockers_finished", () => {
  async function blockedOn(w: World, n: number) {
    const blockers = await issues(w, n, { status: "in_progress", assigneeAgentId: w.manager.id });
    const res = await client(w.tokens.owner).post(issuesUrl(w), {
      title: "Dependent", status: "blocked", assigneeAgentId: w.engineer.id, blockedByIssueIds: blockers.map((b) => b.id),
    });
    await db().wakeRequest.deleteMany({ where: { companyId: w.company.id } });
    return { blockers, dependent: res.body as { id: string; identifier: string } };
  }

  it("moves a blocked issue back to todo when its last blocker finishes, wakes its agent, records it", async () => {
    const w = await createWorld();
    const { blockers: [a, b], dependent } = await blockedOn(w, 2);
    const api = client(w.tokens.owner);
    expect((await api.patch(`/api/issues/${a.id}`, { status: "done" })).status).toBe(200);
    expect((await db().issue.findUniqueOrThrow({ where: { id: dependent.id } })).status).toBe("blocked");
    expect(await retryWakes(dependent.id)).toEqual([]);

    expect((await api.patch(`/api/issues/${b.id}`, { status: "cancelled" })).status).toBe(200);
    expect((await db().issue.findUniqueOrThrow({ where: { id: dependent.id } })).status).toBe("todo");
    const [wake] = await retryWakes(dependent.id);
    expect(wake).toMatchObject({ agentId: w.engineer.id, payload: expect.objectContaining({ remedy: "blockers_finished", why: expect.stringContaining(b.identifier) }) });
    const remedies = await db().livenessRemedy.findMany({ where: { issueId: dependent.id } });
    expect(remedies).toEqual([expect.objectContaining({ kind: "blockers_finished", causeKey: b.id })]);
    const activity = await db().activityLog.findFirstOrThrow({ where: { entityId: dependent.id, action: "issue.unblocked" } });
    expect(activity).toMatchObject({ actorType: "system", details: expect.objectContaining({ finishedIdentifier: b.identifier, to: "todo" }) });
    expect(await db().event.count({ where: { subjectId: dependent.id, type: "issue.status_changed" } })).toBe(1);
  });

  it("applies once per cause: a claim already made (another instance) is not applied again, until a person resets the issue", async () => {
    const w = await createWorld();
    const { blockers: [a], dependent } = await blockedOn(w, 1);
    await db().livenessRemedy.create({ data: { companyId: w.company.id, issueId: dependent.id, kind: "blockers_finished", causeKey: a.id } });
    expect((await client(w.tokens.owner).patch(`/api/issues/${a.id}`, { status: "done" })).status).toBe(200);
    expect((await db().issue.findUniqueOrThrow({ where: { id: dependent.id } })).status).toBe("blocked");
    expect(await retryWakes(dependent.id)).toEqual([]);

    // a board user's change after the claim makes it stale: the next finishing blocker applies it again
    const { blockers: [c], dependent: d2 } = await blockedOn(w, 1);
    await db().livenessRemedy.create({ data: { companyId: w.company.id, issueId: d2.id, kind: "blockers_finished", causeKey: c.id, createdAt: new Date(Date.now() - 60_000) } });
    await db().issue.update({ where: { id: d2.id }, data: { livenessResetAt: new Date() } });
    expect((await client(w.tokens.owner).patch(`/api/issues/${c.id}`, { status: "done" })).status).toBe(200);
    expect((await db().issue.findUniqueOrThrow({ where: { id: d2.id } })).status).toBe("todo");
    expect(await retryWakes(d2.id)).toHaveLength(1);
  });

  it("two blockers finished at the same moment release the dependent exactly once", async () => {
    const w = await createWorld();
    for (let round = 0; round < 3; round++) {
      const { blockers: [a, b], dependent } = await blockedOn(w, 2);
      const api = client(w.tokens.owner);
      const answers = await Promise.all([api.patch(`/api/issues/${a.id}`, { status: "done" }), api.patch(`/api/issues/${b.id}`, { status: "done" })]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      expect((await db().issue.findUniqueOrThrow({ where: { id: dependent.id } })).status).toBe("todo");
      expect(await retryWakes(dependent.id)).toHaveLength(1);
      expect(await db().activityLog.count({ where: { entityId: dependent.id, action: "issue.unblocked" } })).toBe(1);
      expect(await db().livenessRemedy.count({ where: { issueId: dependent.id } })).toBe(1);
    }
  });

  it("leaves an issue alone that is not blocked, or has an open blocker left", async () => {
    const w = await createWorld();
    const [a] = await issues(w, 1, { status: "in_progress", assigneeAgentId: w.manager.id });
    const api = client(w.tokens.owner);
    const todo = await api.post(issuesUrl(w), { title: "Todo", assigneeAgentId: w.engineer.id, blockedByIssueIds: [a.id] });
    expect((await api.patch(`/api/issues/${a.id}`, { status: "done" })).status).toBe(200);
    expect((await db().issue.findUniqueOrThrow({ where: { id: todo.body.id } })).status).toBe("todo");
    expect(await db().livenessRemedy.count({ where: { issueId: todo.body.id } })).toBe(0);
  });
});
