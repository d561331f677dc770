// The liveness remedies with a real worker and real processes (the process adapter): a run that
// crashes is retried within the budget and then left; a run that hangs without a word is stopped at
// its silence limit, its process killed, and retried; a run that exits without doing anything leaves
// its issue to the lost-wake remedy, which wakes the agent once. A retry starts when its backoff ends,
// not at the worker's next fallback poll; a run the agent's configuration fails is not retried at all.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, sqlTx } from "@/lib/db/client";
import type { Worker } from "@/lib/runtime/worker";
import { stopSilentRuns } from "@/lib/services/liveness/remedies/silent-runs";
import { requeueLostWakes } from "@/lib/services/liveness/remedies/lost-wakes";
import { sweepCompany } from "@/lib/services/liveness/sweep-core";
import { prismaExec, requestWake, type WakeInput } from "@/lib/services/wakeups";
import { client } from "../support/api";
import { finishedRun, runOfWake, startWorker, waitFor } from "../support/runtime";
import { createAgent, createWorld } from "../factories";

let worker: Worker;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "charter-remedies-"));

beforeAll(async () => {
  worker = await startWorker();
});
afterAll(async () => {
  await worker.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});


async function setup(command: string, runtimeConfig: object) {
  const w = await createWorld();
  const agent = await createAgent(w.company.id, { adapterType: "process", adapterConfig: { command } });
  await db().agent.update({ where: { id: agent.id }, data: { runtimeConfig } });
  const issue = await db().issue.create({
    data: { companyId: w.company.id, number: 1, identifier: `${w.company.issuePrefix}-1`, title: "Keep moving", status: "todo", assigneeAgentId: agent.id },
  });
  const wake = await client(w.tokens.owner).post(`/api/agents/${agent.id}/wakeup`, { issueId: issue.id });
  expect(wake.status).toBe(202);
  return { w, agent, issue, firstRunId: await runOfWake(wake.body.id) };
}

const runsFor = (issueId: string) => db().heartbeatRun.findMany({ where: { issueId }, orderBy: { createdAt: "asc" } });
const queuedRetry = (issueId: string) => waitFor(() => db().wakeRequest.findFirst({ where: { issueId, reason: "retry", status: "queued" } }), "a queued retry");

/** Lets a retry run now instead of after its backoff, and tells the worker. */
async function dueNow(wakeId: string) {
  await db().wakeRequest.update({ where: { id: wakeId }, data: { notBefore: new Date(Date.now() - 1000) } });
  await db().$queryRaw`SELECT pg_notify('charter_wake', 'test')::text`;
}

const settle = () => new Promise((r) => setTimeout(r, 1500));
const queueWake = (input: WakeInput) => db().$transaction((tx) => requestWake(prismaExec(tx), input));

describe("remedies on real runs", () => {
  it("a crashing run is retried after its backoff within the budget, then left with its last error", async () => {
    const { issue, firstRunId } = await setup("echo 'boom: the tool crashed' >&2; exit 3", { retryBudget: 1 });
    expect((await finishedRun(firstRunId)).status).toBe("failed");
    const retry = await queuedRetry(issue.id);
    expect(retry.payload).toMatchObject({ remedy: "retry_failed_run" });
    expect(retry.notBefore!.getTime()).toBeGreaterThan(Date.now() + 10_000);
    // the backoff holds it: still queued a moment later
    await settle();
    expect((await db().wakeRequest.findUniqueOrThrow({ where: { id: retry.id } })).status).toBe("queued");
    await dueNow(retry.id);
    const second = await runOfWake(retry.id);
    expect((await finishedRun(second)).status).toBe("failed");
    await settle();
    // the budget (1 retry) is spent: two runs, one retry, nothing more queued
    expect(await runsFor(issue.id)).toHaveLength(2);
    expect(await db().livenessRemedy.count({ where: { issueId: issue.id, kind: "retry" } })).toBe(1);
    expect(await db().wakeRequest.count({ where: { issueId: issue.id, status: "queued" } })).toBe(0);
  });

  it("a run that hangs silently is stopped at its limit, its process killed, and retried", async () => {
    const pidFile = path.join(dir, "silent.pid");
    const { issue, firstRunId } = await setup(`echo $$ > ${pidFile}; exec sleep 60`, { silenceLimitSec: 60 });
    const pid = Number(await waitFor(async () => (fs.existsSync(pidFile) ? fs.readFileSync(pidFile, "utf8").trim() || null : null), "the program's pid"));
    await waitFor(async () => (await db().heartbeatRun.findUniqueOrThrow({ where: { id: firstRunId } })).status === "running", "the run to start");
    // two minutes on, as the worker's tick would see it
    expect(await stopSilentRuns(new Date(Date.now() + 120_000))).toEqual([firstRunId]);
    const run = await finishedRun(firstRunId);
    expect(run.status).toBe("timed_out");
    expect(run.error).toMatch(/^silent for 1\d\d s$/);
    const alive = () => { try { process.kill(pid, 0); return true; } catch { return false; } };
    await waitFor(async () => !alive(), "the silent program to be killed");
    const retry = await queuedRetry(issue.id);
    expect(retry.payload).toMatchObject({ remedy: "retry_silent_run" });
    await settle();
    // the worker's own finish afterwards neither changed the outcome nor retried it again
    expect(await db().heartbeatRun.findUniqueOrThrow({ where: { id: firstRunId } })).toMatchObject({ status: "timed_out", error: run.error });
    expect(await db().livenessRemedy.count({ where: { issueId: issue.id, kind: "retry" } })).toBe(1);
  });

  it("a run that exits without doing anything leaves a lost wake, re-queued once", async () => {
    const { issue, firstRunId } = await setup("exit 0", {});
    expect((await finishedRun(firstRunId)).status).toBe("succeeded");
    expect((await db().issue.findUniqueOrThrow({ where: { id: issue.id } })).status).toBe("todo");
    expect(await requeueLostWakes(new Date(Date.now() + 180_000))).toContain(issue.id);
    const wake = await db().wakeRequest.findFirstOrThrow({ where: { issueId: issue.id, reason: "retry" } });
    expect(wake.payload).toMatchObject({ remedy: "requeue_lost_wake" });
    expect((await finishedRun(await runOfWake(wake.id))).status).toBe("succeeded");
    // it did nothing again: not re-queued a second time (the sweep reports it as wake_lost)
    expect(await requeueLostWakes(new Date(Date.now() + 360_000))).not.toContain(issue.id);
    expect(await runsFor(issue.id)).toHaveLength(2);
  });

  it("a retry whose backoff ends in 2 s starts within a few seconds, without the fallback poll (the worker's is 10 min)", async () => {
    const { w, agent, issue, firstRunId } = await setup("exit 0", {});
    await finishedRun(firstRunId);
    const notBefore = new Date(Date.now() + 2000);
    const wake = await queueWake({ companyId: w.company.id, agentId: agent.id, reason: "retry", source: "test", issueId: issue.id, notBefore });
    expect(wake.status).toBe("queued");
    const runId = await waitFor(async () => (await db().wakeRequest.findUnique({ where: { id: wake.id } }))?.runId, "the retry to start", 6000);
    const run = await db().heartbeatRun.findUniqueOrThrow({ where: { id: runId } });
    expect(run.createdAt.getTime()).toBeGreaterThanOrEqual(notBefore.getTime());
    expect(run.createdAt.getTime()).toBeLessThan(notBefore.getTime() + 3000);
  });

  it("a person's wake joining a retry in its backoff starts it at once", async () => {
    const { w, agent, issue, firstRunId } = await setup("exit 0", {});
    await finishedRun(firstRunId);
    const held = await queueWake({ companyId: w.company.id, agentId: agent.id, reason: "retry", source: "test", issueId: issue.id, notBefore: new Date(Date.now() + 60_000) });
    await settle();
    expect((await db().wakeRequest.findUniqueOrThrow({ where: { id: held.id } })).status).toBe("queued");
    const mention = await queueWake({ companyId: w.company.id, agentId: agent.id, reason: "mention", source: "test", issueId: issue.id });
    expect(mention.status).toBe("coalesced");
    await waitFor(async () => (await db().wakeRequest.findUnique({ where: { id: held.id } }))?.runId, "the lifted retry to start", 5000);
  });

  it.each([
    ["no command", {}, /^adapterConfig\.command is not set/, "agent_unconfigured"],
    ["a program that cannot start", { command: "/nonexistent/charter-agent", args: [] }, /^could not start /, "wake_failed"],
  ] as const)("a run failing on its agent's configuration (%s) is not retried: the issue stalls at once", async (_what, adapterConfig, error, reason) => {
    const w = await createWorld();
    const agent = await createAgent(w.company.id, { adapterType: "process", adapterConfig });
    const issue = await db().issue.create({
      data: { companyId: w.company.id, number: 1, identifier: `${w.company.issuePrefix}-1`, title: "Never starts", status: "todo", assigneeAgentId: agent.id },
    });
    const wake = await client(w.tokens.owner).post(`/api/agents/${agent.id}/wakeup`, { issueId: issue.id });
    const run = await finishedRun(await runOfWake(wake.body.id));
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(error);
    await settle();
    expect(await db().wakeRequest.count({ where: { issueId: issue.id, status: "queued" } })).toBe(0);
    expect(await db().livenessRemedy.count({ where: { issueId: issue.id, kind: "retry" } })).toBe(0);
    await sqlTx((exec) => sweepCompany(exec, w.company.id, new Date()));
    expect((await db().issueStall.findUnique({ where: { issueId: issue.id } }))?.reason).toBe(reason);
  });
});
