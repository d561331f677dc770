// Where a remedy must hold back, on a real database: the wake-loop guard refuses only the capped
// issue's wakes (another issue's wake coalesced with them still runs), the retry catch-up decides each
// failure once and moves on, and a failure of the agent's configuration is not retried (no budget
// spent): the sweep reports it at once.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { claimWakes } from "@/lib/runtime/queue";
import { retryAfterFinish, retryMissedFailures } from "@/lib/services/liveness/remedies/retry";
import { prismaExec, requestWake } from "@/lib/services/wakeups";
import { makeIssue, makeRun, stallOf, sweep, type LiveWorld } from "../support/liveness";
import { createWorld } from "../factories";

const ago = (sec: number) => new Date(Date.now() - sec * 1000);
const failed = (w: LiveWorld, issueId: string, extra: object = {}) =>
  makeRun(w, issueId, { status: "failed", startedAt: ago(60), finishedAt: new Date(), error: "exit 3", ...extra });
const remedies = (issueId: string, kind: string) => db().livenessRemedy.findMany({ where: { issueId, kind }, orderBy: { createdAt: "asc" } });
const wakesFor = (issueId: string) => db().wakeRequest.findMany({ where: { issueId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
const wakeRow = (id: string) => db().wakeRequest.findUniqueOrThrow({ where: { id } });
const runIssue = async (wakeId: string) => (await db().heartbeatRun.findUniqueOrThrow({ where: { id: (await wakeRow(wakeId)).runId! } })).issueId;

describe("the wake-loop guard with coalesced wakes", () => {
  const setup = async () => {
    const w = await createWorld();
    await db().company.update({ where: { id: w.company.id }, data: { wakeCapPerHour: 2 } });
    const looping = await makeIssue(w);
    const other = await makeIssue(w);
    await makeRun(w, looping.id);
    await makeRun(w, looping.id);
    const wake = (issueId: string) => db().$transaction((tx) => requestWake(prismaExec(tx), { companyId: w.company.id, agentId: w.engineer.id, reason: "manual", source: "test", issueId }));
    return { looping, other, wake };
  };

  it("another issue's wake queued first keeps its run when the capped issue's wake coalesced into it", async () => {
    const { looping, other, wake } = await setup();
    const first = await wake(other.id);
    const second = await wake(looping.id);
    expect(second.status).toBe("coalesced");
    await claimWakes("test-loop-group", 50);
    expect(await wakeRow(second.id)).toMatchObject({ status: "skipped", skipReason: "wake_loop", runId: null });
    expect(await wakeRow(first.id)).toMatchObject({ status: "started" });
    expect(await runIssue(first.id)).toBe(other.id);
    // the refusal names the capped issue, never the other one
    expect(await db().wakeRequest.count({ where: { issueId: other.id, status: "skipped" } })).toBe(0);
  });

  it("another issue's wakes coalesced into the capped issue's take its place in the queue and run", async () => {
    const { looping, other, wake } = await setup();
    const first = await wake(looping.id);
    const second = await wake(other.id);
    const third = await wake(other.id);
    expect([second.status, third.status]).toEqual(["coalesced", "coalesced"]);
    await claimWakes("test-loop-group", 50);
    expect(await wakeRow(first.id)).toMatchObject({ status: "skipped", skipReason: "wake_loop" });
    expect(await wakeRow(second.id)).toMatchObject({ status: "queued", coalescedIntoId: null });
    expect(await wakeRow(third.id)).toMatchObject({ status: "coalesced", coalescedIntoId: second.id });
    await claimWakes("test-loop-group", 50);
    expect(await wakeRow(second.id)).toMatchObject({ status: "started" });
    expect((await wakeRow(third.id)).runId).toBe((await wakeRow(second.id)).runId);
    expect(await runIssue(second.id)).toBe(other.id);
  });
});

describe("failures not worth retrying", () => {
  it("the catch-up decides each missed failure once, oldest first: one it does not retry is recorded and never selected again", async () => {
    const w = await createWorld();
    const done = await makeIssue(w, { status: "done" });
    for (const sec of [120, 119, 118]) await failed(w, done.id, { finishedAt: ago(sec), heartbeatAt: ago(sec) });
    const live = await makeIssue(w);
    const missed = await failed(w, live.id, { finishedAt: ago(60), heartbeatAt: ago(60) });
    // two at a time: the done issue's three failures must not hold the fourth back
    for (let i = 0; i < 4 && (await wakesFor(live.id)).length === 0; i++) await retryMissedFailures(new Date(), 2);
    expect(await wakesFor(live.id)).toEqual([expect.objectContaining({ reason: "retry", payload: expect.objectContaining({ remedy: "retry_failed_run" }) })]);
    expect(await remedies(live.id, "retry")).toEqual([expect.objectContaining({ causeKey: missed.id })]);
    const declined = await remedies(done.id, "retry_declined");
    expect(declined).toHaveLength(3);
    expect(declined.every((d) => (d.details as { why: string }).why === "the issue moved on")).toBe(true);
    expect(await retryMissedFailures(new Date(), 2)).toBe(0);
    expect(await remedies(done.id, "retry_declined")).toHaveLength(3);
  });

  it("a run its agent's configuration failed is not retried and spends no budget; the sweep says why at once", async () => {
    // createWorld's agents have no command: the process adapter refuses to start
    const w = await createWorld();
    await db().agent.update({ where: { id: w.engineer.id }, data: { runtimeConfig: { retryBudget: 1 } } });
    const issue = await makeIssue(w);
    const unconfigured = await failed(w, issue.id, { error: "adapterConfig.command is not set: nothing to run" });
    expect(await retryAfterFinish(unconfigured.id, "failed")).toBe(false);
    expect(await wakesFor(issue.id)).toHaveLength(0);
    expect(await remedies(issue.id, "retry_declined")).toEqual([expect.objectContaining({ causeKey: unconfigured.id })]);
    await sweep(w);
    expect(await stallOf(issue.id)).toMatchObject({ reason: "agent_unconfigured", facts: { agentId: w.engineer.id } });

    // a command that cannot start: the agent looks configured, its run says otherwise
    await db().agent.update({ where: { id: w.engineer.id }, data: { adapterConfig: { command: "/nonexistent/agent", args: [] } } });
    const cannotStart = await failed(w, issue.id, { error: "could not start /nonexistent/agent: spawn /nonexistent/agent ENOENT" });
    expect(await retryAfterFinish(cannotStart.id, "failed")).toBe(false);
    expect(await wakesFor(issue.id)).toHaveLength(0);
    await sweep(w);
    expect(await stallOf(issue.id)).toMatchObject({ reason: "wake_failed", facts: { runId: cannotStart.id } });

    // fixed: the next real failure is attempt 1 of the whole budget, the configuration's two spent nothing
    await db().agent.update({ where: { id: w.engineer.id }, data: { adapterConfig: { command: "true" } } });
    const real = await failed(w, issue.id);
    expect(await retryAfterFinish(real.id, "failed")).toBe(true);
    const scheduled = await db().activityLog.findMany({ where: { entityId: issue.id, action: "issue.retry_scheduled" } });
    expect(scheduled.map((a) => (a.details as { attempt: number }).attempt)).toEqual([1]);
  });
});
