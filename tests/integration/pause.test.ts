// The company and instance pause through the API (docs/pause.md): who may, what a second pause or resume
// does, and what a pause stops without a worker: timer heartbeats and routine fires.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { claimWakes } from "@/lib/runtime/queue";
import { fireTimers } from "@/lib/runtime/timers";
import { fireDueRoutines } from "@/lib/services/routines/scheduler";
import { client } from "../support/api";
import { at, makeRoutine, runsOf, scheduleFrom } from "../support/routines";
import { createBoardUser, createWorld } from "../factories";

afterEach(async () => {
  // an instance pause must not leak into the next test of this file's database
  await db().instanceSetting.deleteMany({ where: { key: "instance.pause" } });
});

describe("company pause API", () => {
  it("an owner pauses and resumes; a second pause keeps pausedAt, cancel escalates a finish once", async () => {
    const w = await createWorld();
    const owner = client(w.tokens.owner);
    const paused = await owner.post(`/api/companies/${w.company.id}/pause`, {});
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ id: w.company.id, pauseMode: "finish", status: "active" });
    expect(Date.parse(paused.body.pausedAt)).not.toBeNaN();

    const again = await owner.post(`/api/companies/${w.company.issuePrefix}/pause`, { mode: "finish" });
    expect(again.status).toBe(200);
    expect(again.body.pausedAt).toBe(paused.body.pausedAt);
    const escalated = await owner.post(`/api/companies/${w.company.id}/pause`, { mode: "cancel" });
    expect(escalated.body).toMatchObject({ pausedAt: paused.body.pausedAt, pauseMode: "cancel" });
    expect((await owner.post(`/api/companies/${w.company.id}/pause`, { mode: "finish" })).body.pauseMode).toBe("cancel");
    expect((await owner.get(`/api/companies/${w.company.id}`)).body).toMatchObject({ pausedAt: paused.body.pausedAt, pauseMode: "cancel" });

    const resumed = await owner.post(`/api/companies/${w.company.id}/resume`);
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ pausedAt: null, pauseMode: null });
    expect((await owner.post(`/api/companies/${w.company.id}/resume`)).status).toBe(200);

    const log = await db().activityLog.findMany({ where: { companyId: w.company.id, action: { in: ["company.paused", "company.resumed"] } }, orderBy: { id: "asc" } });
    expect(log.map((r) => [r.action, r.details])).toEqual([
      ["company.paused", { mode: "finish", cancelledRuns: 0 }],
      ["company.paused", { mode: "cancel", cancelledRuns: 0, escalated: true }],
      ["company.resumed", { pausedAt: paused.body.pausedAt }],
    ]);
    expect(log.every((r) => r.actorType === "user" && r.actorId === w.owner.id)).toBe(true);
  });

  it("agents, even the CEO, and members below admin get 403; a bad mode is 400; nothing changes", async () => {
    const w = await createWorld();
    const member = await createBoardUser({ companyId: w.company.id, role: "member" });
    const admin = await createBoardUser({ companyId: w.company.id, role: "admin" });
    for (const token of [w.tokens.ceo, w.tokens.engineer, member.token]) {
      expect((await client(token).post(`/api/companies/${w.company.id}/pause`, {})).status).toBe(403);
      expect((await client(token).post(`/api/companies/${w.company.id}/resume`)).status).toBe(403);
    }
    const bad = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/pause`, { mode: "stop" });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("validation_error");
    expect((await client(w.tokens.owner).post(`/api/companies/${w.company.id}/pause`, { mode: "finish", extra: 1 })).status).toBe(400);
    expect((await db().company.findUniqueOrThrow({ where: { id: w.company.id } })).pausedAt).toBeNull();
    expect((await client(admin.token).post(`/api/companies/${w.company.id}/pause`, { mode: "cancel" })).body.pauseMode).toBe("cancel");
  });

  it("agents' writes still work while the company is paused", async () => {
    const w = await createWorld();
    await client(w.tokens.owner).post(`/api/companies/${w.company.id}/pause`, {});
    const created = await client(w.tokens.ceo).post(`/api/companies/${w.company.id}/issues`, { title: "Written during a pause" });
    expect(created.status).toBe(201);
    expect((await client(w.tokens.ceo).post(`/api/issues/${created.body.id}/comments`, { body: "still here" })).status).toBe(201);
  });
});

describe("what a cancel pause cancelled moves again after resume", () => {
  it("each cancelled run's issue gets one wake, kept queued through the pause and claimed after resume", async () => {
    const w = await createWorld();
    const owner = client(w.tokens.owner);
    let n = 0;
    const issue = (data: { status: "todo" | "in_progress" | "done"; assigneeAgentId: string }) => {
      n += 1;
      return db().issue.create({ data: { companyId: w.company.id, number: n, identifier: `${w.company.issuePrefix}-${n}`, title: `Issue ${n}`, ...data } });
    };
    const run = (agentId: string, issueId: string | null, status: "running" | "queued") =>
      db().heartbeatRun.create({ data: { companyId: w.company.id, agentId, issueId, status, adapterType: "process", startedAt: status === "running" ? new Date() : null } });
    // the engineer's run checked an issue out and was woken for another; the manager's queued run named a todo issue
    const checkedOut = await issue({ status: "in_progress", assigneeAgentId: w.engineer.id });
    const named = await issue({ status: "todo", assigneeAgentId: w.engineer.id });
    const engineerRun = await run(w.engineer.id, named.id, "running");
    await db().issue.update({ where: { id: checkedOut.id }, data: { checkoutRunId: engineerRun.id } });
    const managers = await issue({ status: "todo", assigneeAgentId: w.manager.id });
    await run(w.manager.id, managers.id, "queued");
    // finished or handed to someone else meanwhile: nothing to resume
    const done = await issue({ status: "done", assigneeAgentId: w.ceo.id });
    await run(w.ceo.id, done.id, "running");

    expect((await owner.post(`/api/companies/${w.company.id}/pause`, { mode: "cancel" })).body.pauseMode).toBe("cancel");
    const wakes = await db().wakeRequest.findMany({ where: { companyId: w.company.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    expect(wakes.map((x) => [x.agentId, x.issueId, x.reason])).toEqual(expect.arrayContaining([
      [w.engineer.id, checkedOut.id, "retry"], [w.engineer.id, named.id, "retry"], [w.manager.id, managers.id, "retry"],
    ]));
    expect(wakes).toHaveLength(3);
    expect(wakes.find((x) => x.issueId === checkedOut.id)?.payload).toMatchObject({ remedy: "resume_cancelled_run", runId: engineerRun.id, taskId: checkedOut.id });
    // one queued wake per agent (the engineer's second coalesced), held while paused
    await claimWakes("test-pause-resume", 50);
    expect(wakes.filter((x) => x.status === "queued").map((x) => x.agentId).sort()).toEqual([w.engineer.id, w.manager.id].sort());
    expect(await db().wakeRequest.count({ where: { companyId: w.company.id, status: "queued" } })).toBe(2);

    await owner.post(`/api/companies/${w.company.id}/resume`);
    await claimWakes("test-pause-resume", 50);
    expect(await db().wakeRequest.count({ where: { companyId: w.company.id, status: "queued" } })).toBe(0);
    const resumed = await db().heartbeatRun.findMany({ where: { companyId: w.company.id, status: "queued" } });
    expect(resumed.map((r) => r.agentId).sort()).toEqual([w.engineer.id, w.manager.id].sort());
  });
});

describe("instance pause API", () => {
  it("instance admins only; a second pause keeps pausedAt; every company's log records it; resume clears it", async () => {
    const w = await createWorld();
    const admin = await createBoardUser({ isInstanceAdmin: true });
    expect((await client(w.tokens.owner).post("/api/instance/pause", {})).status).toBe(403);
    expect((await client(w.tokens.ceo).post("/api/instance/pause", {})).status).toBe(403);
    expect(await db().instanceSetting.findUnique({ where: { key: "instance.pause" } })).toBeNull();

    const paused = await client(admin.token).post("/api/instance/pause", {});
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ mode: "finish" });
    const again = await client(admin.token).post("/api/instance/pause", { mode: "finish" });
    expect(again.body).toEqual(paused.body);
    expect((await client(admin.token).post("/api/instance/pause", { mode: "cancel" })).body).toEqual({ pausedAt: paused.body.pausedAt, mode: "cancel" });
    expect(await db().activityLog.count({ where: { companyId: w.company.id, action: "instance.paused" } })).toBe(2);
    // a company's own pause is not the instance's: the company reads as not paused on its own
    expect((await client(w.tokens.owner).get(`/api/companies/${w.company.id}`)).body.pausedAt).toBeNull();

    expect((await client(w.tokens.owner).post("/api/instance/resume")).status).toBe(403);
    expect((await client(admin.token).post("/api/instance/resume")).body).toEqual({ pausedAt: null, mode: null });
    expect((await client(admin.token).post("/api/instance/resume")).status).toBe(200);
    expect(await db().activityLog.count({ where: { companyId: w.company.id, action: "instance.resumed" } })).toBe(1);
  });
});

describe("what a pause stops without a worker", () => {
  it("timer heartbeats queue nothing while the company or the instance is paused", async () => {
    const w = await createWorld();
    const admin = await createBoardUser({ isInstanceAdmin: true });
    await db().agent.update({ where: { id: w.engineer.id }, data: { runtimeConfig: { heartbeat: { enabled: true, intervalSec: 60, wakeWhenIdle: true } } } });
    const timerWakes = () => db().wakeRequest.count({ where: { agentId: w.engineer.id, reason: "timer" } });
    await client(w.tokens.owner).post(`/api/companies/${w.company.id}/pause`, {});
    await fireTimers();
    expect(await timerWakes()).toBe(0);
    await client(w.tokens.owner).post(`/api/companies/${w.company.id}/resume`);
    await client(admin.token).post("/api/instance/pause", {});
    await fireTimers();
    expect(await timerWakes()).toBe(0);
    await client(admin.token).post("/api/instance/resume");
    await fireTimers();
    expect(await timerWakes()).toBe(1);
  });

  it("a routine records one paused skip per pause stretch, and fires again after resume", async () => {
    const w = await createWorld();
    const r = await makeRoutine(w);
    await scheduleFrom(r.id, w, "*/5 * * * *", "UTC", at("2031-04-01T09:57:00Z"));
    await client(w.tokens.owner).post(`/api/companies/${w.company.id}/pause`, {});
    await fireDueRoutines({ now: at("2031-04-01T10:00:01Z") });
    await fireDueRoutines({ now: at("2031-04-01T10:05:01Z") });
    await fireDueRoutines({ now: at("2031-04-01T10:10:01Z") });
    expect((await runsOf(r.id)).map((x) => [x.status, x.reason])).toEqual([["skipped", "paused"]]);
    expect(await db().issue.count({ where: { companyId: w.company.id } })).toBe(0);

    await client(w.tokens.owner).post(`/api/companies/${w.company.id}/resume`);
    await fireDueRoutines({ now: at("2031-04-01T10:15:01Z") });
    await client(w.tokens.owner).post(`/api/companies/${w.company.id}/pause`, {});
    await fireDueRoutines({ now: at("2031-04-01T10:20:01Z") });
    await fireDueRoutines({ now: at("2031-04-01T10:25:01Z") });
    expect((await runsOf(r.id)).map((x) => [x.status, x.reason])).toEqual([["skipped", "paused"], ["issue_created", null], ["skipped", "paused"]]);
  });
});
