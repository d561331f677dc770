// Checkout and release (docs/design.md §6): who may claim, idempotence, 409 vs 422, agent status, lock
// clearing on release, reassignment and termination, and a real race of 20 agents on 10 issues.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { IssueStatus } from "@/lib/generated/prisma/client";
import { client } from "../support/api";
import { createAgentWithKey, createWorld, mintRunKey } from "../factories";

type World = Awaited<ReturnType<typeof createWorld>>;

async function newIssue(w: World, data: { status?: IssueStatus; assigneeAgentId?: string | null } = {}) {
  const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, { title: "Work", assigneeAgentId: data.assigneeAgentId ?? null });
  expect(res.status).toBe(201);
  return db().issue.update({ where: { id: res.body.id }, data: { status: data.status ?? "todo" } });
}

const row = (id: string) => db().issue.findUniqueOrThrow({ where: { id } });
const checkout = (token: string, issueId: string, agentId: string, expectedStatuses: IssueStatus[] = ["todo"]) =>
  client(token).post(`/api/issues/${issueId}/checkout`, { agentId, expectedStatuses });

describe("checkout", () => {
  it("claims and starts the issue, with the run's lock when called from a run", async () => {
    const w = await createWorld();
    const issue = await newIssue(w);
    const { run, token } = await mintRunKey(w.engineer);
    const res = await checkout(token, issue.identifier.toLowerCase(), w.engineer.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: issue.id, status: "in_progress", assigneeAgentId: w.engineer.id });
    expect(res.body.started_at).toBeTruthy();
    const after = await row(issue.id);
    expect(after).toMatchObject({ status: "in_progress", assigneeAgentId: w.engineer.id, checkoutRunId: run.id });
    expect(after.lockedAt).not.toBeNull();
    const log = await db().activityLog.findMany({ where: { companyId: w.company.id, action: "issue.checked_out", entityId: issue.id } });
    expect(log).toHaveLength(1);
  });

  it("an agent checks out only as itself", async () => {
    const w = await createWorld();
    const issue = await newIssue(w);
    const res = await checkout(w.tokens.manager, issue.id, w.engineer.id);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
    expect(await row(issue.id)).toEqual(issue);
  });

  it("the board may check out for an agent", async () => {
    const w = await createWorld();
    const issue = await newIssue(w);
    const res = await checkout(w.tokens.owner, issue.id, w.engineer.id);
    expect(res.status).toBe(200);
    expect(await row(issue.id)).toMatchObject({ status: "in_progress", assigneeAgentId: w.engineer.id });
  });

  it("checking out an issue the agent already holds in progress is 200 and changes nothing", async () => {
    const w = await createWorld();
    const issue = await newIssue(w);
    expect((await checkout(w.tokens.engineer, issue.id, w.engineer.id)).status).toBe(200);
    const held = await row(issue.id);
    for (const expected of [["todo"], ["in_progress"], ["blocked"]] as IssueStatus[][]) {
      const again = await checkout(w.tokens.engineer, issue.id, w.engineer.id, expected);
      expect(again.status).toBe(200);
      expect(again.body.updatedAt).toBe(held.updatedAt.toISOString());
    }
    expect(await row(issue.id)).toEqual(held);
    expect(await db().activityLog.count({ where: { action: "issue.checked_out", entityId: issue.id } })).toBe(1);
  });

  it("an issue assigned to another agent is 409, whatever its status", async () => {
    const w = await createWorld();
    for (const status of ["todo", "in_progress", "blocked"] as const) {
      const issue = await newIssue(w, { status, assigneeAgentId: w.manager.id });
      const res = await checkout(w.tokens.engineer, issue.id, w.engineer.id, [status]);
      expect(res.status, status).toBe(409);
      expect(res.body.code).toBe("conflict");
      expect(await row(issue.id)).toEqual(issue);
    }
  });

  it("a status outside expectedStatuses is 409", async () => {
    const w = await createWorld();
    const issue = await newIssue(w, { status: "blocked" });
    const res = await checkout(w.tokens.engineer, issue.id, w.engineer.id, ["todo", "in_review"]);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("conflict");
    expect(await row(issue.id)).toEqual(issue);
  });

  it("a status from which in_progress is not a legal move is 422, even when expected", async () => {
    const w = await createWorld();
    for (const status of ["backlog", "done", "cancelled"] as const) {
      const issue = await newIssue(w, { status });
      const res = await checkout(w.tokens.engineer, issue.id, w.engineer.id, [status]);
      expect(res.status, status).toBe(422);
      expect(res.body.code).toBe("invalid_transition");
      expect(await row(issue.id)).toEqual(issue);
    }
  });

  it("starts from in_review and blocked as the table allows", async () => {
    const w = await createWorld();
    for (const status of ["in_review", "blocked"] as const) {
      const issue = await newIssue(w, { status, assigneeAgentId: w.engineer.id });
      const res = await checkout(w.tokens.engineer, issue.id, w.engineer.id, [status]);
      expect(res.status, status).toBe(200);
      expect(res.body.status).toBe("in_progress");
    }
  });

  it("a paused agent gets 403, by itself or through the board", async () => {
    const w = await createWorld();
    const issue = await newIssue(w);
    await db().agent.update({ where: { id: w.engineer.id }, data: { status: "paused", pauseReason: "board" } });
    for (const token of [w.tokens.engineer, w.tokens.owner]) {
      const res = await checkout(token, issue.id, w.engineer.id);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("forbidden");
    }
    expect(await row(issue.id)).toEqual(issue);
  });

  it("a terminated agent cannot be given work: 422", async () => {
    const w = await createWorld();
    const issue = await newIssue(w);
    expect((await client(w.tokens.owner).post(`/api/agents/${w.engineer.id}/terminate`)).status).toBe(200);
    const res = await checkout(w.tokens.owner, issue.id, w.engineer.id);
    expect(res.status).toBe(422);
    expect(await row(issue.id)).toEqual(issue);
  });
});

describe("release and lock clearing", () => {
  async function heldByRun(w: World) {
    const issue = await newIssue(w);
    const { run, token } = await mintRunKey(w.engineer);
    expect((await checkout(token, issue.id, w.engineer.id)).status).toBe(200);
    const held = await row(issue.id);
    expect(held).toMatchObject({ checkoutRunId: run.id, assigneeAgentId: w.engineer.id });
    expect(held.lockedAt).not.toBeNull();
    return { issue: held, runToken: token };
  }

  it("the assignee releases: todo, no assignee, no lock", async () => {
    const w = await createWorld();
    const { issue, runToken } = await heldByRun(w);
    const res = await client(runToken).post(`/api/issues/${issue.id}/release`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "todo", assigneeAgentId: null });
    expect(await row(issue.id)).toMatchObject({ status: "todo", assigneeAgentId: null, checkoutRunId: null, lockedAt: null });
  });

  it("another agent may not release it: 403 and unchanged", async () => {
    const w = await createWorld();
    const { issue } = await heldByRun(w);
    for (const token of [w.tokens.manager, w.tokens.ceo]) {
      const res = await client(token).post(`/api/issues/${issue.id}/release`);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("forbidden");
    }
    expect(await row(issue.id)).toEqual(issue);
  });

  it("the board may release it", async () => {
    const w = await createWorld();
    const { issue } = await heldByRun(w);
    const res = await client(w.tokens.owner).post(`/api/issues/${issue.id}/release`);
    expect(res.status).toBe(200);
    expect(await row(issue.id)).toMatchObject({ status: "todo", assigneeAgentId: null, checkoutRunId: null, lockedAt: null });
    // and someone else can take it now
    expect((await checkout(w.tokens.manager, issue.id, w.manager.id)).status).toBe(200);
  });

  it("releasing an issue that is not in progress only clears the assignee", async () => {
    const w = await createWorld();
    const issue = await newIssue(w, { status: "blocked", assigneeAgentId: w.engineer.id });
    const res = await client(w.tokens.engineer).post(`/api/issues/${issue.id}/release`);
    expect(res.status).toBe(200);
    expect(await row(issue.id)).toMatchObject({ status: "blocked", assigneeAgentId: null });
  });

  it("PATCH reassigning an in-progress issue clears the locks and sends it back to todo", async () => {
    const w = await createWorld();
    const { issue } = await heldByRun(w);
    const res = await client(w.tokens.manager).patch(`/api/issues/${issue.id}`, { assigneeAgentId: w.manager.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "todo", assigneeAgentId: w.manager.id });
    expect(await row(issue.id)).toMatchObject({ status: "todo", assigneeAgentId: w.manager.id, checkoutRunId: null, lockedAt: null });
    // the new owner checks it out itself
    expect((await checkout(w.tokens.manager, issue.id, w.manager.id)).status).toBe(200);
  });

  it("terminating the owning agent leaves no in-progress issue without an assignee and no lock", async () => {
    const w = await createWorld();
    const { issue } = await heldByRun(w);
    const waiting = await newIssue(w, { status: "todo", assigneeAgentId: w.engineer.id });
    const other = await newIssue(w);
    expect((await checkout(w.tokens.manager, other.id, w.manager.id)).status).toBe(200);
    const res = await client(w.tokens.owner).post(`/api/agents/${w.engineer.id}/terminate`);
    expect(res.status).toBe(200);
    expect(await row(issue.id)).toMatchObject({ status: "todo", assigneeAgentId: null, checkoutRunId: null, lockedAt: null });
    expect(await row(waiting.id)).toMatchObject({ status: "todo", assigneeAgentId: null });
    expect(await db().issue.count({ where: { companyId: w.company.id, status: "in_progress", assigneeAgentId: null } })).toBe(0);
    expect(await db().issue.count({ where: { companyId: w.company.id, assigneeAgentId: null, OR: [{ checkoutRunId: { not: null } }, { lockedAt: { not: null } }] } })).toBe(0);
    // the manager's work is untouched
    expect(await row(other.id)).toMatchObject({ status: "in_progress", assigneeAgentId: w.manager.id });
  });
});

describe("checkout race", () => {
  it("20 agents on the same 10 issues: one winner per issue, 409 for everyone else", async () => {
    const w = await createWorld();
    const agents = await Promise.all(Array.from({ length: 20 }, (_, i) => createAgentWithKey(w.company.id, { name: `Racer ${i}`, reportsToId: w.manager.id })));
    const issues = [];
    for (let i = 0; i < 10; i++) issues.push(await newIssue(w));
    const calls = issues.flatMap((issue) => agents.map(({ agent, token }) => ({ issue, agent, token })));
    const answers = await Promise.all(
      calls.map(async (c) => ({ ...c, res: await checkout(c.token, c.issue.id, c.agent.id) })),
    );
    expect(answers).toHaveLength(200);
    for (const issue of issues) {
      const mine = answers.filter((a) => a.issue.id === issue.id);
      const winners = mine.filter((a) => a.res.status === 200);
      expect(winners, issue.identifier).toHaveLength(1);
      expect(mine.filter((a) => a.res.status === 409)).toHaveLength(19);
      const winner = winners[0];
      expect(winner.res.body).toMatchObject({ status: "in_progress", assigneeAgentId: winner.agent.id });
      expect(await row(issue.id)).toMatchObject({ status: "in_progress", assigneeAgentId: winner.agent.id });
    }
    expect(await db().activityLog.count({ where: { companyId: w.company.id, action: "issue.checked_out" } })).toBe(10);
  });
});
