import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { createBoardUser, createUser, createWorld, mintBoardToken } from "../factories";

type World = Awaited<ReturnType<typeof createWorld>>;

const inboxUrl = (w: World, q = "") => `/api/companies/${w.company.id}/inbox${q ? `?${q}` : ""}`;
const countUrl = (w: World) => `/api/companies/${w.company.id}/inbox/count`;
const readUrl = (w: World) => `/api/companies/${w.company.id}/inbox/read`;
const userLink = (u: { id: string; name: string }) => `[@${u.name}](user://${u.id})`;

async function newIssue(w: World, body: Record<string, unknown>) {
  const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, { title: "An issue", ...body });
  expect(res.status).toBe(201);
  return res.body as { id: string; identifier: string };
}

/** A world with one item of every kind for the owner; returns what each is about. */
async function fullInbox() {
  const w = await createWorld();
  const approval = (await client(w.tokens.ceo).post(`/api/companies/${w.company.id}/approvals`, {
    type: "approve_ceo_strategy", requestedByAgentId: w.ceo.id, payload: { plan: "Ship it" },
  })).body;
  const run = await db().heartbeatRun.create({
    data: { companyId: w.company.id, agentId: w.engineer.id, status: "timed_out", adapterType: "process", error: "took too long", finishedAt: new Date() },
  });
  const blocked = await newIssue(w, { title: "Waiting on legal", status: "blocked", assigneeAgentId: w.engineer.id });
  const mine = await newIssue(w, { title: "Mine to do", assigneeUserId: w.owner.id });
  const discussed = await newIssue(w, { title: "Talk about it" });
  const comment = (await client(w.tokens.manager).post(`/api/issues/${discussed.id}/comments`, { body: `Please look ${userLink(w.owner)}` })).body;
  await db().agent.update({ where: { id: w.manager.id }, data: { status: "paused", pauseReason: "budget" } });
  return { w, approval, run, blocked, mine, discussed, comment };
}

describe("GET /api/companies/:companyId/inbox", () => {
  it("holds every kind, each linking to its board page, newest first", async () => {
    const { w, approval, run, blocked, mine, discussed, comment } = await fullInbox();
    const res = await client(w.tokens.owner).get(inboxUrl(w));
    expect(res.status).toBe(200);
    const p = w.company.issuePrefix;
    const byKind = Object.fromEntries(res.body.map((i: { kind: string }) => [i.kind, i]));
    expect(byKind.approval).toMatchObject({ key: `approval:${approval.id}`, title: "Approve the CEO's strategy", summary: `Requested by ${w.ceo.name}`, href: `/${p}/approvals/${approval.id}`, read: false });
    expect(byKind.run_failed).toMatchObject({ key: `run:${run.id}`, title: `${w.engineer.name}'s run timed out`, summary: "took too long", href: `/${p}/runs/${run.id}` });
    expect(byKind.issue_blocked).toMatchObject({ key: `blocked:${blocked.id}`, href: `/${p}/issues/${blocked.identifier}`, summary: `Blocked · assigned to ${w.engineer.name}` });
    expect(byKind.issue_blocked.title).toContain("Waiting on legal");
    expect(byKind.issue_assigned).toMatchObject({ key: `assigned:${mine.id}`, href: `/${p}/issues/${mine.identifier}` });
    expect(byKind.mention).toMatchObject({ key: `mention:${comment.id}`, title: `${w.manager.name} mentioned you on ${discussed.identifier}`, href: `/${p}/issues/${discussed.identifier}` });
    expect(byKind.mention.summary).toBe(`Please look @${w.owner.name}`);
    expect(byKind.agent_paused).toMatchObject({ key: `paused:${w.manager.id}`, title: `${w.manager.name} is paused`, href: `/${p}/agents/${w.manager.urlKey}` });
    expect(res.body).toHaveLength(6);
    const times = res.body.map((i: { createdAt: string }) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    // the prefix names the company as well as its id
    expect((await client(w.tokens.owner).get(`/api/companies/${p}/inbox?kind=mention`)).body.map((i: { kind: string }) => i.kind)).toEqual(["mention"]);
  });

  it("leaves out what no longer needs attention: decided approvals, old or succeeded runs, done issues, board pauses, others' mentions", async () => {
    const w = await createWorld();
    const other = await createBoardUser({ companyId: w.company.id, role: "member" });
    const strategy = (await client(w.tokens.ceo).post(`/api/companies/${w.company.id}/approvals`, { type: "approve_ceo_strategy", requestedByAgentId: w.ceo.id, payload: { plan: "x" } })).body;
    expect((await client(w.tokens.owner).post(`/api/approvals/${strategy.id}/approve`, {})).status).toBe(200);
    const old = new Date(Date.now() - 15 * 86_400_000);
    await db().heartbeatRun.createMany({ data: [
      { companyId: w.company.id, agentId: w.engineer.id, status: "failed", adapterType: "process", createdAt: old, finishedAt: old },
      { companyId: w.company.id, agentId: w.engineer.id, status: "succeeded", adapterType: "process", finishedAt: new Date() },
    ] });
    await newIssue(w, { title: "Done already", assigneeUserId: w.owner.id });
    await db().issue.updateMany({ where: { companyId: w.company.id }, data: { status: "done" } });
    await db().agent.update({ where: { id: w.engineer.id }, data: { status: "paused", pauseReason: "board" } });
    const talk = await newIssue(w, { title: "Talk" });
    await client(w.tokens.ceo).post(`/api/issues/${talk.id}/comments`, { body: `for ${userLink(other.user)}` });
    expect((await client(w.tokens.owner).get(inboxUrl(w))).body).toEqual([]);
    expect((await client(w.tokens.owner).get(countUrl(w))).body).toEqual({ unread: 0, pendingApprovals: 0 });
    expect((await client(other.token).get(inboxUrl(w))).body.map((i: { kind: string }) => i.kind)).toEqual(["mention"]);
  });

  it("pages by (createdAt, key) with limit and cursor, filters by kind and unread; a forged cursor is 400", async () => {
    const w = await createWorld();
    for (let i = 0; i < 7; i++) await newIssue(w, { title: `Blocked ${i}`, status: "blocked", priority: (["critical", "high", "medium", "low"] as const)[i % 4] });
    for (let i = 0; i < 3; i++) await newIssue(w, { title: `Mine ${i}`, assigneeUserId: w.owner.id });
    const all = (await client(w.tokens.owner).get(inboxUrl(w))).body.map((i: { key: string }) => i.key);
    expect(all).toHaveLength(10);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: Array<{ key: string }>; headers: Headers } = await client(w.tokens.owner).get(inboxUrl(w, `limit=3${cursor ? `&cursor=${cursor}` : ""}`));
      expect(res.body.length).toBeLessThanOrEqual(3);
      seen.push(...res.body.map((i: { key: string }) => i.key));
      cursor = res.headers.get("x-next-cursor");
    } while (cursor);
    expect(seen).toEqual(all);
    expect((await client(w.tokens.owner).get(inboxUrl(w, "kind=issue_assigned"))).body).toHaveLength(3);
    await client(w.tokens.owner).post(readUrl(w), { keys: all.slice(0, 4) });
    expect((await client(w.tokens.owner).get(inboxUrl(w, "unread=true"))).body.map((i: { key: string }) => i.key)).toEqual(all.slice(4));
    const forged = await client(w.tokens.owner).get(inboxUrl(w, `cursor=${Buffer.from(JSON.stringify(["x", 1])).toString("base64url")}`));
    expect(forged.status).toBe(400);
    expect((await client(w.tokens.owner).get(inboxUrl(w, "kind=nope"))).status).toBe(400);
  });
});

describe("read marks", () => {
  it("are per user: one member reading an item leaves it unread for another member of the company", async () => {
    const { w, approval } = await fullInbox();
    const colleague = await createBoardUser({ companyId: w.company.id, role: "member" });
    expect((await client(w.tokens.owner).get(countUrl(w))).body).toEqual({ unread: 6, pendingApprovals: 1 });
    const marked = await client(w.tokens.owner).post(readUrl(w), { keys: [`approval:${approval.id}`] });
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ unread: 5, pendingApprovals: 1 });
    const mine = (await client(w.tokens.owner).get(inboxUrl(w, "kind=approval"))).body;
    expect(mine[0].read).toBe(true);
    const theirs = (await client(colleague.token).get(inboxUrl(w, "kind=approval"))).body;
    expect(theirs[0].read).toBe(false);
    // the colleague's own items: no mention or assignment of theirs, so approval, run, blocked issue, paused agent
    expect((await client(colleague.token).get(countUrl(w))).body).toEqual({ unread: 4, pendingApprovals: 1 });
    expect(await db().inboxRead.count({ where: { companyId: w.company.id, userId: colleague.user.id } })).toBe(0);
  });

  it("mark all read leaves one row; an item that changes afterwards comes back unread", async () => {
    const { w, blocked, approval } = await fullInbox();
    await client(w.tokens.owner).post(readUrl(w), { keys: [`approval:${approval.id}`, `blocked:${blocked.id}`] });
    const res = await client(w.tokens.owner).post(readUrl(w), { all: true });
    expect(res.body).toEqual({ unread: 0, pendingApprovals: 1 });
    expect(await db().inboxRead.findMany({ where: { companyId: w.company.id, userId: w.owner.id }, select: { itemKey: true } })).toEqual([{ itemKey: "*" }]);
    expect((await client(w.tokens.owner).get(inboxUrl(w))).body.every((i: { read: boolean }) => i.read)).toBe(true);
    await new Promise((r) => setTimeout(r, 5));
    expect((await client(w.tokens.owner).patch(`/api/issues/${blocked.id}`, { comment: "Still waiting?" })).status).toBe(200);
    const unread = (await client(w.tokens.owner).get(inboxUrl(w, "unread=true"))).body;
    expect(unread.map((i: { key: string }) => i.key)).toEqual([`blocked:${blocked.id}`]);
    expect((await client(w.tokens.owner).get(countUrl(w))).body.unread).toBe(1);
  });

  it("a run read while it runs is unread again when it fails", async () => {
    const w = await createWorld();
    const run = await db().heartbeatRun.create({ data: { companyId: w.company.id, agentId: w.engineer.id, status: "running", adapterType: "process", startedAt: new Date() } });
    await client(w.tokens.owner).post(readUrl(w), { all: true });
    await new Promise((r) => setTimeout(r, 5));
    await db().heartbeatRun.update({ where: { id: run.id }, data: { status: "failed", finishedAt: new Date(), error: "exit 1" } });
    expect((await client(w.tokens.owner).get(countUrl(w))).body.unread).toBe(1);
    expect((await client(w.tokens.owner).get(inboxUrl(w))).body[0]).toMatchObject({ key: `run:${run.id}`, read: false });
  });

  it("refuses keys the inbox never writes and bodies with neither keys nor all (400)", async () => {
    const w = await createWorld();
    for (const body of [{ keys: ["nonsense"] }, { keys: [] }, {}, { all: false }, { keys: [`run:${w.ceo.id}`], all: true }]) {
      expect((await client(w.tokens.owner).post(readUrl(w), body)).status).toBe(400);
    }
    expect(await db().inboxRead.count({ where: { companyId: w.company.id } })).toBe(0);
  });
});

describe("who may read an inbox", () => {
  it("viewers read and mark their own inbox", async () => {
    const { w } = await fullInbox();
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    expect((await client(viewer.token).get(inboxUrl(w))).status).toBe(200);
    expect((await client(viewer.token).post(readUrl(w), { all: true })).body).toEqual({ unread: 0, pendingApprovals: 1 });
  });

  it("agents get 403, the CEO too: the inbox is a board user's", async () => {
    const { w } = await fullInbox();
    for (const token of [w.tokens.ceo, w.tokens.engineer]) {
      expect((await client(token).get(inboxUrl(w))).status).toBe(403);
      expect((await client(token).get(countUrl(w))).status).toBe(403);
      expect((await client(token).post(readUrl(w), { all: true })).status).toBe(403);
    }
    expect(await db().inboxRead.count({ where: { companyId: w.company.id } })).toBe(0);
  });

  it("another company's board user or agent gets 404 and no read mark is written", async () => {
    const { w, approval } = await fullInbox();
    const outsider = await createWorld();
    for (const token of [outsider.tokens.owner, outsider.tokens.ceo]) {
      expect((await client(token).get(inboxUrl(w))).status).toBe(404);
      expect((await client(token).get(countUrl(w))).status).toBe(404);
      expect((await client(token).post(readUrl(w), { keys: [`approval:${approval.id}`] })).status).toBe(404);
      expect((await client(token).post(readUrl(w), { all: true })).status).toBe(404);
    }
    expect(await db().inboxRead.count({ where: { companyId: w.company.id } })).toBe(0);
    expect((await client(w.tokens.owner).get(countUrl(w))).body.unread).toBe(6);
  });
});

describe("a new member's inbox", () => {
  it("starts read up to the moment they joined, by invite or added by an owner; what changes after is unread", async () => {
    const { w, blocked } = await fullInbox();
    const link = (await client(w.tokens.owner).post(`/api/companies/${w.company.id}/board-invites`, { role: "member" })).body;
    const joined = await client(null).post(`/api/board-invites/${link.token}/sign-up`, { name: "Nia New", email: `nia-${Date.now()}@example.test`, password: "correct horse" });
    expect(joined.status).toBe(201);
    const nia = await mintBoardToken(joined.body.userId);
    const existing = await createUser();
    expect((await client(w.tokens.owner).post(`/api/companies/${w.company.id}/members`, { email: existing.email, role: "viewer" })).status).toBe(201);
    const added = await mintBoardToken(existing.id);
    for (const token of [nia, added]) {
      const items = (await client(token).get(inboxUrl(w))).body;
      // the approval, failed run, blocked issue and paused agent were there before they joined
      expect(items.map((i: { kind: string }) => i.kind).sort()).toEqual(["agent_paused", "approval", "issue_blocked", "run_failed"]);
      expect(items.every((i: { read: boolean }) => i.read)).toBe(true);
      expect((await client(token).get(countUrl(w))).body).toEqual({ unread: 0, pendingApprovals: 1 });
    }
    // the owner, a member all along, still has everything unread
    expect((await client(w.tokens.owner).get(countUrl(w))).body.unread).toBe(6);
    await new Promise((r) => setTimeout(r, 5));
    expect((await client(w.tokens.owner).patch(`/api/issues/${blocked.id}`, { comment: "Any news?" })).status).toBe(200);
    for (const token of [nia, added]) {
      expect((await client(token).get(inboxUrl(w, "unread=true"))).body.map((i: { key: string }) => i.key)).toEqual([`blocked:${blocked.id}`]);
    }
  });
});
