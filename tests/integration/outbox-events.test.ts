// Every catalogue event at its site: after the API call (or the runtime's step) the event is in the
// outbox with a payload its schema accepts exactly; a refused change leaves none.
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { eventDataSchema, type EventType } from "@/lib/services/outbox/catalogue";
import { client } from "../support/api";
import { makeRoutine } from "../support/routines";
import { finishedRun, runOfWake, startWorker } from "../support/runtime";
import { createAgent, createWorld } from "../factories";

type Stoppable = { stop(): Promise<void> };
const workers: Stoppable[] = [];
afterAll(async () => {
  for (const w of workers) await w.stop();
});

/** The company's events of a type, oldest first, each checked against its schema (no field more or less). */
async function eventsOf(companyId: string, type: EventType) {
  const rows = await db().event.findMany({ where: { companyId, type }, orderBy: { id: "asc" } });
  for (const r of rows) expect(eventDataSchema(type).strict().parse(r.data), `${type} payload`).toEqual(r.data);
  return rows;
}

const cost = (agentId: string, costCents: number) => ({ agentId, provider: "anthropic", model: "claude-sonnet", inputTokens: 100, outputTokens: 50, costCents });

describe("outbox events at their sites", () => {
  it("approval.created and approval.decided for a gated hire", async () => {
    const w = await createWorld();
    const hire = await client(w.tokens.manager).post(`/api/companies/${w.company.id}/agent-hires`, { name: "Grace", role: "engineer", capabilities: "TS", budgetMonthlyCents: 0 });
    expect(hire.status).toBe(201);
    const [created] = await eventsOf(w.company.id, "approval.created");
    expect(created).toMatchObject({ subjectType: "approval", subjectId: hire.body.approval.id, actorType: "agent", actorId: w.manager.id });
    expect(created.data).toMatchObject({ approvalType: "hire_agent", requestedByAgentId: w.manager.id, subjectAgentId: hire.body.agent.id });
    expect((await client(w.tokens.owner).post(`/api/approvals/${hire.body.approval.id}/approve`, { decisionNote: "Welcome" })).status).toBe(200);
    const [decided] = await eventsOf(w.company.id, "approval.decided");
    expect(decided.data).toMatchObject({ approvalId: hire.body.approval.id, status: "approved", decidedByUserId: w.owner.id, decisionNote: "Welcome" });
    // a repeated decision changes nothing and emits nothing
    expect((await client(w.tokens.owner).post(`/api/approvals/${hire.body.approval.id}/approve`, {})).status).toBe(200);
    expect(await eventsOf(w.company.id, "approval.decided")).toHaveLength(1);
  });

  it("issue.created, issue.assigned and issue.status_changed by create, PATCH, checkout and release; none for a refused move", async () => {
    const w = await createWorld();
    const issue = (await client(w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, { title: "Ship it" })).body;
    const [created] = await eventsOf(w.company.id, "issue.created");
    expect(created.data).toMatchObject({ issueId: issue.id, identifier: issue.identifier, title: "Ship it", status: "backlog", assigneeAgentId: null });
    expect((await client(w.tokens.owner).patch(`/api/issues/${issue.id}`, { assigneeAgentId: w.engineer.id, status: "todo" })).status).toBe(200);
    expect((await eventsOf(w.company.id, "issue.assigned")).map((e) => e.data)).toEqual([expect.objectContaining({ assigneeAgentId: w.engineer.id, previousAssigneeAgentId: null })]);
    expect((await eventsOf(w.company.id, "issue.status_changed")).map((e) => e.data)).toEqual([expect.objectContaining({ from: "backlog", to: "todo" })]);
    // refused: an illegal move writes no event
    expect((await client(w.tokens.owner).patch(`/api/issues/${issue.id}`, { status: "done" })).status).toBe(422);
    expect(await eventsOf(w.company.id, "issue.status_changed")).toHaveLength(1);
    // the checkout (one hand-written statement) and the release
    expect((await client(w.tokens.engineer).post(`/api/issues/${issue.id}/checkout`, { agentId: w.engineer.id, expectedStatuses: ["todo"] })).status).toBe(200);
    expect((await client(w.tokens.engineer).post(`/api/issues/${issue.id}/release`)).status).toBe(200);
    const moves = (await eventsOf(w.company.id, "issue.status_changed")).map((e) => e.data);
    expect(moves).toEqual([expect.objectContaining({ to: "todo" }), expect.objectContaining({ from: "todo", to: "in_progress" }), expect.objectContaining({ from: "in_progress", to: "todo" })]);
    const assigned = (await eventsOf(w.company.id, "issue.assigned")).map((e) => e.data);
    // the checkout kept the assignee (no event); the release removed it
    expect(assigned).toEqual([expect.objectContaining({ assigneeAgentId: w.engineer.id }), expect.objectContaining({ assigneeAgentId: null, previousAssigneeAgentId: w.engineer.id })]);
  });

  it("comment.created and mention.created for a comment that mentions an agent and a board member", async () => {
    const w = await createWorld();
    const issue = (await client(w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, { title: "Talk" })).body;
    const body = `[@Eng](agent://${w.engineer.id}) and [@Owner](user://${w.owner.id}) please look`;
    const comment = (await client(w.tokens.manager).post(`/api/issues/${issue.id}/comments`, { body })).body;
    const [c] = await eventsOf(w.company.id, "comment.created");
    expect(c.data).toMatchObject({ issueId: issue.id, commentId: comment.id, authorAgentId: w.manager.id, excerpt: body });
    const mentions = (await eventsOf(w.company.id, "mention.created")).map((e) => e.data);
    expect(mentions).toEqual(expect.arrayContaining([
      expect.objectContaining({ commentId: comment.id, mentionedAgentId: w.engineer.id, mentionedUserId: null }),
      expect.objectContaining({ commentId: comment.id, mentionedAgentId: null, mentionedUserId: w.owner.id }),
    ]));
    expect(mentions).toHaveLength(2);
  });

  it("agent.paused by the board", async () => {
    const w = await createWorld();
    expect((await client(w.tokens.owner).post(`/api/agents/${w.engineer.id}/pause`)).status).toBe(200);
    const [paused] = await eventsOf(w.company.id, "agent.paused");
    expect(paused.data).toEqual({ agentId: w.engineer.id, name: w.engineer.name, reason: "board" });
  });

  it("budget.warning at 80%, then budget.exceeded and agent.paused (budget) at 100%, each once", async () => {
    const w = await createWorld();
    await db().agent.update({ where: { id: w.engineer.id }, data: { budgetMonthlyCents: 1000 } });
    const post = (cents: number) => client(w.tokens.engineer).post(`/api/companies/${w.company.id}/cost-events`, cost(w.engineer.id, cents));
    expect((await post(850)).status).toBe(201);
    expect((await post(50)).status).toBe(201);
    const [warning, ...moreWarnings] = await eventsOf(w.company.id, "budget.warning");
    expect(moreWarnings).toEqual([]);
    expect(warning.data).toMatchObject({ scope: "agent", agentId: w.engineer.id, budgetCents: 1000, spentCents: 850 });
    expect(await eventsOf(w.company.id, "budget.exceeded")).toHaveLength(0);
    expect((await post(200)).status).toBe(201);
    const [exceeded] = await eventsOf(w.company.id, "budget.exceeded");
    expect(exceeded.data).toMatchObject({ scope: "agent", agentId: w.engineer.id, spentCents: 1100 });
    expect((await eventsOf(w.company.id, "agent.paused")).map((e) => e.data)).toEqual([{ agentId: w.engineer.id, name: w.engineer.name, reason: "budget" }]);
  });

  it("routine.run_failed when a routine's execution issue is cancelled", async () => {
    const w = await createWorld();
    const routine = await makeRoutine(w);
    const run = await client(w.tokens.owner).post(`/api/routines/${routine.id}/run`);
    expect(run.status).toBe(202);
    expect((await client(w.tokens.owner).patch(`/api/issues/${run.body.issueId}`, { status: "cancelled" })).status).toBe(200);
    const [failed] = await eventsOf(w.company.id, "routine.run_failed");
    expect(failed.data).toMatchObject({ routineId: routine.id, routineRunId: run.body.id });
  });

  it("run.failed when a run's program fails", async () => {
    const w = await createWorld();
    const agent = await createAgent(w.company.id, { name: `Failer ${Date.now()}`, adapterConfig: { command: "exit 3" } });
    workers.push(await startWorker());
    const wake = (await client(w.tokens.owner).post(`/api/agents/${agent.id}/wakeup`, {})).body;
    const runId = await runOfWake(wake.id);
    expect((await finishedRun(runId)).status).toBe("failed");
    const [failed] = await eventsOf(w.company.id, "run.failed");
    expect(failed).toMatchObject({ subjectType: "run", subjectId: runId, actorType: "system" });
    expect(failed.data).toMatchObject({ runId, agentId: agent.id, status: "failed" });
  });
});
