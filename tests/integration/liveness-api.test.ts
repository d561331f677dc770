// The API of liveness over stall rows written straight into IssueStall, as the sweep
// writes them: the issue's `liveness`, the list's filters, GET …/stalled with its pages and counts, the
// board inbox and the dashboard, the company's limits and the agent's runtimeConfig limits (422s), and
// the board user's reset.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { StallReason } from "@/lib/generated/prisma/enums";
import { client } from "../support/api";
import { callTool } from "../support/oauth";
import { createBoardUser, createWorld, mintRunKey } from "../factories";

type World = Awaited<ReturnType<typeof createWorld>>;

async function issue(w: World, title: string, extra: Record<string, unknown> = {}) {
  const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, { title, status: "todo", assigneeAgentId: w.engineer.id, ...extra });
  expect(res.status).toBe(201);
  return res.body as { id: string; identifier: string };
}

async function stall(w: World, issueId: string, reason: StallReason, since: string, facts: Record<string, unknown> = {}, reportedToBoardAt?: Date) {
  await db().issueStall.create({ data: { issueId, companyId: w.company.id, reason, since: new Date(since), facts: facts as object, reportedToBoardAt: reportedToBoardAt ?? null } });
}

describe("liveness on issues", () => {
  it("GET /api/issues/:id, the list, the agent's list and the agent inbox say moving or stalled with reason, since and facts", async () => {
    const w = await createWorld();
    const moving = await issue(w, "Moving along");
    const stuck = await issue(w, "Stuck");
    const facts = { agentId: w.engineer.id, agentName: w.engineer.name, budgetScope: "agent" };
    await stall(w, stuck.id, "agent_over_budget", "2026-11-01T14:02:00.000Z", facts);
    const owner = client(w.tokens.owner);
    const want = { state: "stalled", reason: "agent_over_budget", since: "2026-11-01T14:02:00.000Z", facts };
    expect((await owner.get(`/api/issues/${stuck.identifier}`)).body.liveness).toEqual(want);
    expect((await owner.get(`/api/issues/${moving.id}`)).body.liveness).toEqual({ state: "moving" });
    const list = (await owner.get(`/api/companies/${w.company.id}/issues`)).body as { id: string; liveness: unknown }[];
    expect(list.find((i) => i.id === stuck.id)!.liveness).toEqual(want);
    expect(list.find((i) => i.id === moving.id)!.liveness).toEqual({ state: "moving" });
    // the agent's one-statement list and its inbox write the same liveness
    const agentList = (await client(w.tokens.engineer).get(`/api/companies/${w.company.id}/issues?assigneeAgentId=me`)).body as { id: string; liveness: unknown }[];
    expect(agentList.find((i) => i.id === stuck.id)!.liveness).toEqual(want);
    const inbox = (await client(w.tokens.engineer).get(`/api/agents/me/inbox`)).body as { id: string; liveness: unknown }[];
    expect(inbox.find((i) => i.id === stuck.id)!.liveness).toEqual(want);
  });

  it("the list filters ?liveness and ?stalledReason; a bad reason is a 400", async () => {
    const w = await createWorld();
    const [a, b, c] = [await issue(w, "A"), await issue(w, "B"), await issue(w, "C")];
    await stall(w, a.id, "agent_paused", "2026-11-01T10:00:00Z");
    await stall(w, b.id, "wake_lost", "2026-11-01T11:00:00Z");
    const ids = async (q: string) => ((await client(w.tokens.owner).get(`/api/companies/${w.company.id}/issues?${q}`)).body as { id: string }[]).map((i) => i.id).sort();
    expect(await ids("liveness=stalled")).toEqual([a.id, b.id].sort());
    expect(await ids("stalledReason=wake_lost")).toEqual([b.id]);
    expect(await ids("liveness=stalled&stalledReason=agent_paused")).toEqual([a.id]);
    expect(await ids("liveness=moving")).toEqual([c.id]);
    expect((await client(w.tokens.engineer).get(`/api/companies/${w.company.id}/issues?liveness=stalled&assigneeAgentId=me`)).body).toHaveLength(2);
    const counts = await client(w.tokens.owner).get(`/api/companies/${w.company.id}/issues/counts?liveness=stalled`);
    expect(counts.body.total).toBe(2);
    for (const q of ["stalledReason=lazy", "liveness=stuck", "liveness=moving&stalledReason=wake_lost"]) {
      const res = await client(w.tokens.owner).get(`/api/companies/${w.company.id}/issues?${q}`);
      expect(res.status, q).toBe(400);
    }
  });
});

describe("GET /api/companies/:companyId/stalled", () => {
  it("pages the stalled issues, newest stall first, with counts per reason whatever the filter", async () => {
    const w = await createWorld();
    const made = [];
    for (let n = 0; n < 5; n++) made.push(await issue(w, `Stalled ${n}`));
    await issue(w, "Fine");
    const reasons: StallReason[] = ["agent_paused", "agent_paused", "run_silent", "wake_loop", "agent_paused"];
    for (let n = 0; n < 5; n++) await stall(w, made[n].id, reasons[n], `2026-11-0${n + 1}T09:00:00Z`, { agentName: w.engineer.name, limitSec: 900 });
    const owner = client(w.tokens.owner);
    const first = await owner.get(`/api/companies/${w.company.issuePrefix}/stalled?limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.items.map((i: { id: string }) => i.id)).toEqual([made[4].id, made[3].id]);
    expect(first.body.items[0].liveness).toMatchObject({ state: "stalled", reason: "agent_paused", since: "2026-11-05T09:00:00.000Z" });
    expect(first.body.counts).toMatchObject({ agent_paused: 3, run_silent: 1, wake_loop: 1, company_paused: 0, wake_lost: 0 });
    expect(Object.keys(first.body.counts)).toHaveLength(17);
    const second = await owner.get(`/api/companies/${w.company.id}/stalled?limit=2&cursor=${first.body.nextCursor}`);
    const third = await owner.get(`/api/companies/${w.company.id}/stalled?limit=2&cursor=${second.body.nextCursor}`);
    expect([...second.body.items, ...third.body.items].map((i: { id: string }) => i.id)).toEqual([made[2].id, made[1].id, made[0].id]);
    expect(third.body.nextCursor).toBeNull();
    const paused = await owner.get(`/api/companies/${w.company.id}/stalled?reason=agent_paused`);
    expect(paused.body.items.map((i: { id: string }) => i.id)).toEqual([made[4].id, made[1].id, made[0].id]);
    expect(paused.body.counts.run_silent).toBe(1);
    // agents read it too (work.read); MCP answers the same
    expect((await client(w.tokens.engineer).get(`/api/companies/${w.company.id}/stalled`)).body.items).toHaveLength(5);
    const mcp = await callTool(w.tokens.owner, "list_stalled_issues", { companyId: w.company.id, reason: "run_silent" });
    expect((mcp.value as { items: { id: string }[] }).items.map((i) => i.id)).toEqual([made[2].id]);
  });

  it("an empty company answers no items and zero counts; a bad reason or cursor is a 400", async () => {
    const w = await createWorld();
    const res = await client(w.tokens.owner).get(`/api/companies/${w.company.id}/stalled`);
    expect(res.body.items).toEqual([]);
    expect(res.body.nextCursor).toBeNull();
    expect(Object.values(res.body.counts).every((n) => n === 0)).toBe(true);
    expect((await client(w.tokens.owner).get(`/api/companies/${w.company.id}/stalled?reason=nope`)).status).toBe(400);
    expect((await client(w.tokens.owner).get(`/api/companies/${w.company.id}/stalled?cursor=bm9wZQ`)).status).toBe(400);
  });
});

describe("the board's faces", () => {
  it("the inbox shows a stall handed to the board, with the sentence; the dashboard counts stalls", async () => {
    const w = await createWorld();
    const told = await issue(w, "Told the board");
    const quiet = await issue(w, "Manager only");
    const toldAt = new Date();
    await stall(w, told.id, "agent_over_budget", "2026-11-01T14:02:00Z", { agentName: "Mara Quinn", budgetScope: "agent" }, toldAt);
    await stall(w, quiet.id, "agent_paused", "2026-11-01T14:02:00Z", { agentName: "Mara Quinn" });
    const owner = client(w.tokens.owner);
    const inbox = await owner.get(`/api/companies/${w.company.id}/inbox?kind=stalled`);
    expect(inbox.status).toBe(200);
    expect(inbox.body).toHaveLength(1);
    expect(inbox.body[0]).toMatchObject({
      key: `stalled:${told.id}:${toldAt.getTime()}`, kind: "stalled", title: `${told.identifier} · Told the board`,
      summary: "Not moving: Mara Quinn is paused over budget", href: `/${w.company.issuePrefix}/issues/${told.identifier}`, read: false,
    });
    expect((await owner.post(`/api/companies/${w.company.id}/inbox/read`, { keys: [`stalled:${told.id}:${toldAt.getTime()}`] })).status).toBe(200);
    expect((await owner.get(`/api/companies/${w.company.id}/inbox?kind=stalled`)).body[0].read).toBe(true);
    expect((await owner.get(`/api/companies/${w.company.id}/dashboard`)).body.stalledIssues).toBe(2);
  });
});

describe("limits", () => {
  it("the company's limits read with defaults, are set by owners, and out of range is a 422 naming the field", async () => {
    const w = await createWorld();
    const owner = client(w.tokens.owner);
    expect((await owner.get(`/api/companies/${w.company.id}`)).body).toMatchObject({ staleCheckoutSec: 7200, wakeCapPerHour: 12, waitLimitSec: 86400 });
    const ok = await owner.patch(`/api/companies/${w.company.id}`, { staleCheckoutSec: 600, wakeCapPerHour: 1000, waitLimitSec: 300 });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ staleCheckoutSec: 600, wakeCapPerHour: 1000, waitLimitSec: 300 });
    for (const [field, value] of [["staleCheckoutSec", 599], ["staleCheckoutSec", 604_801], ["wakeCapPerHour", 0], ["wakeCapPerHour", 1001], ["waitLimitSec", 299], ["waitLimitSec", 2_592_001]] as const) {
      const res = await owner.patch(`/api/companies/${w.company.id}`, { [field]: value });
      expect(res.status, `${field}=${value}`).toBe(422);
      expect(res.body.details.map((d: { path: string }) => d.path)).toEqual([`body.${field}`]);
    }
    expect((await owner.patch(`/api/companies/${w.company.id}`, { wakeCapPerHour: 2.5 })).status).toBe(400);
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    expect((await client(viewer.token).patch(`/api/companies/${w.company.id}`, { wakeCapPerHour: 5 })).status).toBe(403);
    expect(await db().company.findUniqueOrThrow({ where: { id: w.company.id } })).toMatchObject({ staleCheckoutSec: 600, wakeCapPerHour: 1000, waitLimitSec: 300 });
  });

  it("runtimeConfig.silenceLimitSec and retryBudget: in range saved, out of range a 422 naming the field, nothing changed", async () => {
    const w = await createWorld();
    const owner = client(w.tokens.owner);
    const ok = await owner.patch(`/api/agents/${w.engineer.id}`, { runtimeConfig: { silenceLimitSec: 60, retryBudget: 0 } });
    expect(ok.status).toBe(200);
    expect(ok.body.runtimeConfig).toMatchObject({ silenceLimitSec: 60, retryBudget: 0 });
    for (const [field, value] of [["silenceLimitSec", 59], ["silenceLimitSec", 86_401], ["retryBudget", 21], ["retryBudget", -1]] as const) {
      const res = await owner.patch(`/api/agents/${w.engineer.id}`, { runtimeConfig: { [field]: value } });
      expect(res.status, `${field}=${value}`).toBe(422);
      expect(res.body.details.map((d: { path: string }) => d.path)).toEqual([`runtimeConfig.${field}`]);
    }
    // a value of the wrong type stays a 400, as the other keys' are
    expect((await owner.patch(`/api/agents/${w.engineer.id}`, { runtimeConfig: { retryBudget: "three" } })).status).toBe(400);
    expect((await db().agent.findUniqueOrThrow({ where: { id: w.engineer.id } })).runtimeConfig).toMatchObject({ silenceLimitSec: 60, retryBudget: 0 });
  });
});

describe("a board user's change resets the issue's liveness", () => {
  it("a board PATCH sets livenessResetAt and removes the stall; an agent's write and a comment alone do not", async () => {
    const w = await createWorld();
    const it1 = await issue(w, "Reset me");
    await stall(w, it1.id, "agent_paused", "2026-11-01T10:00:00Z");
    const { token } = await mintRunKey(w.engineer);
    // the agent's own write keeps the stall (only the sweep or a person clears it)
    expect((await client(token).patch(`/api/issues/${it1.id}`, { comment: "still on it", title: "Reset me, agent" })).status).toBe(200);
    expect(await db().issueStall.count({ where: { issueId: it1.id } })).toBe(1);
    expect((await db().issue.findUniqueOrThrow({ where: { id: it1.id } })).livenessResetAt).toBeNull();
    const owner = client(w.tokens.owner);
    expect((await owner.post(`/api/issues/${it1.id}/comments`, { body: "why?" })).status).toBe(201);
    expect(await db().issueStall.count({ where: { issueId: it1.id } })).toBe(1);
    const res = await owner.patch(`/api/issues/${it1.id}`, { priority: "high" });
    expect(res.status).toBe(200);
    expect(res.body.liveness).toEqual({ state: "moving" });
    expect(await db().issueStall.count({ where: { issueId: it1.id } })).toBe(0);
    const row = await db().issue.findUniqueOrThrow({ where: { id: it1.id } });
    expect(row.livenessResetAt?.toISOString()).toBe(row.updatedAt.toISOString());
  });

  it("a board user's release removes the stall (a stale checkout's remedy); the assignee's own release does not", async () => {
    const w = await createWorld();
    const mine = await issue(w, "Released by its agent");
    const theirs = await issue(w, "Released by the board");
    await stall(w, mine.id, "stale_checkout", "2026-11-01T10:00:00Z", { agentId: w.engineer.id });
    await stall(w, theirs.id, "stale_checkout", "2026-11-01T10:00:00Z", { agentId: w.engineer.id });
    const { token } = await mintRunKey(w.engineer);
    expect((await client(token).post(`/api/issues/${mine.id}/release`)).status).toBe(200);
    expect(await db().issueStall.count({ where: { issueId: mine.id } })).toBe(1);
    expect((await db().issue.findUniqueOrThrow({ where: { id: mine.id } })).livenessResetAt).toBeNull();
    const res = await client(w.tokens.owner).post(`/api/issues/${theirs.id}/release`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ assigneeAgentId: null, status: "todo" });
    expect(await db().issueStall.count({ where: { issueId: theirs.id } })).toBe(0);
    const row = await db().issue.findUniqueOrThrow({ where: { id: theirs.id } });
    expect(row.livenessResetAt?.toISOString()).toBe(row.updatedAt.toISOString());
  });

  it("the board's Unblock (todo, blockers cleared, in one PATCH) removes a blocker_finished stall and leaves no blocker to stall it again", async () => {
    const w = await createWorld();
    const owner = client(w.tokens.owner);
    const blocker = await issue(w, "Finished first");
    expect((await owner.patch(`/api/issues/${blocker.id}`, { status: "cancelled" })).status).toBe(200);
    const dependent = await issue(w, "Waits on it", { status: "blocked", blockedByIssueIds: [blocker.id] });
    await stall(w, dependent.id, "blocker_finished", "2026-11-01T10:00:00Z", { blockerIssueIds: [blocker.id] });
    const res = await owner.patch(`/api/issues/${dependent.id}`, { status: "todo", blockedByIssueIds: [] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "todo", blockedByIssueIds: [], liveness: { state: "moving" } });
    expect(await db().issueBlocker.count({ where: { issueId: dependent.id } })).toBe(0);
    expect(await db().issueStall.count({ where: { issueId: dependent.id } })).toBe(0);
  });
});
