// Issues: create (validation, defaults, identifiers, references, assignment wakes, a counter that
// holds under concurrency), reads by id and identifier with the resolved detail, parent cycles,
// PATCH with a comment, assignment wakes and labels.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { createWorld } from "../factories";

type World = Awaited<ReturnType<typeof createWorld>>;

const issuesUrl = (w: World) => `/api/companies/${w.company.id}/issues`;
const wakesOf = (agentId: string) => db().wakeRequest.findMany({ where: { agentId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });

/** A project, a goal and a label of the world's company, made directly (their APIs live elsewhere). */
async function workItems(w: World, tag = "") {
  const goal = await db().goal.create({ data: { companyId: w.company.id, title: `Goal${tag}`, description: `Why${tag}`, level: "team" } });
  const project = await db().project.create({ data: { companyId: w.company.id, name: `Project${tag}`, description: `What${tag}`, status: "active" } });
  const label = await db().label.create({ data: { companyId: w.company.id, name: `bug${tag}` } });
  return { goal, project, label };
}

describe("create", () => {
  it("requires a title: 400 with the path", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    for (const body of [{}, { title: "" }, { title: "   " }, { title: 42 }, { description: "no title" }]) {
      const res = await api.post(issuesUrl(w), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("validation_error");
      expect(res.body.details.map((d: { path: string }) => d.path)).toContain("body.title");
    }
    expect(await db().issue.count({ where: { companyId: w.company.id } })).toBe(0);
  });

  it("defaults to todo with an assignee, else backlog; numbers <PREFIX>-<n> in order", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const plain = await api.post(issuesUrl(w), { title: "Unassigned" });
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ identifier: `${w.company.issuePrefix}-1`, number: 1, status: "backlog", priority: "medium", assigneeAgentId: null });
    const agent = await api.post(issuesUrl(w), { title: "For an agent", assigneeAgentId: w.engineer.id });
    expect(agent.body).toMatchObject({ identifier: `${w.company.issuePrefix}-2`, status: "todo", assigneeAgentId: w.engineer.id });
    const user = await api.post(issuesUrl(w), { title: "For a person", assigneeUserId: w.owner.id });
    expect(user.body).toMatchObject({ identifier: `${w.company.issuePrefix}-3`, status: "todo", assigneeUserId: w.owner.id });
    const explicit = await api.post(issuesUrl(w), { title: "Parked", assigneeAgentId: w.engineer.id, status: "backlog", priority: "critical" });
    expect(explicit.body).toMatchObject({ status: "backlog", priority: "critical" });
    expect(plain.body).toMatchObject({ createdByUserId: w.owner.id, createdByAgentId: null });
    const byAgent = await client(w.tokens.manager).post(issuesUrl(w), { title: "Delegated" });
    expect(byAgent.body).toMatchObject({ createdByAgentId: w.manager.id, createdByUserId: null });
  });

  it("rejects starting states outside the table, and in_progress without an assignee", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    for (const status of ["done", "cancelled", "in_review"]) {
      const res = await api.post(issuesUrl(w), { title: "x", status, assigneeAgentId: w.engineer.id });
      expect(res.status, status).toBe(422);
      expect(res.body.code).toBe("invalid_transition");
    }
    expect((await api.post(issuesUrl(w), { title: "x", status: "in_progress" })).status).toBe(422);
    const started = await api.post(issuesUrl(w), { title: "x", status: "in_progress", assigneeAgentId: w.engineer.id });
    expect(started.status).toBe(201);
    expect(started.body.started_at).toBeTruthy();
    expect(started.body.identifier).toBe(`${w.company.issuePrefix}-1`);
  });

  it("every reference must name an entity of the same company: 422 invalid_reference, nothing created", async () => {
    const w = await createWorld();
    const other = await createWorld();
    const theirs = await workItems(other);
    const theirIssue = await client(other.tokens.owner).post(issuesUrl(other), { title: "Theirs" });
    const cases: Array<[string, Record<string, unknown>]> = [
      ["parentId", { parentId: theirIssue.body.id }],
      ["projectId", { projectId: theirs.project.id }],
      ["goalId", { goalId: theirs.goal.id }],
      ["assigneeAgentId", { assigneeAgentId: other.engineer.id }],
      ["assigneeUserId", { assigneeUserId: other.owner.id }],
      ["labelIds", { labelIds: [theirs.label.id] }],
      ["parentId", { parentId: "0190a000-0000-7000-8000-000000000000" }],
    ];
    const api = client(w.tokens.owner);
    for (const [field, refs] of cases) {
      const res = await api.post(issuesUrl(w), { title: "Bad refs", ...refs });
      expect(res.status, field).toBe(422);
      expect(res.body.code).toBe("invalid_reference");
      expect(res.body.details).toEqual([expect.objectContaining({ path: `body.${field}` })]);
    }
    // a mix of own and foreign labels is still a foreign reference
    const mine = await workItems(w);
    const mixed = await api.post(issuesUrl(w), { title: "Mixed", labelIds: [mine.label.id, theirs.label.id] });
    expect(mixed.status).toBe(422);
    expect(await db().issue.count({ where: { companyId: w.company.id } })).toBe(0);
    // rejected creates consume no number
    expect((await api.post(issuesUrl(w), { title: "First" })).body.identifier).toBe(`${w.company.issuePrefix}-1`);
  });

  it("a terminated agent cannot be the assignee", async () => {
    const w = await createWorld();
    await db().agent.update({ where: { id: w.engineer.id }, data: { status: "terminated" } });
    const res = await client(w.tokens.owner).post(issuesUrl(w), { title: "x", assigneeAgentId: w.engineer.id });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("invalid_reference");
  });

  it("an issue created with an assignee wakes that agent, unless the agent assigned itself", async () => {
    const w = await createWorld();
    const res = await client(w.tokens.manager).post(issuesUrl(w), { title: "Do it", assigneeAgentId: w.engineer.id });
    expect(res.status).toBe(201);
    const wakes = await wakesOf(w.engineer.id);
    expect(wakes).toHaveLength(1);
    expect(wakes[0]).toMatchObject({ reason: "assignment", issueId: res.body.id, status: "queued", payload: { taskId: res.body.id, wakeReason: "assignment" } });
    const own = await client(w.tokens.manager).post(issuesUrl(w), { title: "Mine", assigneeAgentId: w.manager.id });
    expect(own.status).toBe(201);
    expect(await wakesOf(w.manager.id)).toHaveLength(0);
    await client(w.tokens.owner).post(issuesUrl(w), { title: "Unassigned" });
    expect(await db().wakeRequest.count({ where: { companyId: w.company.id } })).toBe(1);
  });

  it("50 concurrent creates get identifiers 1..50: no gaps, no duplicates", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => api.post(issuesUrl(w), { title: `Concurrent ${i}` })));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(201));
    const numbers = answers.map((a) => a.body.number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(answers.map((a) => a.body.identifier)).size).toBe(50);
    for (const a of answers) expect(a.body.identifier).toBe(`${w.company.issuePrefix}-${a.body.number}`);
    expect((await db().company.findUniqueOrThrow({ where: { id: w.company.id } })).issueCounter).toBe(50);
  });
});

describe("read", () => {
  it("by id and by identifier in any case", async () => {
    const w = await createWorld();
    const created = await client(w.tokens.owner).post(issuesUrl(w), { title: "Find me", description: "somewhere" });
    const api = client(w.tokens.engineer);
    for (const ref of [created.body.id, created.body.identifier, created.body.identifier.toLowerCase()]) {
      const res = await api.get(`/api/issues/${ref}`);
      expect(res.status, ref).toBe(200);
      expect(res.body).toMatchObject({ id: created.body.id, title: "Find me", description: "somewhere", project: null, goal: null, ancestors: [] });
    }
    expect((await api.get(`/api/issues/${w.company.issuePrefix}-99`)).status).toBe(404);
    expect((await api.get(`/api/issues/0190a000-0000-7000-8000-000000000000`)).status).toBe(404);
  });

  it("the detail resolves project and goal, and lists ancestors nearest first, each with its own", async () => {
    const w = await createWorld();
    const a = await workItems(w, " A");
    const b = await workItems(w, " B");
    const api = client(w.tokens.owner);
    const root = await api.post(issuesUrl(w), { title: "Root", description: "the root", projectId: a.project.id, goalId: a.goal.id, priority: "high" });
    const mid = await api.post(issuesUrl(w), { title: "Mid", parentId: root.body.id, projectId: b.project.id, assigneeAgentId: w.engineer.id });
    const leaf = await api.post(issuesUrl(w), { title: "Leaf", parentId: mid.body.id, goalId: b.goal.id });
    const res = await api.get(`/api/issues/${leaf.body.identifier}`);
    expect(res.status).toBe(200);
    const project = (p: typeof a.project) => ({ id: p.id, name: p.name, description: p.description, status: p.status });
    const goal = (g: typeof a.goal) => ({ id: g.id, title: g.title, description: g.description, level: g.level, status: g.status });
    expect(res.body).toMatchObject({ id: leaf.body.id, parentId: mid.body.id, project: null, goal: goal(b.goal) });
    expect(res.body.ancestors).toEqual([
      {
        id: mid.body.id, identifier: mid.body.identifier, title: "Mid", status: "todo", priority: "medium", assigneeAgentId: w.engineer.id,
        projectId: b.project.id, goalId: null, description: "", project: project(b.project), goal: null,
      },
      {
        id: root.body.id, identifier: root.body.identifier, title: "Root", status: "backlog", priority: "high", assigneeAgentId: null,
        projectId: a.project.id, goalId: a.goal.id, description: "the root", project: project(a.project), goal: goal(a.goal),
      },
    ]);
    const top = await api.get(`/api/issues/${root.body.id}`);
    expect(top.body).toMatchObject({ project: project(a.project), goal: goal(a.goal), ancestors: [] });
  });
});

describe("PATCH", () => {
  it("refuses a parent cycle: 422 issue_cycle and nothing changes", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const a = await api.post(issuesUrl(w), { title: "A" });
    const b = await api.post(issuesUrl(w), { title: "B", parentId: a.body.id });
    const c = await api.post(issuesUrl(w), { title: "C", parentId: b.body.id });
    for (const parentId of [c.body.id, b.body.id, a.body.id]) {
      const res = await api.patch(`/api/issues/${a.body.id}`, { parentId, title: "Moved" });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("issue_cycle");
    }
    expect(await db().issue.findUniqueOrThrow({ where: { id: a.body.id } })).toMatchObject({ parentId: null, title: "A" });
    // a legal re-parenting still works
    const ok = await api.patch(`/api/issues/${c.body.id}`, { parentId: a.body.id });
    expect(ok.status).toBe(200);
    expect(ok.body.parentId).toBe(a.body.id);
  });

  it("updates plain fields and leaves the rest alone", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const created = await api.post(issuesUrl(w), { title: "Old", description: "keep", priority: "low" });
    const res = await api.patch(`/api/issues/${created.body.id}`, { title: "New", priority: "critical" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: "New", priority: "critical", description: "keep", status: "backlog" });
    expect((await api.patch(`/api/issues/${created.body.id}`, { nope: 1 })).status).toBe(400);
    expect((await api.patch(`/api/issues/${created.body.id}`, { priority: "urgent" })).status).toBe(400);
  });

  it("with `comment` adds the comment in the same call, and its @-mention wakes the agent", async () => {
    const w = await createWorld();
    const api = client(w.tokens.engineer);
    const created = await client(w.tokens.owner).post(issuesUrl(w), { title: "Stuck", assigneeAgentId: w.engineer.id });
    await db().issue.update({ where: { id: created.body.id }, data: { status: "in_progress" } });
    const body = `Blocked on the database, @${w.manager.name} please unblock`;
    const res = await api.patch(`/api/issues/${created.body.id}`, { status: "blocked", comment: body });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("blocked");
    const comments = await db().issueComment.findMany({ where: { issueId: created.body.id } });
    expect(comments).toHaveLength(1);
    expect(comments[0]).toMatchObject({ body, authorAgentId: w.engineer.id, authorUserId: null });
    const wakes = await wakesOf(w.manager.id);
    expect(wakes).toHaveLength(1);
    expect(wakes[0]).toMatchObject({
      reason: "mention", issueId: created.body.id, commentId: comments[0].id,
      payload: { taskId: created.body.id, wakeCommentId: comments[0].id, wakeReason: "mention" },
    });
    // the author mentioning itself wakes no one
    await api.patch(`/api/issues/${created.body.id}`, { comment: `note to self @${w.engineer.name}` });
    expect(await db().wakeRequest.count({ where: { agentId: w.engineer.id, reason: "mention" } })).toBe(0);
  });

  it("assignment wakes the new assignee; an agent assigning itself does not wake itself", async () => {
    const w = await createWorld();
    const issue = await client(w.tokens.owner).post(issuesUrl(w), { title: "Hand over" });
    const toManager = await client(w.tokens.owner).patch(`/api/issues/${issue.body.id}`, { assigneeAgentId: w.manager.id });
    expect(toManager.status).toBe(200);
    expect(await wakesOf(w.manager.id)).toEqual([expect.objectContaining({ reason: "assignment", issueId: issue.body.id })]);
    // the same assignee again is no new assignment
    await client(w.tokens.owner).patch(`/api/issues/${issue.body.id}`, { assigneeAgentId: w.manager.id, title: "Still yours" });
    expect(await wakesOf(w.manager.id)).toHaveLength(1);
    const self = await client(w.tokens.engineer).patch(`/api/issues/${issue.body.id}`, { assigneeAgentId: w.engineer.id });
    expect(self.status).toBe(200);
    expect(self.body.assigneeAgentId).toBe(w.engineer.id);
    expect(await wakesOf(w.engineer.id)).toHaveLength(0);
    const back = await client(w.tokens.engineer).patch(`/api/issues/${issue.body.id}`, { assigneeAgentId: w.ceo.id });
    expect(back.status).toBe(200);
    expect(await wakesOf(w.ceo.id)).toEqual([expect.objectContaining({ reason: "assignment", issueId: issue.body.id })]);
  });

  it("labels: set on create, replaced by PATCH, cleared with an empty list", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const [bug, ui, ops] = await Promise.all(["bug", "ui", "ops"].map((name) => db().label.create({ data: { companyId: w.company.id, name } })));
    const created = await api.post(issuesUrl(w), { title: "Labelled", labelIds: [bug.id, ui.id, bug.id] });
    expect(created.status).toBe(201);
    expect([...created.body.labelIds].sort()).toEqual([bug.id, ui.id].sort());
    const patched = await api.patch(`/api/issues/${created.body.id}`, { labelIds: [ops.id] });
    expect(patched.body.labelIds).toEqual([ops.id]);
    expect((await api.get(`/api/issues/${created.body.id}`)).body.labelIds).toEqual([ops.id]);
    const untouched = await api.patch(`/api/issues/${created.body.id}`, { title: "Renamed" });
    expect(untouched.body.labelIds).toEqual([ops.id]);
    const cleared = await api.patch(`/api/issues/${created.body.id}`, { labelIds: [] });
    expect(cleared.body.labelIds).toEqual([]);
    expect(await db().issueLabel.count({ where: { issueId: created.body.id } })).toBe(0);
  });
});
