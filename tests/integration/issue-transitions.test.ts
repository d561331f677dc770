// The spec's status table through PATCH /api/issues/:issueId: every legal move answers 200 with its
// timestamps, illegal ones 422 without touching the row; cancellation rights (docs/design.md §6,
// convention 6) and the CEO strategy gate (spec rule 3).
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { IssueStatus } from "@/lib/generated/prisma/client";
import { client } from "../support/api";
import { createWorld } from "../factories";

type World = Awaited<ReturnType<typeof createWorld>>;

/** An issue put straight into `status` in the database, so each case starts from exactly one state. */
async function issueIn(w: World, status: IssueStatus, opts: { assigneeAgentId?: string | null; token?: string } = {}) {
  const assigneeAgentId = opts.assigneeAgentId === undefined ? w.engineer.id : opts.assigneeAgentId;
  const res = await client(opts.token ?? w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, { title: `Issue in ${status}`, assigneeAgentId });
  expect(res.status).toBe(201);
  return db().issue.update({ where: { id: res.body.id }, data: { status, startedAt: null, completedAt: null } });
}

const row = (id: string) => db().issue.findUniqueOrThrow({ where: { id } });

const legal: Array<[IssueStatus, IssueStatus]> = [
  ["backlog", "todo"], ["todo", "in_progress"], ["in_progress", "in_review"], ["in_review", "done"], ["in_progress", "done"],
  ["in_progress", "blocked"], ["in_review", "in_progress"], ["blocked", "todo"], ["blocked", "in_progress"],
];

describe("PATCH status: the spec's table", () => {
  for (const [from, to] of legal) {
    it(`${from} → ${to} answers 200 and stamps the right times`, async () => {
      const w = await createWorld();
      const issue = await issueIn(w, from);
      const res = await client(w.tokens.engineer).patch(`/api/issues/${issue.id}`, { status: to });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(to);
      const after = await row(issue.id);
      expect(after.status).toBe(to);
      if (to === "in_progress") {
        expect(after.startedAt).not.toBeNull();
        expect(res.body.started_at).toBe(after.startedAt!.toISOString());
        expect(res.body.startedAt).toBe(res.body.started_at);
      } else {
        expect(after.startedAt).toBeNull();
        expect(res.body).toMatchObject({ started_at: null, startedAt: null });
      }
      if (to === "done") {
        expect(after.completedAt).not.toBeNull();
        expect(res.body.completed_at).toBe(after.completedAt!.toISOString());
        expect(res.body.completedAt).toBe(res.body.completed_at);
      } else {
        expect(after.completedAt).toBeNull();
        expect(res.body).toMatchObject({ completed_at: null, completedAt: null });
      }
    });
  }

  it("a whole life: backlog → todo → in_progress → blocked → in_progress → in_review → done keeps the first start", async () => {
    const w = await createWorld();
    const issue = await issueIn(w, "backlog");
    const api = client(w.tokens.engineer);
    let firstStart: string | null = null;
    for (const status of ["todo", "in_progress", "blocked", "in_progress", "in_review", "done"] as const) {
      const res = await api.patch(`/api/issues/${issue.id}`, { status });
      expect(res.status, status).toBe(200);
      firstStart ??= res.body.started_at;
      expect(res.body.started_at).toBe(firstStart);
    }
    expect(firstStart).not.toBeNull();
    expect((await row(issue.id)).completedAt).not.toBeNull();
  });

  const illegal: Array<[IssueStatus, IssueStatus]> = [
    ["backlog", "done"], ["todo", "done"], ["done", "todo"], ["in_review", "todo"], ["backlog", "in_progress"], ["cancelled", "todo"],
    ["todo", "in_review"], ["done", "in_progress"], ["blocked", "done"],
  ];
  for (const [from, to] of illegal) {
    it(`${from} → ${to} answers 422 invalid_transition and changes nothing`, async () => {
      const w = await createWorld();
      const issue = await issueIn(w, from);
      const res = await client(w.tokens.owner).patch(`/api/issues/${issue.id}`, { status: to });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("invalid_transition");
      expect(await row(issue.id)).toEqual(issue);
    });
  }

  it("an illegal move in a PATCH with other fields applies none of them", async () => {
    const w = await createWorld();
    const issue = await issueIn(w, "backlog");
    const res = await client(w.tokens.owner).patch(`/api/issues/${issue.id}`, { status: "done", title: "Renamed", comment: "closing" });
    expect(res.status).toBe(422);
    expect(await row(issue.id)).toEqual(issue);
    expect(await db().issueComment.count({ where: { issueId: issue.id } })).toBe(0);
  });

  it("in_progress without an assignee is 422", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    for (const from of ["todo", "blocked"] as const) {
      const issue = await issueIn(w, from, { assigneeAgentId: null });
      const res = await api.patch(`/api/issues/${issue.id}`, { status: "in_progress" });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("invalid_transition");
      expect(await row(issue.id)).toEqual(issue);
    }
    const assigned = await issueIn(w, "todo");
    const cleared = await api.patch(`/api/issues/${assigned.id}`, { status: "in_progress", assigneeAgentId: null });
    expect(cleared.status).toBe(422);
    expect(await row(assigned.id)).toEqual(assigned);
  });
});

describe("PATCH status: cancellation", () => {
  for (const from of ["backlog", "todo", "in_progress", "in_review", "blocked"] as const) {
    it(`the board may cancel a ${from} issue`, async () => {
      const w = await createWorld();
      const issue = await issueIn(w, from);
      const res = await client(w.tokens.owner).patch(`/api/issues/${issue.id}`, { status: "cancelled" });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe("cancelled");
      const after = await row(issue.id);
      expect(after.status).toBe("cancelled");
      expect(after.cancelledAt).not.toBeNull();
      expect(after.completedAt).toBeNull();
    });
  }

  it("the creating agent may cancel its issue", async () => {
    const w = await createWorld();
    const issue = await issueIn(w, "todo", { token: w.tokens.engineer, assigneeAgentId: w.manager.id });
    expect(issue.createdByAgentId).toBe(w.engineer.id);
    const res = await client(w.tokens.engineer).patch(`/api/issues/${issue.id}`, { status: "cancelled" });
    expect(res.status).toBe(200);
    expect((await row(issue.id)).status).toBe("cancelled");
  });

  it("every agent above the creator in the chain of command may cancel", async () => {
    const w = await createWorld();
    for (const [name, token] of [["manager", w.tokens.manager], ["ceo", w.tokens.ceo]] as const) {
      const issue = await issueIn(w, "in_progress", { token: w.tokens.engineer });
      const res = await client(token).patch(`/api/issues/${issue.id}`, { status: "cancelled" });
      expect(res.status, name).toBe(200);
      expect((await row(issue.id)).status).toBe("cancelled");
    }
  });

  it("an assignee outside that set gets 403 and the issue is unchanged", async () => {
    const w = await createWorld();
    // the manager assigns work down to the engineer: the engineer may not cancel it (convention 6)
    const issue = await issueIn(w, "in_progress", { token: w.tokens.manager, assigneeAgentId: w.engineer.id });
    const res = await client(w.tokens.engineer).patch(`/api/issues/${issue.id}`, { status: "cancelled" });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
    expect(await row(issue.id)).toEqual(issue);
    // nor may anyone not above the creator when the board created it
    const boardIssue = await issueIn(w, "todo");
    const byAgent = await client(w.tokens.ceo).patch(`/api/issues/${boardIssue.id}`, { status: "cancelled" });
    expect(byAgent.status).toBe(403);
    expect(await row(boardIssue.id)).toEqual(boardIssue);
  });

  it("a done issue cannot be cancelled, by anyone", async () => {
    const w = await createWorld();
    const issue = await issueIn(w, "done");
    const res = await client(w.tokens.owner).patch(`/api/issues/${issue.id}`, { status: "cancelled" });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("invalid_transition");
    expect(await row(issue.id)).toEqual(issue);
  });
});

describe("the CEO strategy gate", () => {
  async function approve(w: World, status: "pending" | "approved") {
    return db().approval.create({
      data: { companyId: w.company.id, type: "approve_ceo_strategy", status, requestedByAgentId: w.ceo.id, payload: { plan: "grow" } },
    });
  }

  it("a CEO cannot move a task to in_progress by PATCH until its strategy is approved", async () => {
    const w = await createWorld();
    const ceo = client(w.tokens.ceo);
    const issue = await issueIn(w, "todo", { assigneeAgentId: w.ceo.id });
    const denied = await ceo.patch(`/api/issues/${issue.id}`, { status: "in_progress" });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe("strategy_not_approved");
    // a whole sentence a person can act on
    expect(denied.body.error).toMatch(/^The board has not approved this CEO's strategy yet, .+ until it approves .+\.$/);
    expect(await row(issue.id)).toEqual(issue);
    await approve(w, "pending");
    expect((await ceo.patch(`/api/issues/${issue.id}`, { status: "in_progress" })).status).toBe(403);
    // the gate is about the CEO's own approval, not any approval of the company
    await db().approval.create({ data: { companyId: w.company.id, type: "approve_ceo_strategy", status: "approved", requestedByAgentId: w.manager.id } });
    expect((await ceo.patch(`/api/issues/${issue.id}`, { status: "in_progress" })).status).toBe(403);
    await approve(w, "approved");
    const ok = await ceo.patch(`/api/issues/${issue.id}`, { status: "in_progress" });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe("in_progress");
  });

  it("a CEO cannot check a task out as itself until its strategy is approved", async () => {
    const w = await createWorld();
    const ceo = client(w.tokens.ceo);
    const issue = await issueIn(w, "todo", { assigneeAgentId: null });
    const body = { agentId: w.ceo.id, expectedStatuses: ["todo"] };
    const denied = await ceo.post(`/api/issues/${issue.id}/checkout`, body);
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe("strategy_not_approved");
    expect(await row(issue.id)).toEqual(issue);
    await approve(w, "approved");
    const ok = await ceo.post(`/api/issues/${issue.id}/checkout`, body);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: "in_progress", assigneeAgentId: w.ceo.id });
  });

  it("a CEO cannot create a task already in progress until its strategy is approved", async () => {
    const w = await createWorld();
    const ceo = client(w.tokens.ceo);
    const body = { title: "Start now", status: "in_progress", assigneeAgentId: w.ceo.id };
    const denied = await ceo.post(`/api/companies/${w.company.id}/issues`, body);
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe("strategy_not_approved");
    expect(await db().issue.count({ where: { companyId: w.company.id } })).toBe(0);
    await approve(w, "approved");
    expect((await ceo.post(`/api/companies/${w.company.id}/issues`, body)).status).toBe(201);
  });

  it("the gate does not hold other agents, nor a CEO's other moves", async () => {
    const w = await createWorld();
    const issue = await issueIn(w, "todo");
    expect((await client(w.tokens.engineer).patch(`/api/issues/${issue.id}`, { status: "in_progress" })).status).toBe(200);
    const ceoIssue = await issueIn(w, "backlog", { assigneeAgentId: w.ceo.id });
    expect((await client(w.tokens.ceo).patch(`/api/issues/${ceoIssue.id}`, { status: "todo" })).status).toBe(200);
  });
});
