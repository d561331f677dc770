// The sweep's writes: one issue.stalled event and activity row per change (never two, even with two
// sweepers at once), issue.moving when it moves again, and reports: once to the assignee's manager
// (one stalled_report wake per manager), then to the board.
import { describe, expect, it } from "vitest";
import { db, sqlTx } from "@/lib/db/client";
import { eventDataSchema } from "@/lib/services/outbox/catalogue";
import { sweepCompany, sweepCompanyInChunks } from "@/lib/services/liveness/sweep-core";
import { BOARD_AFTER_SEC, REPORT_LIST_MAX } from "@/lib/services/liveness/report";
import { liveWorld, makeIssue, minutes, queueWake, stallOf, sweep, type LiveWorld } from "../support/liveness";

const events = (w: LiveWorld) => db().event.findMany({ where: { companyId: w.company.id, type: "issue.stalled" }, orderBy: { id: "asc" } });
const activity = (w: LiveWorld, action: string) => db().activityLog.findMany({ where: { companyId: w.company.id, action }, orderBy: { id: "asc" } });
const reports = (w: LiveWorld) => db().wakeRequest.findMany({ where: { companyId: w.company.id, reason: "stalled_report" }, orderBy: { id: "asc" } });

describe("liveness sweep: events and activity", () => {
  it("emits issue.stalled once per new stall or new reason, and issue.moving when it moves", async () => {
    const w = await liveWorld();
    const issue = await makeIssue(w);
    await queueWake(w, issue.id);
    await db().agent.update({ where: { id: w.engineer.id }, data: { status: "paused", pauseReason: "board" } });
    const first = await sweep(w);
    expect(first.stalled).toEqual([issue.id]);
    await sweep(w);
    const [ev] = await events(w);
    expect(await events(w)).toHaveLength(1);
    const data = eventDataSchema("issue.stalled").parse(ev.data);
    expect(data).toMatchObject({ issueId: issue.id, identifier: issue.identifier, title: issue.title, reason: "agent_paused", facts: { agentId: w.engineer.id } });
    expect(ev).toMatchObject({ subjectType: "issue", subjectId: issue.id, actorType: "system" });
    // another reason: a new event, the activity names the previous one
    await db().agent.update({ where: { id: w.engineer.id }, data: { status: "terminated", pauseReason: null } });
    await sweep(w);
    expect((await events(w)).map((e) => (e.data as { reason: string }).reason)).toEqual(["agent_paused", "agent_terminated"]);
    expect((await activity(w, "issue.stalled")).map((a) => a.details)).toMatchObject([
      { reason: "agent_paused" }, { reason: "agent_terminated", previousReason: "agent_paused" },
    ]);
    await db().agent.update({ where: { id: w.engineer.id }, data: { status: "idle" } });
    const back = await sweep(w);
    expect(back.moving).toEqual([issue.id]);
    expect(await stallOf(issue.id)).toBeNull();
    expect((await activity(w, "issue.moving")).map((a) => [a.entityId, a.details])).toEqual([[issue.id, { previousReason: "agent_terminated" }]]);
  });

  it("a pause stalls every open issue as company_paused without an event, an activity row or a report per issue", async () => {
    const w = await liveWorld();
    const issues = await Promise.all([1, 2, 3].map(() => makeIssue(w)));
    for (const issue of issues) await queueWake(w, issue.id);
    await db().company.update({ where: { id: w.company.id }, data: { pausedAt: minutes(-1), pauseMode: "finish" } });
    await sweep(w);
    for (const issue of issues) expect((await stallOf(issue.id))?.reason).toBe("company_paused");
    await sweep(w, minutes(BOARD_AFTER_SEC / 60 + 1));
    expect(await events(w)).toEqual([]);
    expect(await activity(w, "issue.stalled")).toEqual([]);
    expect(await reports(w)).toEqual([]);
    expect(await db().issueStall.count({ where: { companyId: w.company.id, reportedToBoardAt: { not: null } } })).toBe(0);
    // resumed: the stalls go (their wakes are queued) and nothing is announced for them either
    await db().company.update({ where: { id: w.company.id }, data: { pausedAt: null, pauseMode: null } });
    await sweep(w);
    for (const issue of issues) expect(await stallOf(issue.id)).toBeNull();
    expect(await activity(w, "issue.moving")).toEqual([]);
  });

  it("keeps since and detectedAt while the reason holds; updates the facts", async () => {
    const w = await liveWorld();
    await db().agent.update({ where: { id: w.engineer.id }, data: { runtimeConfig: { retryBudget: 0 } } });
    const issue = await makeIssue(w, { status: "in_progress" });
    await db().heartbeatRun.create({ data: { companyId: w.company.id, agentId: w.engineer.id, issueId: issue.id, adapterType: "process", status: "failed", error: "exited with code 2", finishedAt: minutes(-1) } });
    await sweep(w);
    const before = await stallOf(issue.id);
    expect(before).toMatchObject({ reason: "retries_exhausted", facts: { lastError: "exited with code 2" } });
    await db().heartbeatRun.updateMany({ where: { issueId: issue.id }, data: { error: "exited with code 3" } });
    await sweep(w, minutes(1));
    const after = await stallOf(issue.id);
    expect(after).toMatchObject({ since: before!.since, detectedAt: before!.detectedAt, facts: { lastError: "exited with code 3" } });
    expect(await events(w)).toHaveLength(1);
  });

  it("two sweepers at once: one of them sweeps the company, one event per change", async () => {
    const w = await liveWorld();
    const issues = await Promise.all([1, 2, 3].map(() => makeIssue(w)));
    for (const i of issues) await queueWake(w, i.id);
    await db().agent.update({ where: { id: w.engineer.id }, data: { status: "paused", pauseReason: "board" } });
    const outs = await Promise.all([0, 1, 2, 3].map(() => sqlTx((exec) => sweepCompany(exec, w.company.id, new Date()))));
    expect(outs.flatMap((o) => o.stalled).sort()).toEqual(issues.map((i) => i.id).sort());
    await Promise.all([0, 1].map(() => sweep(w)));
    expect(await events(w)).toHaveLength(3);
    expect(await activity(w, "issue.stalled")).toHaveLength(3);
  });
});

describe("liveness sweep: in shares", () => {
  // rows no sweep has written or locked since they were last changed (a lock sets xmax)
  const untouched = (w: LiveWorld) => db().$queryRawUnsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM "IssueStall" WHERE "companyId" = $1::uuid AND xmax = '0'`, w.company.id);

  it("writes a mass stall a share per transaction, each change once, and reports it once at the end", async () => {
    const w = await liveWorld();
    const issues = await Promise.all(Array.from({ length: 7 }, () => makeIssue(w)));
    for (const i of issues) await queueWake(w, i.id);
    await db().agent.update({ where: { id: w.engineer.id }, data: { status: "paused", pauseReason: "board" } });
    const all = issues.map((i) => i.id).sort();
    const one = await sqlTx((exec) => sweepCompany(exec, w.company.id, new Date(), 3));
    expect(one).toMatchObject({ swept: true, more: true, toManagers: [], toBoard: [] });
    expect([...one.stalled].sort()).toEqual(all.slice(0, 3));
    expect(await db().issueStall.count({ where: { companyId: w.company.id } })).toBe(3);
    expect(await events(w)).toHaveLength(3);
    expect(await reports(w)).toEqual([]);
    // the next sweeper goes on where the first stopped
    const rest = await sweepCompanyInChunks(w.company.id, new Date(), 3);
    expect(rest).toMatchObject({ swept: true, more: false });
    expect([...rest.stalled].sort()).toEqual(all.slice(3));
    expect(rest.toManagers.sort()).toEqual(all);
    expect(await events(w)).toHaveLength(7);
    expect(await activity(w, "issue.stalled")).toHaveLength(7);
    const [wake, ...more] = await reports(w);
    expect(more).toEqual([]);
    expect((wake.payload as { issues: unknown[] }).issues).toHaveLength(7);
    // nothing changed: nothing written, no row even locked
    expect(await sweepCompanyInChunks(w.company.id, new Date(), 3)).toMatchObject({ swept: true, stalled: [], moving: [], toManagers: [] });
    expect(await untouched(w)).toEqual([{ n: 7 }]);
    await db().agent.update({ where: { id: w.engineer.id }, data: { status: "idle", pauseReason: null } });
    const back = await sweepCompanyInChunks(w.company.id, new Date(), 3);
    expect(back.moving.sort()).toEqual(all);
    expect(await activity(w, "issue.moving")).toHaveLength(7);
    expect(await db().issueStall.count({ where: { companyId: w.company.id } })).toBe(0);
  });
});

describe("liveness sweep: reports", () => {
  it("tells the manager once, one wake listing its reports' stalls, then the board after 30 minutes", async () => {
    const w = await liveWorld();
    const a = await makeIssue(w);
    const b = await makeIssue(w, { status: "in_progress" });
    for (const i of [a, b]) await queueWake(w, i.id);
    await db().agent.update({ where: { id: w.engineer.id }, data: { status: "paused", pauseReason: "board" } });
    const out = await sweep(w);
    expect(out.toManagers.sort()).toEqual([a.id, b.id].sort());
    const [wake, ...more] = await reports(w);
    expect(more).toEqual([]);
    expect(wake).toMatchObject({ agentId: w.manager.id, issueId: null, status: "queued" });
    const listed = (wake.payload as { issues: { issueId: string; reason: string; identifier: string }[] }).issues;
    expect(listed.map((i) => i.issueId).sort()).toEqual([a.id, b.id].sort());
    expect(listed[0]).toMatchObject({ reason: "agent_paused", facts: { agentId: w.engineer.id } });
    expect((await stallOf(a.id))?.facts).toMatchObject({ managerAgentId: w.manager.id });
    // the next sweeps do not tell it again, nor the board before 30 minutes
    await sweep(w, minutes(10));
    expect(await reports(w)).toHaveLength(1);
    expect((await stallOf(a.id))?.reportedToBoardAt).toBeNull();
    await sweep(w, minutes(BOARD_AFTER_SEC / 60 + 1));
    expect((await stallOf(a.id))?.reportedToBoardAt).not.toBeNull();
    expect(await reports(w)).toHaveLength(1);
  });

  it("a report of a mass stall lists the first REPORT_LIST_MAX issues and counts them all", async () => {
    const w = await liveWorld();
    const n = REPORT_LIST_MAX + 3;
    for (let i = 0; i < n; i++) await makeIssue(w);
    await db().agent.update({ where: { id: w.engineer.id }, data: { status: "paused", pauseReason: "board" } });
    expect((await sweep(w)).toManagers).toHaveLength(n);
    const [wake, ...more] = await reports(w);
    expect(more).toEqual([]);
    const payload = wake.payload as { total: number; issues: unknown[] };
    expect(payload.total).toBe(n);
    expect(payload.issues).toHaveLength(REPORT_LIST_MAX);
  });

  it("goes to the board at once without a manager able to run", async () => {
    const w = await liveWorld();
    const ceoIssue = await makeIssue(w, { assigneeAgentId: w.ceo.id });
    const engIssue = await makeIssue(w);
    await db().agent.updateMany({ where: { id: { in: [w.ceo.id, w.engineer.id] } }, data: { status: "paused", pauseReason: "board" } });
    await db().agent.update({ where: { id: w.manager.id }, data: { status: "terminated" } });
    const out = await sweep(w);
    expect(out.toManagers).toEqual([]);
    expect(out.toBoard.sort()).toEqual([ceoIssue.id, engIssue.id].sort());
    expect(await reports(w)).toEqual([]);
    expect((await stallOf(engIssue.id))?.reportedToManagerAt).toBeNull();
  });
});
