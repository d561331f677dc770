// The liveness remedies on a real database, each called as the worker's tick calls it: the retry
// budget with its backoff, the claim honouring notBefore, the wake-loop guard, silent runs, stale
// checkouts and lost wakes. Each is applied once per cause, also by two instances at the same time,
// and none acts against a board user's change (livenessResetAt).
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { claimWakes } from "@/lib/runtime/queue";
import { appendLog } from "@/lib/runtime/run-records";
import { applyLivenessRemedies } from "@/lib/runtime/liveness-remedies";
import { retryAfterFinish } from "@/lib/services/liveness/remedies/retry";
import { stopSilentRuns } from "@/lib/services/liveness/remedies/silent-runs";
import { releaseStaleCheckouts } from "@/lib/services/liveness/remedies/stale-checkouts";
import { requeueLostWakes } from "@/lib/services/liveness/remedies/lost-wakes";
import { prismaExec, requestWake } from "@/lib/services/wakeups";
import { retryBackoffMs } from "@/lib/services/liveness/remedies/claim";
import { client } from "../support/api";
import { createWorld, mintRunKey } from "../factories";

type World = Awaited<ReturnType<typeof createWorld>>;
let issueNo = 1;

async function issueOf(w: World, data: { status?: "todo" | "in_progress"; assigneeAgentId?: string | null } = {}) {
  const n = issueNo++;
  return db().issue.create({
    data: { companyId: w.company.id, number: n, identifier: `${w.company.issuePrefix}-${n}`, title: `Issue ${n}`, status: data.status ?? "todo", assigneeAgentId: data.assigneeAgentId ?? w.engineer.id },
  });
}

const ago = (sec: number) => new Date(Date.now() - sec * 1000);
const runOf = (w: World, issueId: string, status: "failed" | "timed_out" | "cancelled" | "succeeded" | "running", extra: object = {}) =>
  db().heartbeatRun.create({ data: { companyId: w.company.id, agentId: w.engineer.id, issueId, status, adapterType: "process", startedAt: ago(60), finishedAt: status === "running" ? null : new Date(), error: status === "failed" ? "exit 3" : null, ...extra } });
const remedies = (issueId: string, kind?: string) => db().livenessRemedy.findMany({ where: { issueId, ...(kind ? { kind } : {}) }, orderBy: { createdAt: "asc" } });
const activity = (issueId: string, action: string) => db().activityLog.findMany({ where: { entityId: issueId, action }, orderBy: { id: "asc" } });
const wakesFor = (issueId: string) => db().wakeRequest.findMany({ where: { issueId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
/** Backdates an issue's updatedAt (Prisma's @updatedAt would overwrite it). */
const backdate = (issueId: string, sec: number, extra = "") =>
  db().$executeRawUnsafe(`UPDATE "Issue" SET "updatedAt" = now() - make_interval(secs => $1::int)${extra} WHERE id = $2::uuid`, sec, issueId);

describe("the retry budget", () => {
  it("backs off 30 s · 2^(n−1), capped at 30 min, within ±20 %", () => {
    expect([retryBackoffMs(1, 0.5), retryBackoffMs(2, 0.5), retryBackoffMs(3, 0.5)]).toEqual([30_000, 60_000, 120_000]);
    expect(retryBackoffMs(20, 0.5)).toBe(1_800_000);
    expect(retryBackoffMs(1, 0)).toBe(24_000);
    expect(retryBackoffMs(1, 1)).toBe(36_000);
  });

  it("a failed run is retried with its backoff while failures in a row are within the budget; a board change starts afresh", async () => {
    const w = await createWorld();
    await db().agent.update({ where: { id: w.engineer.id }, data: { runtimeConfig: { retryBudget: 2 } } });
    const issue = await issueOf(w);
    const f1 = await runOf(w, issue.id, "failed");
    const before = Date.now();
    expect(await retryAfterFinish(f1.id, "failed")).toBe(true);
    const [wake] = await wakesFor(issue.id);
    expect(wake).toMatchObject({ reason: "retry", status: "queued", payload: { remedy: "retry_failed_run", why: "the run failed", lastError: "exit 3" } });
    const delay = wake.notBefore!.getTime() - before;
    expect(delay).toBeGreaterThanOrEqual(23_000);
    expect(delay).toBeLessThanOrEqual(37_000);
    // once per run, however often it is asked
    expect(await retryAfterFinish(f1.id, "failed")).toBe(false);
    await db().wakeRequest.update({ where: { id: wake.id }, data: { status: "started" } });
    const f2 = await runOf(w, issue.id, "timed_out");
    expect(await retryAfterFinish(f2.id, "timed_out")).toBe(true);
    const f3 = await runOf(w, issue.id, "failed");
    expect(await retryAfterFinish(f3.id, "failed")).toBe(false);
    const scheduled = await activity(issue.id, "issue.retry_scheduled");
    expect(scheduled.map((a) => (a.details as { attempt: number }).attempt)).toEqual([1, 2]);
    expect(scheduled[0].actorType).toBe("system");
    // a board user's change resets the count: the next failure is retried again, as attempt 1
    await db().issue.update({ where: { id: issue.id }, data: { livenessResetAt: new Date() } });
    expect(await retryAfterFinish(f3.id, "failed")).toBe(false);
    const f4 = await runOf(w, issue.id, "failed");
    expect(await retryAfterFinish(f4.id, "failed")).toBe(true);
    expect(((await activity(issue.id, "issue.retry_scheduled")).at(-1)!.details as { attempt: number }).attempt).toBe(1);
  });

  it("a success ends the streak; a cancelled run, a done issue or a paused agent is not retried", async () => {
    const w = await createWorld();
    await db().agent.update({ where: { id: w.engineer.id }, data: { runtimeConfig: { retryBudget: 1 } } });
    const issue = await issueOf(w);
    await runOf(w, issue.id, "failed");
    await runOf(w, issue.id, "succeeded");
    const after = await runOf(w, issue.id, "failed");
    expect(await retryAfterFinish(after.id, "failed")).toBe(true);
    const cancelled = await runOf(w, issue.id, "cancelled");
    expect(await retryAfterFinish(cancelled.id, "cancelled")).toBe(false);
    const done = await issueOf(w);
    await db().issue.update({ where: { id: done.id }, data: { status: "done" } });
    expect(await retryAfterFinish((await runOf(w, done.id, "failed")).id, "failed")).toBe(false);
    const paused = await issueOf(w, { assigneeAgentId: w.manager.id });
    await db().agent.update({ where: { id: w.manager.id }, data: { status: "paused", pauseReason: "board" } });
    const run = await db().heartbeatRun.create({ data: { companyId: w.company.id, agentId: w.manager.id, issueId: paused.id, status: "failed", adapterType: "process" } });
    expect(await retryAfterFinish(run.id, "failed")).toBe(false);
  });

  it("the worker's tick retries a failure whose worker died before deciding (an orphan closed at recovery), once", async () => {
    const w = await createWorld();
    const issue = await issueOf(w);
    const orphan = await runOf(w, issue.id, "failed", { finishedAt: ago(60), heartbeatAt: ago(60), error: "closed at recovery" });
    await Promise.all([applyLivenessRemedies(), applyLivenessRemedies()]);
    const [wake] = await wakesFor(issue.id);
    expect(wake).toMatchObject({ reason: "retry", payload: { remedy: "retry_failed_run", lastError: "closed at recovery" } });
    expect(await remedies(issue.id, "retry")).toEqual([expect.objectContaining({ causeKey: orphan.id })]);
  });

  it("two instances deciding the same failure retry it once", async () => {
    const w = await createWorld();
    const issue = await issueOf(w);
    const f = await runOf(w, issue.id, "failed");
    const results = await Promise.all([retryAfterFinish(f.id, "failed"), retryAfterFinish(f.id, "failed"), retryAfterFinish(f.id, "failed")]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await remedies(issue.id, "retry")).toHaveLength(1);
    expect(await wakesFor(issue.id)).toHaveLength(1);
    expect(await activity(issue.id, "issue.retry_scheduled")).toHaveLength(1);
  });
});

describe("the claim", () => {
  it("leaves a wake queued until its notBefore; a wake without backoff that joins it lifts the wait", async () => {
    const w = await createWorld();
    const issue = await issueOf(w);
    const wake = await db().$transaction((tx) => requestWake(prismaExec(tx), {
      companyId: w.company.id, agentId: w.engineer.id, reason: "retry", source: "test", issueId: issue.id, notBefore: new Date(Date.now() + 60_000),
    }));
    await claimWakes("test-not-before", 50);
    expect((await db().wakeRequest.findUniqueOrThrow({ where: { id: wake.id } })).status).toBe("queued");
    // a board user's mention coalesces into it and runs it now
    const joined = await db().$transaction((tx) => requestWake(prismaExec(tx), { companyId: w.company.id, agentId: w.engineer.id, reason: "mention", source: "test", issueId: issue.id }));
    expect(joined.status).toBe("coalesced");
    expect((await db().wakeRequest.findUniqueOrThrow({ where: { id: wake.id } })).notBefore).toBeNull();
    await claimWakes("test-not-before", 50);
    expect((await db().wakeRequest.findUniqueOrThrow({ where: { id: wake.id } })).status).toBe("started");
  });

  it("the wake-loop guard skips a wake for an issue past its company's runs per hour, records it once, and yields to a board reset", async () => {
    const w = await createWorld();
    await db().company.update({ where: { id: w.company.id }, data: { wakeCapPerHour: 2 } });
    const issue = await issueOf(w);
    await runOf(w, issue.id, "succeeded");
    await runOf(w, issue.id, "succeeded");
    // runs older than an hour do not count
    await runOf(w, issue.id, "succeeded", { createdAt: ago(3700) });
    const wake = () => db().$transaction((tx) => requestWake(prismaExec(tx), { companyId: w.company.id, agentId: w.engineer.id, reason: "manual", source: "test", issueId: issue.id }));
    const first = await wake();
    await claimWakes("test-loop", 50);
    const second = await wake();
    await claimWakes("test-loop", 50);
    for (const id of [first.id, second.id]) {
      expect(await db().wakeRequest.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "skipped", skipReason: "wake_loop" });
    }
    const stopped = await activity(issue.id, "issue.wake_loop_stopped");
    expect(stopped).toHaveLength(1);
    expect(stopped[0].details).toMatchObject({ runs: 2, cap: 2 });
    await db().issue.update({ where: { id: issue.id }, data: { livenessResetAt: new Date() } });
    const third = await wake();
    await claimWakes("test-loop", 50);
    expect((await db().wakeRequest.findUniqueOrThrow({ where: { id: third.id } })).status).toBe("started");
  });
});

describe("silent runs", () => {
  it("a run silent past its agent's limit is closed as timed out with how long, retried, once on two instances; a live one is left", async () => {
    const w = await createWorld();
    await db().agent.update({ where: { id: w.engineer.id }, data: { runtimeConfig: { silenceLimitSec: 60 } } });
    const issue = await issueOf(w, { status: "in_progress" });
    const silent = await runOf(w, issue.id, "running", { startedAt: ago(300), lastActivityAt: ago(120) });
    const live = await runOf(w, (await issueOf(w, { status: "in_progress" })).id, "running", { startedAt: ago(300), lastActivityAt: ago(10) });
    const [a, b] = await Promise.all([stopSilentRuns(new Date()), stopSilentRuns(new Date())]);
    expect([...a, ...b]).toEqual([silent.id]);
    const run = await db().heartbeatRun.findUniqueOrThrow({ where: { id: silent.id } });
    expect(run.status).toBe("timed_out");
    expect(run.error).toMatch(/^silent for 1[12]\d s$/);
    expect((await db().heartbeatRun.findUniqueOrThrow({ where: { id: live.id } })).status).toBe("running");
    expect(await remedies(issue.id, "cancel_silent_run")).toHaveLength(1);
    expect(await activity(issue.id, "issue.silent_run_stopped")).toHaveLength(1);
    const [wake] = await wakesFor(issue.id);
    expect(wake).toMatchObject({ reason: "retry", payload: { remedy: "retry_silent_run" } });
    expect(wake.notBefore).not.toBeNull();
  });

  it("a paused company's or instance's silent runs are left to finish (a finish pause promises it), stopped once resumed", async () => {
    const w = await createWorld();
    await db().agent.update({ where: { id: w.engineer.id }, data: { runtimeConfig: { silenceLimitSec: 60 } } });
    const issue = await issueOf(w, { status: "in_progress" });
    const silent = await runOf(w, issue.id, "running", { startedAt: ago(300), lastActivityAt: ago(120) });
    await db().company.update({ where: { id: w.company.id }, data: { pausedAt: new Date(), pauseMode: "finish" } });
    expect(await stopSilentRuns(new Date())).not.toContain(silent.id);
    await db().company.update({ where: { id: w.company.id }, data: { pausedAt: null, pauseMode: null } });
    await db().instanceSetting.create({ data: { key: "instance.pause", value: JSON.stringify({ pausedAt: new Date().toISOString(), mode: "finish" }) } });
    try {
      expect(await stopSilentRuns(new Date())).not.toContain(silent.id);
    } finally {
      await db().instanceSetting.delete({ where: { key: "instance.pause" } });
    }
    expect((await db().heartbeatRun.findUniqueOrThrow({ where: { id: silent.id } })).status).toBe("running");
    expect(await remedies(issue.id)).toHaveLength(0);
    expect(await stopSilentRuns(new Date())).toContain(silent.id);
  });

  it("without a limit of its own an agent's run may be silent 15 minutes", async () => {
    const w = await createWorld();
    const issue = await issueOf(w, { status: "in_progress" });
    const run = await runOf(w, issue.id, "running", { startedAt: ago(800) });
    expect(await stopSilentRuns(new Date())).not.toContain(run.id);
    expect(await stopSilentRuns(new Date(Date.now() + 200_000))).toContain(run.id);
  });

  it("output in the log and API calls with the run key (the one-statement paths too) are the run's activity", async () => {
    const w = await createWorld();
    const touched = async (runId: string) => {
      for (let i = 0; i < 100; i++) {
        const at = (await db().heartbeatRun.findUniqueOrThrow({ where: { id: runId } })).lastActivityAt;
        if (at) return at;
        await new Promise((r) => setTimeout(r, 50));
      }
      return null;
    };
    const viaMe = await mintRunKey(w.engineer);
    const viaCompany = await mintRunKey(w.manager);
    const viaLog = await mintRunKey(w.ceo);
    expect(viaMe.run.lastActivityAt).toBeNull();
    expect((await client(viaMe.token).get("/api/agents/me")).status).toBe(200);
    expect((await client(viaCompany.token).get(`/api/agents/${w.manager.id}`)).status).toBe(200);
    await appendLog(viaLog.run.id, w.company.id, "working\n", 8);
    expect(await touched(viaMe.run.id)).not.toBeNull();
    expect(await touched(viaCompany.run.id)).not.toBeNull();
    expect(await touched(viaLog.run.id)).not.toBeNull();
    // a plain API key has no run to touch, and another run is not touched
    expect((await client(w.tokens.ceo).get("/api/agents/me")).status).toBe(200);
    const other = await mintRunKey(w.ceo);
    await new Promise((r) => setTimeout(r, 300));
    expect((await db().heartbeatRun.findUniqueOrThrow({ where: { id: other.run.id } })).lastActivityAt).toBeNull();
  });
});

describe("stale checkouts", () => {
  it("an issue checked out with no run and no activity past the company's limit goes back to todo, its agent told why, once", async () => {
    const w = await createWorld();
    const issue = await issueOf(w, { status: "in_progress" });
    await backdate(issue.id, 3 * 3600, `, "lockedAt" = now() - interval '3 hours'`);
    // a recent comment, a running run or a fresh change keeps others
    const commented = await issueOf(w, { status: "in_progress" });
    await db().issueComment.create({ data: { companyId: w.company.id, issueId: commented.id, body: "working on it" } });
    await backdate(commented.id, 3 * 3600);
    const running = await issueOf(w, { status: "in_progress" });
    await runOf(w, running.id, "running");
    await backdate(running.id, 3 * 3600);
    const fresh = await issueOf(w, { status: "in_progress" });
    const [a, b] = await Promise.all([releaseStaleCheckouts(new Date()), releaseStaleCheckouts(new Date())]);
    expect([...a, ...b]).toEqual([issue.id]);
    const after = await db().issue.findUniqueOrThrow({ where: { id: issue.id } });
    expect(after).toMatchObject({ status: "todo", assigneeAgentId: w.engineer.id, checkoutRunId: null, lockedAt: null });
    const comments = await db().issueComment.findMany({ where: { issueId: issue.id } });
    expect(comments).toHaveLength(1);
    expect(comments[0]).toMatchObject({ authorAgentId: null, authorUserId: null });
    expect(comments[0].body).toMatch(/no run and no activity on it for 3 h .*limit is 2 h/);
    const [wake] = await wakesFor(issue.id);
    expect(wake).toMatchObject({ agentId: w.engineer.id, reason: "mention", commentId: comments[0].id });
    expect(await activity(issue.id, "issue.stale_checkout_released")).toHaveLength(1);
    expect(await db().event.count({ where: { subjectId: issue.id, type: "issue.status_changed" } })).toBe(1);
    for (const other of [commented, running, fresh]) expect((await db().issue.findUniqueOrThrow({ where: { id: other.id } })).status).toBe("in_progress");
  });

  it("a paused company's checkouts are left alone", async () => {
    const w = await createWorld();
    await db().company.update({ where: { id: w.company.id }, data: { pausedAt: new Date() } });
    const issue = await issueOf(w, { status: "in_progress" });
    await backdate(issue.id, 3 * 3600);
    expect(await releaseStaleCheckouts(new Date())).not.toContain(issue.id);
  });
});

describe("lost wakes", () => {
  it("an assigned todo issue with nothing pending is woken again once per cause, on two instances once", async () => {
    const w = await createWorld();
    const issue = await issueOf(w);
    await backdate(issue.id, 300);
    const pending = await issueOf(w);
    await backdate(pending.id, 300);
    await db().$transaction((tx) => requestWake(prismaExec(tx), { companyId: w.company.id, agentId: w.engineer.id, reason: "manual", source: "t", issueId: pending.id }));
    const young = await issueOf(w);
    const [a, b] = await Promise.all([requeueLostWakes(new Date()), requeueLostWakes(new Date())]);
    expect([...a, ...b].filter((id) => [issue.id, pending.id, young.id].includes(id))).toEqual([issue.id]);
    const [wake] = await wakesFor(issue.id);
    expect(wake).toMatchObject({ reason: "retry", payload: { remedy: "requeue_lost_wake" } });
    expect(await activity(issue.id, "issue.wake_requeued")).toHaveLength(1);
    // the wake ran and the issue is still lost: not again (the sweep reports it) until a board user changes it
    await db().wakeRequest.update({ where: { id: wake.id }, data: { status: "skipped", createdAt: ago(600) } });
    expect(await requeueLostWakes(new Date())).not.toContain(issue.id);
    await db().issue.update({ where: { id: issue.id }, data: { livenessResetAt: ago(400) } });
    await backdate(issue.id, 300);
    expect(await requeueLostWakes(new Date())).toContain(issue.id);
    expect(await remedies(issue.id, "requeue_lost_wake")).toHaveLength(2);
  });

  it("not for a paused agent, a paused company, or an issue whose last run failed (the retry budget's)", async () => {
    const w = await createWorld();
    const failed = await issueOf(w);
    await runOf(w, failed.id, "failed", { finishedAt: ago(600) });
    await backdate(failed.id, 300);
    const ofPaused = await issueOf(w, { assigneeAgentId: w.manager.id });
    await db().agent.update({ where: { id: w.manager.id }, data: { status: "paused", pauseReason: "board" } });
    await backdate(ofPaused.id, 300);
    expect(await requeueLostWakes(new Date())).not.toEqual(expect.arrayContaining([failed.id]));
    expect(await requeueLostWakes(new Date())).not.toContain(ofPaused.id);
    const w2 = await createWorld();
    await db().company.update({ where: { id: w2.company.id }, data: { pausedAt: new Date() } });
    const inPaused = await issueOf(w2);
    await backdate(inPaused.id, 300);
    expect(await requeueLostWakes(new Date())).not.toContain(inPaused.id);
  });
});
