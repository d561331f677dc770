// The wake queue and the worker: triggers create exactly the wakes they should, queued wakes of one
// agent coalesce into one run, one run per agent at a time (unless configured), wakes of agents
// that may not run are skipped with the reason, the loop breaker, cancel and timeout.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { prismaExec, requestWake } from "@/lib/services/wakeups";
import { recordCostEvent } from "@/lib/services/costs";
import { fireTimers } from "@/lib/runtime/timers";
import { eventDataSchema } from "@/lib/services/outbox/catalogue";
import type { Worker } from "@/lib/runtime/worker";
import { client } from "../support/api";
import { finishedRun, runOfWake, startWorker, waitFor } from "../support/runtime";
import { createAgent, createWorld, mintRunKey } from "../factories";

let worker: Worker;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "charter-queue-"));

beforeAll(async () => {
  worker = await startWorker({ concurrency: 8 });
});
afterAll(async () => {
  await worker.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const wakesOf = (agentId: string) => db().wakeRequest.findMany({ where: { agentId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
const runsOf = (agentId: string) => db().heartbeatRun.findMany({ where: { agentId }, orderBy: { createdAt: "asc" } });
const wake = (companyId: string, agentId: string, reason: "manual" | "approval" = "manual", extra: object = {}) =>
  db().$transaction((tx) => requestWake(prismaExec(tx), { companyId, agentId, reason, source: "test", ...extra }));

describe("triggers create exactly their wakes", () => {
  it("assignment, mention and run-now each record one wake with its context; self-assignment none", async () => {
    const w = await createWorld();
    const owner = client(w.tokens.owner);
    const issue = (await owner.post(`/api/companies/${w.company.id}/issues`, { title: "T", assigneeAgentId: w.engineer.id })).body;
    const comment = (await owner.post(`/api/issues/${issue.id}/comments`, { body: `@${w.manager.name} please look` })).body;
    const manual = await owner.post(`/api/agents/${w.ceo.id}/wakeup`, {});
    expect(manual.status).toBe(202);
    await client(w.tokens.engineer).post(`/api/companies/${w.company.id}/issues`, { title: "mine", assigneeAgentId: w.engineer.id });
    const [eng, mgr, ceo] = await Promise.all([wakesOf(w.engineer.id), wakesOf(w.manager.id), wakesOf(w.ceo.id)]);
    // (the engineer has no command, so its run fails and the retry budget may already have queued a `retry`)
    expect(eng.filter((x) => x.reason !== "retry").map((x) => [x.reason, x.issueId])).toEqual([["assignment", issue.id]]);
    expect(mgr.map((x) => [x.reason, x.issueId, x.commentId])).toEqual([["mention", issue.id, comment.id]]);
    expect(ceo.map((x) => x.reason)).toEqual(["manual"]);
    // the wakes are visible to the board, and the run-now left an activity row
    const listed = await owner.get(`/api/agents/${w.ceo.id}/wakeups`);
    expect(listed.body.map((x: { id: string }) => x.id)).toEqual([manual.body.id]);
    expect(await db().activityLog.count({ where: { companyId: w.company.id, action: "agent.wake_requested", entityId: w.ceo.id } })).toBe(1);
  });

  it("run-now: another agent may not (403), a paused agent is 422, an unknown issue is 422, bad bodies are 400", async () => {
    const w = await createWorld();
    const owner = client(w.tokens.owner);
    expect((await client(w.tokens.ceo).post(`/api/agents/${w.engineer.id}/wakeup`, {})).status).toBe(403);
    expect((await owner.post(`/api/agents/${w.engineer.id}/wakeup`, { issueId: "0190c0de-0000-7000-8000-000000000000" })).body.code).toBe("invalid_reference");
    expect((await owner.post(`/api/agents/${w.engineer.id}/wakeup`, { bogus: 1 })).status).toBe(400);
    await owner.post(`/api/agents/${w.engineer.id}/pause`);
    const paused = await owner.post(`/api/agents/${w.engineer.id}/wakeup`, {});
    expect([paused.status, paused.body.code]).toEqual([422, "invalid_transition"]);
    expect(await wakesOf(w.engineer.id)).toHaveLength(0);
  });

  it("the timer wakes an enabled agent with work once per interval, and skips one with nothing assigned", async () => {
    const w = await createWorld();
    const cfg = { heartbeat: { enabled: true, intervalSec: 3600 } };
    const busy = await createAgent(w.company.id, { name: `Busy ${Date.now()}` });
    const idle = await createAgent(w.company.id, { name: `Idle ${Date.now()}` });
    await db().agent.updateMany({ where: { id: { in: [busy.id, idle.id] } }, data: { runtimeConfig: cfg, status: "paused", pauseReason: "board" } });
    await db().issue.create({ data: { companyId: w.company.id, number: 999, identifier: `${w.company.issuePrefix}-999`, title: "x", status: "todo", assigneeAgentId: busy.id } });
    // paused agents are not timed; once idle, the busy one gets exactly one timer wake
    await fireTimers();
    expect(await wakesOf(busy.id)).toHaveLength(0);
    await db().agent.updateMany({ where: { id: { in: [busy.id, idle.id] } }, data: { status: "idle", pauseReason: null } });
    await fireTimers();
    await fireTimers();
    expect((await wakesOf(busy.id)).map((x) => x.reason)).toEqual(["timer"]);
    expect(await wakesOf(idle.id)).toHaveLength(0);
    // agents with timers off (the default) never get one
    expect(await wakesOf(w.engineer.id)).toHaveLength(0);
  });
});

describe("coalescing and one run per agent", () => {
  it("wakes queued while the agent runs coalesce into one next run; runs of one agent never overlap", async () => {
    const w = await createWorld();
    const agent = await createAgent(w.company.id, { name: `Slow ${Date.now()}`, adapterConfig: { command: "sleep 0.4" } });
    const first = await wake(w.company.id, agent.id);
    await runOfWake(first.id);
    const more: { id: string; status: string }[] = [];
    for (let i = 0; i < 5; i++) more.push(await wake(w.company.id, agent.id));
    expect(more.map((m) => m.status)).toEqual(["queued", "coalesced", "coalesced", "coalesced", "coalesced"]);
    const secondRun = await runOfWake(more[0].id);
    await finishedRun(secondRun);
    const runs = await runsOf(agent.id);
    expect(runs).toHaveLength(2);
    expect(runs[1].startedAt!.getTime()).toBeGreaterThanOrEqual(runs[0].finishedAt!.getTime());
    // every wake is accounted for: started, or coalesced into a wake whose run it shares
    const wakes = await wakesOf(agent.id);
    expect(wakes.filter((x) => x.status === "started")).toHaveLength(2);
    expect(wakes.filter((x) => x.status === "coalesced").every((x) => x.runId === secondRun && x.coalescedIntoId === more[0].id)).toBe(true);
  });

  it("a run answers every wake coalesced into it: the newest comment and approval reach its environment", async () => {
    const w = await createWorld();
    const out = path.join(dir, `ctx-${Date.now()}.txt`);
    const agent = await createAgent(w.company.id, { name: `Ctx ${Date.now()}`, adapterConfig: { command: `sleep 0.3; env | grep '^SERVICE_' > ${out}` } });
    const first = await wake(w.company.id, agent.id);
    await runOfWake(first.id);
    const issue = await db().issue.create({ data: { companyId: w.company.id, number: 999, identifier: `${w.company.issuePrefix}-999`, title: "Ctx" } });
    const queued = await wake(w.company.id, agent.id); // run-now, no context
    const approvalId = "01900000-0000-7000-8000-000000000001";
    const approval = await wake(w.company.id, agent.id, "approval", { approvalId, payload: { approvalStatus: "approved", linkedIssueIds: [issue.id] } });
    expect([queued.status, approval.status]).toEqual(["queued", "coalesced"]);
    await finishedRun(await runOfWake(queued.id));
    const env = Object.fromEntries(fs.readFileSync(out, "utf8").trim().split("\n").map((l) => l.split(/=(.*)/s).slice(0, 2)));
    expect(env.SERVICE_APPROVAL_ID).toBe(approvalId);
    expect(env.SERVICE_APPROVAL_STATUS).toBe("approved");
    expect(env.SERVICE_LINKED_ISSUE_IDS).toBe(issue.id);
  });

  it("runtimeConfig.maxConcurrentRuns lets an agent run that many at once", async () => {
    const w = await createWorld();
    const agent = await createAgent(w.company.id, { name: `Wide ${Date.now()}`, adapterConfig: { command: "sleep 1" } });
    await db().agent.update({ where: { id: agent.id }, data: { runtimeConfig: { maxConcurrentRuns: 2 } } });
    const a = await wake(w.company.id, agent.id);
    await runOfWake(a.id);
    const b = await wake(w.company.id, agent.id);
    await runOfWake(b.id);
    const c = await wake(w.company.id, agent.id);
    const open = await db().heartbeatRun.count({ where: { agentId: agent.id, status: { in: ["queued", "running"] } } });
    expect(open).toBe(2);
    expect((await db().wakeRequest.findUniqueOrThrow({ where: { id: c.id } })).status).toBe("queued");
    await finishedRun(await runOfWake(c.id));
  });
});

describe("skipped wakes", () => {
  it("paused, terminated and pending agents are not run: their wakes are skipped with the reason", async () => {
    const w = await createWorld();
    const cases = [
      { status: "paused" as const, pauseReason: "board" as const, why: "agent is paused (board)" },
      { status: "terminated" as const, pauseReason: null, why: "agent is terminated" },
      { status: "pending_approval" as const, pauseReason: null, why: "agent is pending approval" },
    ];
    for (const c of cases) {
      const agent = await createAgent(w.company.id, { name: `${c.status} ${Date.now()}`, status: c.status, adapterConfig: { command: "true" } });
      if (c.pauseReason) await db().agent.update({ where: { id: agent.id }, data: { pauseReason: c.pauseReason } });
      const x = await wake(w.company.id, agent.id);
      const skipped = await waitFor(async () => {
        const row = await db().wakeRequest.findUniqueOrThrow({ where: { id: x.id } });
        return row.status === "skipped" ? row : null;
      }, `${c.status} wake skipped`);
      expect(skipped.skipReason).toBe(c.why);
      expect(await runsOf(agent.id)).toHaveLength(0);
    }
  });

  it("a budget pause left from last month is lifted when its wake is claimed; one still over budget is skipped", async () => {
    const w = await createWorld();
    const make = async (name: string) => {
      const agent = await createAgent(w.company.id, { name: `${name} ${Date.now()}`, status: "paused", adapterConfig: { command: "true" }, budgetMonthlyCents: 100 });
      await db().agent.update({ where: { id: agent.id }, data: { pauseReason: "budget" } });
      return agent;
    };
    const lastMonth = await make("Over last month");
    const thisMonth = await make("Over this month");
    const rows = await db().$transaction(async (tx) => {
      const start = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
      await recordCostEvent(prismaExec(tx), { companyId: w.company.id, agentId: lastMonth.id, provider: "p", model: "m", costCents: 150, occurredAt: new Date(start.getTime() - 86_400_000) });
      return recordCostEvent(prismaExec(tx), { companyId: w.company.id, agentId: thisMonth.id, provider: "p", model: "m", costCents: 150 });
    });
    expect(rows.event.costCents).toBe(150);
    const resumedWake = await wake(w.company.id, lastMonth.id);
    const skippedWake = await wake(w.company.id, thisMonth.id);
    await finishedRun(await runOfWake(resumedWake.id));
    const skipped = await waitFor(async () => {
      const row = await db().wakeRequest.findUniqueOrThrow({ where: { id: skippedWake.id } });
      return row.status === "skipped" ? row : null;
    }, "over-budget wake skipped");
    expect(skipped.skipReason).toBe("agent is paused (budget)");
  });

  it("the loop breaker pauses an agent woken too often without progress and tells the board", async () => {
    const w = await createWorld();
    const agent = await createAgent(w.company.id, { name: `Loopy ${Date.now()}`, adapterConfig: { command: "true" } });
    await db().agent.update({ where: { id: agent.id }, data: { runtimeConfig: { loopBreaker: { maxRuns: 3, windowMinutes: 10 } } } });
    for (let i = 0; i < 3; i++) await finishedRun(await runOfWake((await wake(w.company.id, agent.id)).id));
    const fourth = await wake(w.company.id, agent.id);
    const row = await waitFor(async () => {
      const r = await db().wakeRequest.findUniqueOrThrow({ where: { id: fourth.id } });
      return r.status === "skipped" ? r : null;
    }, "loop-broken wake");
    expect(row.skipReason).toMatch(/^loop breaker: 3 runs in 10 minutes without progress/);
    const after = await db().agent.findUniqueOrThrow({ where: { id: agent.id } });
    expect([after.status, after.pauseReason]).toEqual(["paused", "loop"]);
    const activity = await client(w.tokens.owner).get(`/api/companies/${w.company.id}/activity?action=agent.paused&entityId=${agent.id}`);
    expect(activity.body).toHaveLength(1);
    expect(activity.body[0]).toMatchObject({ actorType: "system", details: { reason: "loop", runs: 3, windowMinutes: 10 } });
    // and the outbox has its event, for webhooks and notifications (docs/events.md)
    const events = await db().event.findMany({ where: { companyId: w.company.id, type: "agent.paused" } });
    expect(events.map((e) => [e.actorType, eventDataSchema("agent.paused").strict().parse(e.data)])).toEqual([["system", { agentId: agent.id, name: agent.name, reason: "loop" }]]);
    expect(await runsOf(agent.id)).toHaveLength(3);
  });

  it("progress (a status change by the agent) keeps the loop breaker away", async () => {
    const w = await createWorld();
    const agent = await createAgent(w.company.id, { name: `Busy ${Date.now()}`, adapterConfig: { command: "true" } });
    await db().agent.update({ where: { id: agent.id }, data: { runtimeConfig: { loopBreaker: { maxRuns: 2, windowMinutes: 10 } } } });
    for (let i = 0; i < 2; i++) await finishedRun(await runOfWake((await wake(w.company.id, agent.id)).id));
    await db().activityLog.create({ data: { companyId: w.company.id, actorType: "agent", actorId: agent.id, action: "issue.status_changed", entityType: "issue", entityId: agent.id } });
    const third = await wake(w.company.id, agent.id);
    expect((await finishedRun(await runOfWake(third.id))).status).toBe("succeeded");
  });
});

describe("cancel and timeout", () => {
  it("POST /api/heartbeat-runs/:id/cancel stops the process group and closes the run", async () => {
    const w = await createWorld();
    const pidFile = path.join(dir, `pid-${Date.now()}`);
    const agent = await createAgent(w.company.id, { name: `Long ${Date.now()}`, adapterConfig: { command: `sh -c 'echo $$ > ${pidFile}; sleep 30' ; true` } });
    const runId = await runOfWake((await wake(w.company.id, agent.id)).id);
    const pid = Number(await waitFor(async () => fs.existsSync(pidFile) && fs.readFileSync(pidFile, "utf8").trim(), "the agent's pid"));
    const res = await client(w.tokens.owner).post(`/api/heartbeat-runs/${runId}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("cancelled");
    await waitFor(async () => {
      try {
        process.kill(pid, 0);
        return false;
      } catch {
        return true;
      }
    }, "the agent process to be killed");
    const run = await finishedRun(runId);
    expect(run.status).toBe("cancelled");
    // repeating is a no-op; a finished run cannot be cancelled
    expect((await client(w.tokens.owner).post(`/api/heartbeat-runs/${runId}/cancel`)).status).toBe(200);
    expect((await client(w.tokens.ceo).post(`/api/heartbeat-runs/${runId}/cancel`)).status).toBe(403);
  });

  it("a run past adapterConfig.timeoutSec is timed_out and its process killed", async () => {
    const w = await createWorld();
    const agent = await createAgent(w.company.id, { name: `Stuck ${Date.now()}`, adapterConfig: { command: "sleep 30", timeoutSec: 1 } });
    const run = await finishedRun(await runOfWake((await wake(w.company.id, agent.id)).id));
    expect(run.status).toBe("timed_out");
    expect(run.finishedAt!.getTime() - run.startedAt!.getTime()).toBeLessThan(8000);
    const done = await client(w.tokens.owner).post(`/api/heartbeat-runs/${run.id}/cancel`);
    expect([done.status, done.body.code]).toEqual([422, "invalid_transition"]);
    expect((await db().agent.findUniqueOrThrow({ where: { id: agent.id } })).status).toBe("error");
  });
});

describe("approval wakes", () => {
  it("map to SERVICE_APPROVAL_ID, SERVICE_APPROVAL_STATUS and SERVICE_LINKED_ISSUE_IDS", async () => {
    const w = await createWorld();
    const out = path.join(dir, `approval-${Date.now()}.txt`);
    const agent = await createAgent(w.company.id, {
      name: `Requester ${Date.now()}`,
      adapterConfig: { command: `printf '%s|%s|%s|%s' "$SERVICE_WAKE_REASON" "$SERVICE_APPROVAL_ID" "$SERVICE_APPROVAL_STATUS" "$SERVICE_LINKED_ISSUE_IDS" > ${out}` },
    });
    const approvalId = "0190c0de-0000-7000-8000-0000000000aa";
    const linked = ["0190c0de-0000-7000-8000-0000000000b1", "0190c0de-0000-7000-8000-0000000000b2"];
    const x = await wake(w.company.id, agent.id, "approval", { approvalId, payload: { approvalStatus: "approved", linkedIssueIds: linked } });
    expect((await finishedRun(await runOfWake(x.id))).status).toBe("succeeded");
    expect(fs.readFileSync(out, "utf8")).toBe(`approval|${approvalId}|approved|${linked.join(",")}`);
  });
});

describe("cancel without a worker", () => {
  it("a queued run no worker holds is cancelled at once, its key stops working and the agent is idle again", async () => {
    const w = await createWorld();
    const agent = await createAgent(w.company.id, { name: `Held ${Date.now()}`, status: "running" });
    const { run, token } = await mintRunKey(agent);
    expect((await client(token).get("/api/agents/me")).status).toBe(200);
    const res = await client(w.tokens.owner).post(`/api/heartbeat-runs/${run.id}/cancel`);
    expect([res.status, res.body.status, res.body.error]).toEqual([200, "cancelled", "cancelled by the board"]);
    expect((await client(token).get("/api/agents/me")).status).toBe(401);
    expect((await db().agent.findUniqueOrThrow({ where: { id: agent.id } })).status).toBe("idle");
    const activity = await db().activityLog.findMany({ where: { companyId: w.company.id, action: "run.cancelled", entityId: run.id } });
    expect(activity).toHaveLength(1);
  });
});
