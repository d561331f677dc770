// Every stalled reason on a real database: set up its cause, sweep, find the row with its reason and
// facts; undo the cause, sweep, the row is gone (the issue is moving). Time passes by sweeping "later".
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { liveWorld, makeIssue, makeRun, minutes, queueWake, stallOf, sweep } from "../support/liveness";

describe("liveness: the assignee cannot run", () => {
  it.each([
    ["agent_paused", { status: "paused", pauseReason: "board" }],
    ["agent_terminated", { status: "terminated" }],
    ["agent_pending_approval", { status: "pending_approval" }],
    ["agent_over_budget", { status: "paused", pauseReason: "budget" }],
    ["agent_unconfigured", { adapterConfig: {} }],
  ] as const)("%s, with the agent named; gone once the agent can run", async (reason, change) => {
    const w = await liveWorld();
    const issue = await makeIssue(w);
    await queueWake(w, issue.id);
    await db().agent.update({ where: { id: w.engineer.id }, data: change });
    await sweep(w);
    const row = await stallOf(issue.id);
    expect(row?.reason).toBe(reason);
    expect(row?.facts).toMatchObject({ agentId: w.engineer.id, agentName: w.engineer.name });
    if (reason === "agent_over_budget") expect(row?.facts).toMatchObject({ budgetScope: "agent" });
    await db().agent.update({ where: { id: w.engineer.id }, data: { status: "idle", pauseReason: null, adapterConfig: { command: "true" } } });
    await sweep(w);
    expect(await stallOf(issue.id)).toBeNull();
  });

  it("an issue delegated to an agent paused long ago is stalled since it was filed", async () => {
    const w = await liveWorld();
    await db().agent.update({ where: { id: w.engineer.id }, data: { status: "paused", pauseReason: "budget", updatedAt: new Date(Date.now() - 3_600_000) } });
    const issue = await makeIssue(w);
    const handedOver = (await db().issue.findUniqueOrThrow({ where: { id: issue.id } })).updatedAt;
    await sweep(w);
    const row = await stallOf(issue.id);
    expect(row?.reason).toBe("agent_over_budget");
    expect(row?.since.getTime()).toBeGreaterThanOrEqual(handedOver.getTime());
  });

  it("company_paused comes first, for the company's pause and the instance's", async () => {
    const w = await liveWorld();
    const issue = await makeIssue(w);
    await db().agent.update({ where: { id: w.engineer.id }, data: { status: "paused", pauseReason: "board" } });
    const pausedAt = new Date(Date.now() - 60_000);
    await db().company.update({ where: { id: w.company.id }, data: { pausedAt, pauseMode: "finish" } });
    await sweep(w);
    expect(await stallOf(issue.id)).toMatchObject({ reason: "company_paused", since: pausedAt });
    await db().company.update({ where: { id: w.company.id }, data: { pausedAt: null, pauseMode: null } });
    await db().agent.update({ where: { id: w.engineer.id }, data: { status: "idle", pauseReason: null } });
    await queueWake(w, issue.id);
    await sweep(w);
    expect(await stallOf(issue.id)).toBeNull();
    await db().instanceSetting.create({ data: { key: "instance.pause", value: JSON.stringify({ pausedAt: new Date().toISOString(), mode: "finish" }) } });
    try {
      await sweep(w);
      expect((await stallOf(issue.id))?.reason).toBe("company_paused");
    } finally {
      await db().instanceSetting.delete({ where: { key: "instance.pause" } });
    }
    await sweep(w);
    expect(await stallOf(issue.id)).toBeNull();
  });
});

describe("liveness: runs and wakes", () => {
  it("wake_failed: the latest run failed before its program started, nothing queued", async () => {
    const w = await liveWorld();
    const issue = await makeIssue(w);
    const run = await makeRun(w, issue.id, { status: "failed", error: "could not start nosuch: ENOENT", finishedAt: new Date() });
    await sweep(w);
    expect(await stallOf(issue.id)).toMatchObject({ reason: "wake_failed", facts: { runId: run.id, lastError: "could not start nosuch: ENOENT", failedRuns: 1 } });
    await queueWake(w, issue.id);
    await sweep(w);
    expect(await stallOf(issue.id)).toBeNull();
  });

  it("retries_exhausted: the latest retryBudget + 1 runs since the board's last change failed", async () => {
    const w = await liveWorld();
    await db().agent.update({ where: { id: w.engineer.id }, data: { runtimeConfig: { retryBudget: 1 } } });
    const issue = await makeIssue(w, { status: "in_progress" });
    await makeRun(w, issue.id, { status: "failed", error: "exited with code 1", createdAt: minutes(-3), finishedAt: minutes(-3) });
    await sweep(w);
    // one failure is within the budget: a retry is the remedies' to queue
    expect((await stallOf(issue.id))?.reason).not.toBe("retries_exhausted");
    const last = await makeRun(w, issue.id, { status: "timed_out", error: "timed out: the process group was killed", createdAt: minutes(-1), finishedAt: minutes(-1) });
    await sweep(w);
    expect(await stallOf(issue.id)).toMatchObject({ reason: "retries_exhausted", facts: { runId: last.id, failedRuns: 2, lastError: "timed out: the process group was killed" } });
    // the board's change starts the count again
    await db().issue.update({ where: { id: issue.id }, data: { livenessResetAt: new Date() } });
    await queueWake(w, issue.id);
    await sweep(w);
    expect(await stallOf(issue.id)).toBeNull();
  });

  it("run_silent: a running run quiet past the agent's silence limit, or past its timeout", async () => {
    const w = await liveWorld();
    const issue = await makeIssue(w, { status: "in_progress" });
    const run = await makeRun(w, issue.id, { status: "running", startedAt: minutes(-20) });
    await sweep(w);
    expect(await stallOf(issue.id)).toMatchObject({ reason: "run_silent", facts: { runId: run.id, agentId: w.engineer.id, limitSec: 900 } });
    await db().heartbeatRun.update({ where: { id: run.id }, data: { lastActivityAt: new Date() } });
    await sweep(w);
    expect(await stallOf(issue.id)).toBeNull();
    // active, but past the adapter's timeout
    await db().agent.update({ where: { id: w.engineer.id }, data: { adapterConfig: { command: "true", timeoutSec: 600 } } });
    await sweep(w);
    expect(await stallOf(issue.id)).toMatchObject({ reason: "run_silent", facts: { limitSec: 600 } });
  });

  it("wake_loop: a wake skipped by the wake-loop guard in the last hour", async () => {
    const w = await liveWorld();
    const issue = await makeIssue(w);
    await db().wakeRequest.create({ data: { companyId: w.company.id, agentId: w.engineer.id, reason: "mention", issueId: issue.id, status: "skipped", skipReason: "wake_loop" } });
    await sweep(w);
    expect(await stallOf(issue.id)).toMatchObject({ reason: "wake_loop", facts: { agentId: w.engineer.id, wakesLastHour: 0 } });
    // an hour later the guard's refusal is history
    await queueWake(w, issue.id);
    await sweep(w, minutes(61));
    expect(await stallOf(issue.id)).toBeNull();
  });

  it("wake_lost: todo for an agent with nothing queued or running, after the grace", async () => {
    const w = await liveWorld();
    const issue = await makeIssue(w);
    await sweep(w);
    expect(await stallOf(issue.id)).toBeNull();
    await sweep(w, minutes(3));
    expect(await stallOf(issue.id)).toMatchObject({ reason: "wake_lost", facts: { agentId: w.engineer.id } });
    await queueWake(w, issue.id);
    await sweep(w, minutes(3));
    expect(await stallOf(issue.id)).toBeNull();
  });

  it("stale_checkout: checked out with no run in flight, idle past the company's limit", async () => {
    const w = await liveWorld();
    const issue = await makeIssue(w, { status: "in_progress" });
    const run = await makeRun(w, issue.id, { status: "succeeded", finishedAt: new Date() });
    await db().issue.update({ where: { id: issue.id }, data: { checkoutRunId: run.id, lockedAt: new Date() } });
    await sweep(w, minutes(60));
    expect(await stallOf(issue.id)).toBeNull();
    await sweep(w, minutes(121));
    expect(await stallOf(issue.id)).toMatchObject({ reason: "stale_checkout", facts: { runId: run.id, limitSec: 7200 } });
    await makeRun(w, issue.id, { status: "running", startedAt: minutes(120), lastActivityAt: minutes(121) });
    await sweep(w, minutes(121));
    expect(await stallOf(issue.id)).toBeNull();
  });
});

describe("liveness: blocked and waiting", () => {
  it("blocker_finished: every blocker done or cancelled; moving while one is open", async () => {
    const w = await liveWorld();
    const a = await makeIssue(w, { status: "done", completedAt: new Date() });
    const b = await makeIssue(w, { status: "cancelled", cancelledAt: new Date() });
    const issue = await makeIssue(w, { status: "blocked" });
    await db().issueBlocker.createMany({ data: [a, b].map((x) => ({ issueId: issue.id, blockerIssueId: x.id, companyId: w.company.id })) });
    await sweep(w);
    expect(await stallOf(issue.id)).toMatchObject({ reason: "blocker_finished", facts: { blockerIssueIds: [a.id, b.id], blockerIdentifiers: [a.identifier, b.identifier] } });
    await db().issue.update({ where: { id: a.id }, data: { status: "todo" } });
    await sweep(w);
    expect(await stallOf(issue.id)).toBeNull();
  });

  it("blocked_without_reason: no blocker and no comment since it became blocked", async () => {
    const w = await liveWorld();
    const issue = await makeIssue(w, { status: "blocked" });
    await sweep(w, minutes(5));
    expect(await stallOf(issue.id)).toMatchObject({ reason: "blocked_without_reason" });
    await db().issueComment.create({ data: { companyId: w.company.id, issueId: issue.id, body: "Waiting for the vendor", authorUserId: w.owner.id } });
    await sweep(w, minutes(5));
    expect(await stallOf(issue.id)).toBeNull();
  });

  it("waiting_on_approval and waiting_on_question: waiting within the company's limit, stalled past it", async () => {
    const w = await liveWorld();
    const issue = await makeIssue(w, { status: "in_progress" });
    const approval = await db().approval.create({ data: { companyId: w.company.id, type: "approve_ceo_strategy", requestedByAgentId: w.engineer.id } });
    await db().issueApproval.create({ data: { companyId: w.company.id, issueId: issue.id, approvalId: approval.id } });
    await sweep(w, minutes(60));
    expect(await stallOf(issue.id)).toBeNull();
    await sweep(w, minutes(24 * 60 + 1));
    expect(await stallOf(issue.id)).toMatchObject({ reason: "waiting_on_approval", facts: { approvalId: approval.id } });
    await db().approval.update({ where: { id: approval.id }, data: { status: "approved" } });
    const q = await db().question.create({ data: { companyId: w.company.id, issueId: issue.id, askedByAgentId: w.engineer.id, prompt: "Which one?", options: [] } });
    await sweep(w, minutes(24 * 60 + 1));
    expect(await stallOf(issue.id)).toMatchObject({ reason: "waiting_on_question", facts: { questionId: q.id } });
    await db().question.update({ where: { id: q.id }, data: { status: "answered" } });
    await queueWake(w, issue.id);
    await sweep(w, minutes(24 * 60 + 1));
    expect(await stallOf(issue.id)).toBeNull();
  });

  it("no_reviewer: in review, and the project's reviewer agent cannot run", async () => {
    const w = await liveWorld();
    const project = await db().project.create({ data: { companyId: w.company.id, name: "Site", review: { kind: "agent", agentId: w.ceo.id } } });
    const issue = await makeIssue(w, { status: "in_review", projectId: project.id });
    await sweep(w);
    expect(await stallOf(issue.id)).toBeNull();
    await db().agent.update({ where: { id: w.ceo.id }, data: { status: "terminated" } });
    await sweep(w);
    expect(await stallOf(issue.id)).toMatchObject({ reason: "no_reviewer", facts: { agentId: w.ceo.id, agentName: w.ceo.name } });
    await db().project.update({ where: { id: project.id }, data: { review: { kind: "board" } } });
    await sweep(w);
    expect(await stallOf(issue.id)).toBeNull();
    // the board reviews, and nobody on it may write
    await db().membership.updateMany({ where: { companyId: w.company.id }, data: { role: "viewer" } });
    await sweep(w);
    expect((await stallOf(issue.id))?.reason).toBe("no_reviewer");
  });
});
