// A person's change resets an issue's liveness (lib/services/liveness/reset.ts): a board edit,
// release or agent resume clears the stall at once, in its own transaction (a company's resume, its
// pause's stalls); the sweep that finds the same stall again restores it without announcing it twice;
// a new cause is a new stall. And the board inbox's key is one per stall, so a later stall of the
// issue is unread whatever was marked before.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { liveWorld, makeIssue, queueWake, stallOf, sweep, type LiveWorld } from "../support/liveness";

const events = (w: LiveWorld) => db().event.count({ where: { companyId: w.company.id, type: "issue.stalled" } });
const stalledActivity = (w: LiveWorld) => db().activityLog.count({ where: { companyId: w.company.id, action: "issue.stalled" } });
const reports = (w: LiveWorld) => db().wakeRequest.count({ where: { companyId: w.company.id, reason: "stalled_report" } });
const pause = (agentId: string) => db().agent.update({ where: { id: agentId }, data: { status: "paused", pauseReason: "board" } });
const listed = async (w: LiveWorld) =>
  ((await client(w.tokens.owner).get(`/api/companies/${w.company.id}/stalled`)).body.items as { id: string }[]).map((i) => i.id);

describe("a board user's edit of a stalled issue", () => {
  it("clears the stall at once; the same stall found again is restored, not announced or reported again", async () => {
    const w = await liveWorld();
    const issue = await makeIssue(w);
    await queueWake(w, issue.id);
    await pause(w.engineer.id);
    expect((await sweep(w)).stalled).toEqual([issue.id]);
    const first = (await stallOf(issue.id))!;
    expect(first.reportedToManagerAt).not.toBeNull();
    expect([await events(w), await stalledActivity(w), await reports(w)]).toEqual([1, 1, 1]);

    expect((await client(w.tokens.owner).patch(`/api/issues/${issue.id}`, { priority: "high" })).status).toBe(200);
    expect(await stallOf(issue.id)).toBeNull();
    expect(await listed(w)).toEqual([]);
    // the agent is still paused: the same stall (reason and since), with its report
    const again = await sweep(w);
    expect(again.stalled).toEqual([]);
    expect(again.toManagers).toEqual([]);
    expect(await stallOf(issue.id)).toMatchObject({
      reason: "agent_paused", since: first.since, detectedAt: first.detectedAt, reportedToManagerAt: first.reportedToManagerAt,
      facts: { managerAgentId: w.manager.id },
    });
    expect([await events(w), await stalledActivity(w), await reports(w)]).toEqual([1, 1, 1]);
    expect(await db().clearedStall.count({ where: { companyId: w.company.id } })).toBe(0);
  });

  it("a reassignment to another paused agent is a new cause, though reason and since match", async () => {
    const w = await liveWorld();
    await pause(w.engineer.id);
    await pause(w.manager.id);
    const issue = await makeIssue(w);
    await sweep(w);
    const first = (await stallOf(issue.id))!;
    expect(first.facts).toMatchObject({ agentId: w.engineer.id });
    expect((await client(w.tokens.owner).patch(`/api/issues/${issue.id}`, { assigneeAgentId: w.manager.id })).status).toBe(200);
    const again = await sweep(w);
    expect(again.stalled).toEqual([issue.id]);
    expect(await stallOf(issue.id)).toMatchObject({ reason: "agent_paused", facts: { agentId: w.manager.id } });
    expect(await events(w)).toBe(2);
  });

  it("a new cause after the reset is a new stall: announced and reported", async () => {
    const w = await liveWorld();
    const issue = await makeIssue(w);
    await queueWake(w, issue.id);
    await pause(w.engineer.id);
    await sweep(w);
    expect((await client(w.tokens.owner).patch(`/api/issues/${issue.id}`, { priority: "low" })).status).toBe(200);
    await db().agent.update({ where: { id: w.engineer.id }, data: { status: "terminated", pauseReason: null } });
    const out = await sweep(w);
    expect(out.stalled).toEqual([issue.id]);
    expect((await stallOf(issue.id))?.reason).toBe("agent_terminated");
    expect([await events(w), await reports(w)]).toEqual([2, 2]);
  });
});

describe("release and resume by a board user", () => {
  it("the board's release resets the issue's liveness and removes its stall in the same transaction", async () => {
    const w = await liveWorld();
    const issue = await makeIssue(w, { status: "in_progress" });
    await pause(w.engineer.id);
    await sweep(w);
    expect(await listed(w)).toEqual([issue.id]);
    const res = await client(w.tokens.owner).post(`/api/issues/${issue.id}/release`, {});
    expect(res.status).toBe(200);
    expect(res.body.liveness).toEqual({ state: "moving" });
    expect(await stallOf(issue.id)).toBeNull();
    expect(await listed(w)).toEqual([]);
    const row = await db().issue.findUniqueOrThrow({ where: { id: issue.id } });
    expect(row.livenessResetAt?.toISOString()).toBe(row.updatedAt.toISOString());
  });

  it("the board's resume of an agent resets its open issues and removes their stalls; another agent's stay", async () => {
    const w = await liveWorld();
    const mine = [await makeIssue(w), await makeIssue(w, { status: "in_progress" })];
    const other = await makeIssue(w, { assigneeAgentId: w.manager.id });
    for (const i of [...mine, other]) await queueWake(w, i.id, i.assigneeAgentId!);
    await pause(w.engineer.id);
    await pause(w.manager.id);
    await sweep(w);
    expect((await listed(w)).sort()).toEqual([...mine, other].map((i) => i.id).sort());
    expect((await client(w.tokens.owner).post(`/api/agents/${w.engineer.id}/resume`, {})).status).toBe(200);
    expect(await listed(w)).toEqual([other.id]);
    for (const i of mine) expect((await db().issue.findUniqueOrThrow({ where: { id: i.id } })).livenessResetAt).not.toBeNull();
    expect((await db().issue.findUniqueOrThrow({ where: { id: other.id } })).livenessResetAt).toBeNull();
  });
});

describe("the company's resume", () => {
  it("takes the pause's stalls away at once; the next sweep announces nothing for them", async () => {
    const w = await liveWorld();
    const issue = await makeIssue(w);
    await queueWake(w, issue.id);
    const owner = client(w.tokens.owner);
    expect((await owner.post(`/api/companies/${w.company.id}/pause`, { mode: "finish" })).status).toBe(200);
    await sweep(w);
    expect((await stallOf(issue.id))?.reason).toBe("company_paused");
    expect((await owner.post(`/api/companies/${w.company.id}/resume`, {})).status).toBe(200);
    expect(await listed(w)).toEqual([]);
    const out = await sweep(w);
    expect([out.stalled, out.moving]).toEqual([[], []]);
    expect(await db().activityLog.count({ where: { companyId: w.company.id, action: { in: ["issue.stalled", "issue.moving"] } } })).toBe(0);
  });

  it("keeps a stall from before the pause, so the sweep after it does not report it again", async () => {
    const w = await liveWorld();
    const issue = await makeIssue(w);
    await queueWake(w, issue.id);
    await pause(w.engineer.id);
    await sweep(w);
    expect(await reports(w)).toBe(1);
    const owner = client(w.tokens.owner);
    expect((await owner.post(`/api/companies/${w.company.id}/pause`, { mode: "finish" })).status).toBe(200);
    await sweep(w);
    expect((await stallOf(issue.id))?.reason).toBe("company_paused");
    expect((await owner.post(`/api/companies/${w.company.id}/resume`, {})).status).toBe(200);
    await sweep(w);
    expect((await stallOf(issue.id))?.reason).toBe("agent_paused");
    expect(await reports(w)).toBe(1);
  });
});

describe("the board inbox's stalled items", () => {
  it("are one per stall: a later stall of the issue is unread, even when a stale key is marked after it", async () => {
    const w = await liveWorld();
    // the CEO has no manager: its stalls go to the board at once
    const issue = await makeIssue(w, { assigneeAgentId: w.ceo.id });
    await queueWake(w, issue.id, w.ceo.id);
    const owner = client(w.tokens.owner);
    const inbox = async () => (await owner.get(`/api/companies/${w.company.id}/inbox?kind=stalled`)).body as { key: string; read: boolean }[];
    await pause(w.ceo.id);
    await sweep(w);
    const [first] = await inbox();
    expect(first.key).toMatch(new RegExp(`^stalled:${issue.id}:\\d+$`));
    expect((await owner.post(`/api/companies/${w.company.id}/inbox/read`, { keys: [first.key] })).status).toBe(200);
    expect((await inbox())[0].read).toBe(true);
    // it moves, then stalls again
    await db().agent.update({ where: { id: w.ceo.id }, data: { status: "idle", pauseReason: null } });
    expect((await sweep(w)).moving).toEqual([issue.id]);
    await pause(w.ceo.id);
    await sweep(w);
    const [second] = await inbox();
    expect(second.key).not.toBe(first.key);
    expect(second.read).toBe(false);
    // a page loaded before the second stall marks its own item, not this one
    expect((await owner.post(`/api/companies/${w.company.id}/inbox/read`, { keys: [first.key] })).status).toBe(200);
    expect((await inbox())[0]).toMatchObject({ key: second.key, read: false });
    expect((await owner.post(`/api/companies/${w.company.id}/inbox/read`, { keys: [second.key] })).status).toBe(200);
    expect((await inbox())[0].read).toBe(true);
  });
});
