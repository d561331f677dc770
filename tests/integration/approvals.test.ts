import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { createBoardUser, createWorld } from "../factories";

type World = Awaited<ReturnType<typeof createWorld>>;

const hireBody = (name = "Grace") => ({ name, role: "engineer", capabilities: "TypeScript", budgetMonthlyCents: 5000, icon: "code" });

async function hire(w: World, token = w.tokens.manager, body: Record<string, unknown> = hireBody()) {
  return client(token).post(`/api/companies/${w.company.id}/agent-hires`, body);
}

async function strategy(w: World, plan = "Ship the MVP") {
  return client(w.tokens.ceo).post(`/api/companies/${w.company.id}/approvals`, { type: "approve_ceo_strategy", requestedByAgentId: w.ceo.id, payload: { plan } });
}

const wakesOf = (agentId: string) => db().wakeRequest.findMany({ where: { agentId, reason: "approval" }, orderBy: { createdAt: "asc" } });

describe("POST /api/companies/:companyId/agent-hires", () => {
  it("a hire cannot set the adapter or runtime settings the runtime executes: 400, nothing created", async () => {
    const w = await createWorld();
    for (const extra of [{ adapterConfig: { command: "curl x | sh" } }, { runtimeConfig: { maxConcurrentRuns: 100 } }]) {
      const res = await hire(w, w.tokens.manager, { ...hireBody(), ...extra });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("validation_error");
    }
    expect(await db().agent.count({ where: { companyId: w.company.id, name: "Grace" } })).toBe(0);
  });

  it("a manager's hire waits in pending_approval behind a linked hire_agent approval that snapshots it", async () => {
    const w = await createWorld();
    const res = await hire(w);
    expect(res.status).toBe(201);
    expect(res.body.agent).toMatchObject({ name: "Grace", status: "pending_approval", role: "engineer", icon: "code", reportsTo: w.manager.id, budgetMonthlyCents: 5000 });
    expect(res.body.approval).toMatchObject({
      type: "hire_agent", status: "pending", requestedByAgentId: w.manager.id, subjectAgentId: res.body.agent.id,
      payload: { agentId: res.body.agent.id, name: "Grace", role: "engineer", capabilities: "TypeScript", budgetMonthlyCents: 5000, icon: "code", reportsTo: w.manager.id },
    });
  });

  it("creates an idle agent and no approval when the company does not require approval", async () => {
    const w = await createWorld();
    await db().company.update({ where: { id: w.company.id }, data: { requireBoardApprovalForNewAgents: false } });
    const res = await hire(w, w.tokens.ceo);
    expect(res.status).toBe(201);
    expect(res.body.agent.status).toBe("idle");
    expect(res.body.approval).toBeNull();
    expect(await db().approval.count({ where: { companyId: w.company.id } })).toBe(0);
  });

  it("refuses individual contributors and board viewers (403); lets board members hire", async () => {
    const w = await createWorld();
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    const member = await createBoardUser({ companyId: w.company.id, role: "member" });
    for (const token of [w.tokens.engineer, viewer.token]) {
      const res = await hire(w, token, hireBody("Nope"));
      expect(res.status).toBe(403);
    }
    expect(await db().agent.count({ where: { companyId: w.company.id, name: "Nope" } })).toBe(0);
    const res = await hire(w, member.token, hireBody("By Board"));
    expect(res.body.approval).toMatchObject({ requestedByAgentId: null, requestedByUserId: member.user.id });
    expect(res.body.agent.reportsTo).toBeNull();
  });

  it("validates icons and references", async () => {
    const w = await createWorld();
    expect((await hire(w, w.tokens.ceo, { ...hireBody(), icon: "not-an-icon" })).status).toBe(400);
    const other = await createWorld();
    expect((await hire(w, w.tokens.ceo, { ...hireBody(), reportsTo: other.ceo.id })).status).toBe(422);
    expect((await hire(w, w.tokens.ceo, { ...hireBody(), name: w.engineer.name })).status).toBe(409);
  });
});

describe("deciding approvals", () => {
  it("approving a hire makes the agent idle and wakes the requester with status and linked issues", async () => {
    const w = await createWorld();
    const { body } = await hire(w);
    const issue = (await client(w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, { title: "Staffing" })).body;
    expect((await client(w.tokens.manager).post(`/api/issues/${issue.id}/approvals`, { approvalId: body.approval.id })).status).toBe(201);
    const res = await client(w.tokens.owner).post(`/api/approvals/${body.approval.id}/approve`, { decisionNote: "Welcome" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "approved", decisionNote: "Welcome", decidedByUserId: w.owner.id, linkedIssueIds: [issue.id] });
    expect((await db().agent.findUniqueOrThrow({ where: { id: body.agent.id } })).status).toBe("idle");
    const wakes = await wakesOf(w.manager.id);
    expect(wakes).toHaveLength(1);
    expect(wakes[0]).toMatchObject({ approvalId: body.approval.id, status: "queued", payload: { approvalStatus: "approved", linkedIssueIds: [issue.id] } });
    expect(await db().activityLog.count({ where: { entityId: body.approval.id, action: "approval.approved" } })).toBe(1);
  });

  it("is idempotent the same way (200, no second wake) and 422 the other way", async () => {
    const w = await createWorld();
    const { body } = await hire(w);
    const owner = client(w.tokens.owner);
    await owner.post(`/api/approvals/${body.approval.id}/approve`);
    const again = await owner.post(`/api/approvals/${body.approval.id}/approve`);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe("approved");
    expect(await wakesOf(w.manager.id)).toHaveLength(1);
    for (const path of ["reject", "request-revision"]) {
      const res = await owner.post(`/api/approvals/${body.approval.id}/${path}`);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("invalid_transition");
    }
    expect((await db().agent.findUniqueOrThrow({ where: { id: body.agent.id } })).status).toBe("idle");
  });

  it("rejecting a hire terminates the agent", async () => {
    const w = await createWorld();
    const { body } = await hire(w);
    const res = await client(w.tokens.owner).post(`/api/approvals/${body.approval.id}/reject`, { decisionNote: "Not now" });
    expect(res.body.status).toBe("rejected");
    expect((await db().agent.findUniqueOrThrow({ where: { id: body.agent.id } })).status).toBe("terminated");
    expect((await wakesOf(w.manager.id))[0].payload).toEqual({ approvalStatus: "rejected", linkedIssueIds: [] });
    expect((await client(w.tokens.owner).post(`/api/approvals/${body.approval.id}/approve`)).status).toBe(422);
  });

  it("only the board decides: agents (even the CEO) and viewers get 403", async () => {
    const w = await createWorld();
    const { body } = await hire(w);
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    for (const token of [w.tokens.ceo, w.tokens.manager, viewer.token]) {
      for (const path of ["approve", "reject", "request-revision"]) {
        expect((await client(token).post(`/api/approvals/${body.approval.id}/${path}`)).status).toBe(403);
      }
    }
    expect((await db().approval.findUniqueOrThrow({ where: { id: body.approval.id } })).status).toBe("pending");
  });

  it("revision: request-revision → resubmit by the requester only → pending; a revised hire revises its agent", async () => {
    const w = await createWorld();
    const { body } = await hire(w);
    const owner = client(w.tokens.owner);
    const rev = await owner.post(`/api/approvals/${body.approval.id}/request-revision`, { decisionNote: "Smaller budget" });
    expect(rev.body).toMatchObject({ status: "revision_requested", decisionNote: "Smaller budget" });
    expect((await owner.post(`/api/approvals/${body.approval.id}/request-revision`)).status).toBe(200);
    expect((await owner.post(`/api/approvals/${body.approval.id}/approve`)).status).toBe(422);
    expect((await wakesOf(w.manager.id))[0].payload).toMatchObject({ approvalStatus: "revision_requested" });
    for (const token of [w.tokens.ceo, w.tokens.owner]) {
      expect((await client(token).post(`/api/approvals/${body.approval.id}/resubmit`)).status).toBe(403);
    }
    expect((await client(w.tokens.manager).post(`/api/approvals/${body.approval.id}/resubmit`, { payload: { ...hireBody(), icon: "nope" } })).status).toBe(400);
    const re = await client(w.tokens.manager).post(`/api/approvals/${body.approval.id}/resubmit`, { payload: { ...hireBody("Grace Hopper"), budgetMonthlyCents: 2000 } });
    expect(re.status).toBe(200);
    expect(re.body).toMatchObject({ status: "pending", decisionNote: null, payload: { name: "Grace Hopper", budgetMonthlyCents: 2000 } });
    expect(await db().agent.findUniqueOrThrow({ where: { id: body.agent.id } })).toMatchObject({ name: "Grace Hopper", budgetMonthlyCents: 2000, status: "pending_approval" });
    expect((await client(w.tokens.manager).post(`/api/approvals/${body.approval.id}/resubmit`)).status).toBe(200);
    await owner.post(`/api/approvals/${body.approval.id}/approve`);
    expect((await client(w.tokens.manager).post(`/api/approvals/${body.approval.id}/resubmit`)).status).toBe(422);
  });
});

describe("a hire whose agent is gone", () => {
  it("cannot be approved once its pending agent was terminated (422, nothing changes); it can still be rejected", async () => {
    const w = await createWorld();
    const { body } = await hire(w);
    const owner = client(w.tokens.owner);
    expect((await owner.post(`/api/agents/${body.agent.id}/terminate`)).status).toBe(200);
    const res = await owner.post(`/api/approvals/${body.approval.id}/approve`);
    expect([res.status, res.body.code]).toEqual([422, "invalid_transition"]);
    expect(res.body.details).toMatchObject({ agentId: body.agent.id, agentStatus: "terminated" });
    expect((await db().approval.findUniqueOrThrow({ where: { id: body.approval.id } })).status).toBe("pending");
    expect((await db().agent.findUniqueOrThrow({ where: { id: body.agent.id } })).status).toBe("terminated");
    expect((await owner.post(`/api/approvals/${body.approval.id}/reject`)).body).toMatchObject({ status: "rejected" });
  });
});

describe("a hire's revision", () => {
  it("changes only the fields the resubmission names; the rest stay as requested, on the payload and the agent", async () => {
    const w = await createWorld();
    const { body } = await hire(w, w.tokens.manager, { name: "Ada", role: "manager", title: "Platform lead", capabilities: "Go, SQL", budgetMonthlyCents: 5000, icon: "code", reason: "On-call load" });
    await client(w.tokens.owner).post(`/api/approvals/${body.approval.id}/request-revision`, { decisionNote: "Smaller budget" });
    const re = await client(w.tokens.manager).post(`/api/approvals/${body.approval.id}/resubmit`, { payload: { budgetMonthlyCents: 3000 } });
    expect(re.status).toBe(200);
    const requested = { name: "Ada", role: "manager", title: "Platform lead", capabilities: "Go, SQL", icon: "code", reportsTo: w.manager.id, reason: "On-call load" };
    expect(re.body.payload).toMatchObject({ ...requested, budgetMonthlyCents: 3000, agentId: body.agent.id });
    expect(await db().agent.findUniqueOrThrow({ where: { id: body.agent.id } })).toMatchObject({
      name: "Ada", role: "manager", title: "Platform lead", capabilities: "Go, SQL", icon: "code", reportsToId: w.manager.id, budgetMonthlyCents: 3000,
    });
    // a named field may still be cleared, and a bad one is refused with nothing changed
    await client(w.tokens.owner).post(`/api/approvals/${body.approval.id}/request-revision`);
    expect((await client(w.tokens.manager).post(`/api/approvals/${body.approval.id}/resubmit`, { payload: { role: "janitor" } })).status).toBe(400);
    const cleared = await client(w.tokens.manager).post(`/api/approvals/${body.approval.id}/resubmit`, { payload: { icon: null } });
    expect(cleared.body.payload).toMatchObject({ ...requested, icon: null, budgetMonthlyCents: 3000 });
  });
});

describe("the CEO strategy approval and the gate", () => {
  it("is requested by the CEO itself with payload.plan", async () => {
    const w = await createWorld();
    const res = await strategy(w);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: "approve_ceo_strategy", status: "pending", requestedByAgentId: w.ceo.id, payload: { plan: "Ship the MVP" } });
    const url = `/api/companies/${w.company.id}/approvals`;
    expect((await client(w.tokens.ceo).post(url, { type: "approve_ceo_strategy", requestedByAgentId: w.ceo.id, payload: {} })).status).toBe(400);
    expect((await client(w.tokens.manager).post(url, { type: "approve_ceo_strategy", requestedByAgentId: w.manager.id, payload: { plan: "x" } })).status).toBe(403);
    expect((await client(w.tokens.manager).post(url, { type: "approve_ceo_strategy", requestedByAgentId: w.ceo.id, payload: { plan: "x" } })).status).toBe(403);
    expect((await client(w.tokens.owner).post(url, { type: "approve_ceo_strategy", requestedByAgentId: w.ceo.id, payload: { plan: "x" } })).status).toBe(403);
    expect((await client(w.tokens.ceo).post(url, { type: "hire_agent", requestedByAgentId: w.ceo.id, payload: {} })).status).toBe(422);
    expect((await strategy(w, "Another")).status).toBe(409);
  });

  it("keeps the CEO's tasks out of in_progress until the board approves, then lets them in", async () => {
    const w = await createWorld();
    const issue = (await client(w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, { title: "Plan", assigneeAgentId: w.ceo.id })).body;
    const checkout = () => client(w.tokens.ceo).post(`/api/issues/${issue.id}/checkout`, { agentId: w.ceo.id, expectedStatuses: ["todo"] });
    const before = await checkout();
    expect(before.status).toBe(403);
    expect(before.body.code).toBe("strategy_not_approved");
    expect(before.body.error).toMatch(/^The board has not approved .+\.$/);
    const approval = (await strategy(w)).body;
    expect((await checkout()).body.code).toBe("strategy_not_approved");
    await client(w.tokens.owner).post(`/api/approvals/${approval.id}/request-revision`);
    expect((await checkout()).body.code).toBe("strategy_not_approved");
    await client(w.tokens.ceo).post(`/api/approvals/${approval.id}/resubmit`, { payload: { plan: "Ship the MVP, then scale" } });
    await client(w.tokens.owner).post(`/api/approvals/${approval.id}/approve`);
    const after = await checkout();
    expect(after.status).toBe(200);
    expect(after.body.status).toBe("in_progress");
    expect((await wakesOf(w.ceo.id)).map((x) => (x.payload as { approvalStatus: string }).approvalStatus)).toEqual(["revision_requested", "approved"]);
  });
});

describe("listing, comments and issue links", () => {
  it("lists with a status filter, newest first", async () => {
    const w = await createWorld();
    const a = (await hire(w, w.tokens.manager, hireBody("One"))).body.approval;
    const b = (await hire(w, w.tokens.manager, hireBody("Two"))).body.approval;
    await client(w.tokens.owner).post(`/api/approvals/${a.id}/approve`);
    const pending = await client(w.tokens.engineer).get(`/api/companies/${w.company.id}/approvals?status=pending`);
    expect(pending.body.map((x: { id: string }) => x.id)).toEqual([b.id]);
    const all = await client(w.tokens.owner).get(`/api/companies/${w.company.id}/approvals`);
    expect(all.body.map((x: { id: string }) => x.id)).toEqual([b.id, a.id]);
    expect((await client(w.tokens.owner).get(`/api/companies/${w.company.id}/approvals?status=maybe`)).status).toBe(400);
    expect((await client(w.tokens.owner).get(`/api/approvals/${a.id}`)).body.status).toBe("approved");
  });

  it("keeps a comment thread", async () => {
    const w = await createWorld();
    const { approval } = (await hire(w)).body;
    expect((await client(w.tokens.owner).post(`/api/approvals/${approval.id}/comments`, { body: "Why this hire?" })).status).toBe(201);
    const reply = await client(w.tokens.manager).post(`/api/approvals/${approval.id}/comments`, { body: "We need TypeScript" });
    expect(reply.body).toMatchObject({ approvalId: approval.id, authorAgentId: w.manager.id, body: "We need TypeScript" });
    expect((await client(w.tokens.owner).post(`/api/approvals/${approval.id}/comments`, { body: "  " })).status).toBe(400);
    const list = await client(w.tokens.engineer).get(`/api/approvals/${approval.id}/comments`);
    expect(list.body.map((c: { body: string }) => c.body)).toEqual(["Why this hire?", "We need TypeScript"]);
  });

  it("links issues both ways, at creation too, and unlinks", async () => {
    const w = await createWorld();
    const owner = client(w.tokens.owner);
    const i1 = (await owner.post(`/api/companies/${w.company.id}/issues`, { title: "One" })).body;
    const i2 = (await owner.post(`/api/companies/${w.company.id}/issues`, { title: "Two" })).body;
    const created = await client(w.tokens.ceo).post(`/api/companies/${w.company.id}/approvals`, {
      type: "approve_ceo_strategy", requestedByAgentId: w.ceo.id, payload: { plan: "p" }, issueIds: [i1.id],
    });
    const id = created.body.id;
    expect(created.body.linkedIssueIds).toEqual([i1.id]);
    await owner.post(`/api/issues/${i2.identifier}/approvals`, { approvalId: id });
    await owner.post(`/api/issues/${i2.identifier}/approvals`, { approvalId: id });
    const issues = await owner.get(`/api/approvals/${id}/issues`);
    expect(issues.body.map((i: { id: string }) => i.id)).toEqual([i1.id, i2.id]);
    expect((await owner.get(`/api/issues/${i2.id}/approvals`)).body.map((a: { id: string }) => a.id)).toEqual([id]);
    expect((await owner.delete(`/api/issues/${i2.id}/approvals/${id}`)).status).toBe(204);
    expect((await owner.delete(`/api/issues/${i2.id}/approvals/${id}`)).status).toBe(404);
    expect((await owner.get(`/api/issues/${i2.id}/approvals`)).body).toEqual([]);
    const other = await createWorld();
    const theirs = (await client(other.tokens.ceo).post(`/api/companies/${other.company.id}/approvals`, { type: "approve_ceo_strategy", requestedByAgentId: other.ceo.id, payload: { plan: "p" } })).body;
    const res = await owner.post(`/api/issues/${i1.id}/approvals`, { approvalId: theirs.id });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("invalid_reference");
    await owner.post(`/api/approvals/${id}/approve`);
    const theirIssue = (await client(other.tokens.owner).post(`/api/companies/${other.company.id}/issues`, { title: "Theirs" })).body;
    const bad = await client(w.tokens.ceo).post(`/api/companies/${w.company.id}/approvals`, { type: "approve_ceo_strategy", requestedByAgentId: w.ceo.id, payload: { plan: "p" }, issueIds: [theirIssue.id] });
    expect(bad.status).toBe(422);
    expect(await db().approval.count({ where: { companyId: w.company.id } })).toBe(1);
  });
});

describe("the strategy gate on PATCH", () => {
  it("refuses a CEO's move to in_progress until its strategy is approved", async () => {
    const w = await createWorld();
    const issue = (await client(w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, { title: "Move me", assigneeAgentId: w.ceo.id })).body;
    const move = () => client(w.tokens.ceo).patch(`/api/issues/${issue.id}`, { status: "in_progress" });
    const before = await move();
    expect(before.status).toBe(403);
    expect(before.body.code).toBe("strategy_not_approved");
    expect((await db().issue.findUniqueOrThrow({ where: { id: issue.id } })).status).toBe("todo");
    const approval = (await strategy(w)).body;
    await client(w.tokens.owner).post(`/api/approvals/${approval.id}/reject`);
    expect((await move()).status).toBe(403);
    // a rejected strategy leaves room for a new request
    const second = (await strategy(w, "A better plan")).body;
    await client(w.tokens.owner).post(`/api/approvals/${second.id}/approve`);
    const after = await move();
    expect(after.status).toBe(200);
    expect(after.body.status).toBe("in_progress");
  });
});
