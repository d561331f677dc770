// GET /api/agents/me/inbox ('Mine'): the caller's assigned todo/in_progress/blocked issues, in_progress
// first, then priority, then the oldest update; the issue list's item plus lastCommentAt and
// newCommentsSinceLastRun; keyset pages; the same answer on the agent-key statement and the general
// path. Also `assigneeAgentId=me` / `assigneeUserId=me` on the issue list, on both of its paths.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { actorFromBearer } from "@/lib/auth/actor";
import { digestToken } from "@/lib/auth/tokens";
import { sql } from "@/lib/db/client";
import { inboxByAgentKey, inboxStatement, listInbox } from "@/lib/services/issues/inbox";
import { listIssues, listIssuesByAgentKey } from "@/lib/services/issues/list";
import { inboxItemResponseSchema } from "@/lib/schemas/issues";
import { client, call, type ApiResponse } from "../support/api";
import { createAgent, createAgentWithKey, createWorld, mintRunKey } from "../factories";

type World = Awaited<ReturnType<typeof createWorld>>;
type Item = { id: string; title: string; status: string; priority: string; updatedAt: string; lastCommentAt: string | null; newCommentsSinceLastRun: boolean };

const INBOX = "/api/agents/me/inbox";
const listUrl = (w: World, query = "") => `/api/companies/${w.company.id}/issues${query ? `?${query}` : ""}`;

async function create(w: World, body: Record<string, unknown>, updatedAt?: string) {
  const res = await client(w.tokens.owner).post(listUrl(w), { title: "Issue", ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  if (updatedAt) await db().$executeRaw`UPDATE "Issue" SET "updatedAt" = ${new Date(updatedAt)} WHERE id = ${res.body.id}::uuid`;
  return res.body as { id: string; title: string };
}

async function comment(issueId: string, at: string, author: { agentId?: string; userId?: string }, companyId: string) {
  await db().issueComment.create({
    data: { companyId, issueId, body: "note", authorAgentId: author.agentId ?? null, authorUserId: author.userId ?? null, createdAt: new Date(at) },
  });
}

async function run(agent: { id: string; companyId: string }, issueId: string | null, startedAt: string | null) {
  return db().heartbeatRun.create({
    data: { companyId: agent.companyId, agentId: agent.id, issueId, status: "succeeded", adapterType: "process", startedAt: startedAt ? new Date(startedAt) : null },
  });
}

/** Every page of the inbox, following the Link header as a client would. */
async function allPages(token: string, query = "") {
  const pages: Item[][] = [];
  let url: string | null = `${INBOX}${query ? `?${query}` : ""}`;
  while (url) {
    const res: ApiResponse<Item[]> = await client(token).get(url);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    pages.push(res.body);
    const link: string | null = res.headers.get("link");
    if (link) expect(link).toContain(`cursor=${res.headers.get("x-next-cursor")}`);
    url = link ? new URL(/^<(.+)>/.exec(link)![1]).pathname + new URL(/^<(.+)>/.exec(link)![1]).search : null;
  }
  return pages;
}

/** The engineer's inbox world: issues in every status and priority, some someone else's. */
async function inboxWorld() {
  const w = await createWorld();
  const mine = { assigneeAgentId: w.engineer.id };
  const issues = {
    todoHighOld: await create(w, { ...mine, title: "todo high old", status: "todo", priority: "high" }, "2026-01-01T00:00:00.000Z"),
    todoHighNew: await create(w, { ...mine, title: "todo high new", status: "todo", priority: "high" }, "2026-01-03T00:00:00.000Z"),
    todoCritical: await create(w, { ...mine, title: "todo critical", status: "todo", priority: "critical" }, "2026-01-05T00:00:00.000Z"),
    blockedLow: await create(w, { ...mine, title: "blocked low", status: "blocked", priority: "low" }, "2026-01-01T00:00:00.000Z"),
    blockedCritical: await create(w, { ...mine, title: "blocked critical", status: "blocked", priority: "critical" }, "2026-01-02T00:00:00.000Z"),
    progressLow: await create(w, { ...mine, title: "in progress low", status: "in_progress", priority: "low" }, "2026-01-01T00:00:00.000Z"),
    progressMedium: await create(w, { ...mine, title: "in progress medium", status: "in_progress", priority: "medium" }, "2026-01-04T00:00:00.000Z"),
  };
  // not in the inbox: other statuses, another assignee, nobody's
  await create(w, { ...mine, title: "backlog", status: "backlog", priority: "critical" });
  const review = await create(w, { ...mine, title: "review", status: "in_progress", priority: "critical" });
  expect((await client(w.tokens.owner).patch(`/api/issues/${review.id}`, { status: "in_review" })).status).toBe(200);
  await create(w, { assigneeAgentId: w.manager.id, title: "the manager's", status: "todo", priority: "critical" });
  await create(w, { title: "nobody's", status: "todo", priority: "critical" });
  const expected = [
    issues.progressMedium, issues.progressLow, // in_progress first, then by priority
    issues.todoCritical, issues.blockedCritical, // critical; the blocked one is older... but see below
    issues.todoHighOld, issues.todoHighNew, issues.blockedLow,
  ];
  // within a priority the oldest update comes first: blockedCritical (Jan 2) before todoCritical (Jan 5)
  [expected[2], expected[3]] = [issues.blockedCritical, issues.todoCritical];
  return { w, issues, expected: expected.map((i) => i.title) };
}

describe("the inbox", () => {
  it("holds the caller's todo, in_progress and blocked issues: in_progress first, then priority, then the oldest update", async () => {
    const { w, expected } = await inboxWorld();
    const res = await client(w.tokens.engineer).get(INBOX);
    expect(res.status).toBe(200);
    expect((res.body as Item[]).map((i) => i.title)).toEqual(expected);
    expect(res.headers.get("link")).toBeNull();
    expect(res.headers.get("content-type")).toContain("application/json");
  });

  it("writes each item exactly as the issue list does, plus lastCommentAt and newCommentsSinceLastRun", async () => {
    const { w } = await inboxWorld();
    const inbox = (await client(w.tokens.engineer).get(INBOX)).body as Array<Record<string, unknown>>;
    const list = (await client(w.tokens.engineer).get(listUrl(w, `assigneeAgentId=${w.engineer.id}&status=todo,in_progress,blocked`))).body as Array<Record<string, unknown>>;
    expect(inbox).toHaveLength(list.length);
    for (const item of inbox) {
      const { lastCommentAt, newCommentsSinceLastRun, ...issue } = item;
      expect(issue).toEqual(list.find((l) => l.id === item.id));
      expect(Object.keys(item)).toEqual([...Object.keys(issue), "lastCommentAt", "newCommentsSinceLastRun"]);
      expect(lastCommentAt).toBeNull();
      expect(newCommentsSinceLastRun).toBe(false);
      // what the OpenAPI document says an inbox item is, no more and no less
      expect(Object.keys(item).sort()).toEqual(Object.keys(inboxItemResponseSchema.shape).sort());
      expect(inboxItemResponseSchema.safeParse(item).error).toBeUndefined();
    }
  });

  it("narrows to one status or a comma-separated list; other values are a 400 naming the field", async () => {
    const { w } = await inboxWorld();
    const titles = async (q: string) => ((await client(w.tokens.engineer).get(`${INBOX}?${q}`)).body as Item[]).map((i) => i.title);
    expect(await titles("status=blocked")).toEqual(["blocked critical", "blocked low"]);
    expect(await titles("status=todo,blocked")).toEqual(["blocked critical", "todo critical", "todo high old", "todo high new", "blocked low"]);
    expect(await titles("status=in_progress")).toEqual(["in progress medium", "in progress low"]);
    for (const bad of ["status=done", "status=in_review", "status=bogus", "status=", "status=todo&status=blocked", "assigneeAgentId=me", "limit=0"]) {
      const res = await client(w.tokens.engineer).get(`${INBOX}?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.code).toBe("validation_error");
      expect(res.body.details[0].path, bad).toMatch(/^query(\.|$)/);
    }
  });

  it("pages by keyset across pages, every item once, in order; the same pages on the general path", async () => {
    const { w, expected } = await inboxWorld();
    for (const limit of [1, 2, 3]) {
      const pages = await allPages(w.tokens.engineer, `limit=${limit}`);
      expect(pages.map((p) => p.length).every((n) => n <= limit)).toBe(true);
      expect(pages.flat().map((i) => i.title)).toEqual(expected);
    }
    expect((await allPages(w.tokens.engineer, "limit=2&status=todo,blocked")).flat().map((i) => i.title))
      .toEqual(["blocked critical", "todo critical", "todo high old", "todo high new", "blocked low"]);
    // the general path (what a caller without an agent key's one statement reaches) gives the same bytes
    const actor = (await actorFromBearer(w.tokens.engineer))!;
    let cursor: string | undefined;
    const viaKey: string[] = [];
    const viaCtx: string[] = [];
    do {
      const a = await inboxByAgentKey(digestToken(w.tokens.engineer), { limit: 3, cursor });
      const b = await listInbox({ db: db(), actor }, { limit: 3, cursor });
      expect(a).toEqual(b);
      viaKey.push(a!.json);
      viaCtx.push(b.json);
      cursor = b.nextCursor ?? undefined;
    } while (cursor);
    expect(viaKey).toHaveLength(3);
  });

  it("refuses a cursor it did not issue with a 400 after authenticating", async () => {
    const { w } = await inboxWorld();
    const forged = Buffer.from(JSON.stringify([2, "critical", { d: "2026-01-01T00:00:00.000Z" }, w.company.id])).toString("base64url");
    const wrongPriority = Buffer.from(JSON.stringify([0, "urgent", { d: "2026-01-01T00:00:00.000Z" }, w.company.id])).toString("base64url");
    for (const cursor of ["garbage", forged, wrongPriority]) {
      const res = await client(w.tokens.engineer).get(`${INBOX}?cursor=${cursor}`);
      expect(res.status, cursor).toBe(400);
      expect(res.body.details).toEqual([{ path: "cursor", message: "invalid cursor" }]);
      expect((await call("GET", `${INBOX}?cursor=${cursor}`)).status).toBe(401);
    }
  });

  it("tells whether someone else commented after the agent's last run on the issue started", async () => {
    const { w, issues } = await inboxWorld();
    const companyId = w.company.id;
    const flags = async (token = w.tokens.engineer) => {
      const items = (await client(token).get(INBOX)).body as Item[];
      return Object.fromEntries(items.map((i) => [i.title, [i.lastCommentAt, i.newCommentsSinceLastRun]]));
    };
    const a = issues.todoCritical;
    const b = issues.blockedLow;
    const c = issues.progressLow;
    // a: a board comment, no run yet: news; b: only the agent's own comment: none; c: another agent's comment, then a run
    await comment(a.id, "2026-02-01T10:00:00.000Z", { userId: w.owner.id }, companyId);
    await comment(b.id, "2026-02-01T10:00:00.000Z", { agentId: w.engineer.id }, companyId);
    await comment(c.id, "2026-02-01T10:00:00.000Z", { agentId: w.manager.id }, companyId);
    await run(w.engineer, c.id, "2026-02-01T11:00:00.000Z");
    let f = await flags();
    expect(f["todo critical"]).toEqual(["2026-02-01T10:00:00.000Z", true]);
    expect(f["blocked low"]).toEqual(["2026-02-01T10:00:00.000Z", false]);
    expect(f["in progress low"]).toEqual(["2026-02-01T10:00:00.000Z", false]);
    expect(f["todo high old"]).toEqual([null, false]);

    // a comment after the run is news; the agent's own later comment on another issue is not
    await comment(c.id, "2026-02-01T12:00:00.000Z", { userId: w.owner.id }, companyId);
    await comment(b.id, "2026-02-01T12:00:00.000Z", { agentId: w.engineer.id }, companyId);
    // another agent's run on a, and this agent's runs that name no issue or never started, do not count
    await run(w.manager, a.id, "2026-02-02T00:00:00.000Z");
    await run(w.engineer, null, "2026-02-02T00:00:00.000Z");
    await run(w.engineer, a.id, null);
    f = await flags();
    expect(f["in progress low"]).toEqual(["2026-02-01T12:00:00.000Z", true]);
    expect(f["blocked low"]).toEqual(["2026-02-01T12:00:00.000Z", false]);
    expect(f["todo critical"]).toEqual(["2026-02-01T10:00:00.000Z", true]);

    // the newest run counts: a later run on c has seen the comment
    await run(w.engineer, c.id, "2026-02-01T13:00:00.000Z");
    expect((await flags())["in progress low"]).toEqual(["2026-02-01T12:00:00.000Z", false]);

    // the run that asks is not its own last run: what it woke for is still news to it
    const { run: current, token: runKey } = await mintRunKey(w.engineer);
    await db().heartbeatRun.update({ where: { id: current.id }, data: { issueId: a.id, startedAt: new Date("2026-02-03T00:00:00.000Z") } });
    expect((await flags(runKey))["todo critical"]).toEqual(["2026-02-01T10:00:00.000Z", true]);
    expect((await flags())["todo critical"]).toEqual(["2026-02-01T10:00:00.000Z", false]);
  });

  it("answers a board caller with exactly the 4xx of /api/agents/me, and no credentials with a 401", async () => {
    const { w } = await inboxWorld();
    const me = await client(w.tokens.owner).get("/api/agents/me");
    const inbox = await client(w.tokens.owner).get(INBOX);
    expect(me.status).toBe(403);
    expect(inbox.status).toBe(me.status);
    expect(inbox.body.code).toBe(me.body.code);
    for (const token of [null, "ck_agent_not-a-real-key-000000000000000000000000", "garbage"]) {
      const res = await call("GET", INBOX, { token });
      expect(res.status, String(token)).toBe(401);
      expect(res.body.code).toBe("unauthenticated");
      expect(res.headers.get("www-authenticate")).toContain("Bearer");
    }
  });

  it("shows another company's agent none of this company's issues", async () => {
    const { w } = await inboxWorld();
    const other = await createWorld();
    await create(other, { assigneeAgentId: other.engineer.id, title: "theirs", status: "todo" });
    const res = await client(other.tokens.engineer).get(INBOX);
    expect(res.status).toBe(200);
    expect((res.body as Item[]).map((i) => i.title)).toEqual(["theirs"]);
    // an agent of this company with nothing assigned: an empty page
    const { token } = await createAgentWithKey(w.company.id);
    const empty = await client(token).get(INBOX);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
    expect(empty.headers.get("x-next-cursor")).toBeNull();
  });
});

type PlanNode = { "Relation Name"?: string; "Index Name"?: string; "Actual Loops"?: number; Plans?: PlanNode[] };
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

describe("the inbox statement", () => {
  it("reads the agent's issues by the (companyId, assigneeAgentId, status) index and looks up comments and runs for the page's rows only", async () => {
    const w = await createWorld();
    const others = await Promise.all(Array.from({ length: 9 }, () => createAgent(w.company.id)));
    // 3,000 issues over ten agents: the engineer has 300, 180 of them open
    await sql().query(
      `INSERT INTO "Issue" (id, "companyId", number, identifier, title, status, priority, "assigneeAgentId", "updatedAt")
       SELECT gen_random_uuid(), $1::uuid, n, 'P-' || n, 'Issue ' || n,
              (ARRAY['todo', 'in_progress', 'blocked', 'done', 'backlog'])[1 + (n / 10) % 5]::"IssueStatus", 'medium', ($2::uuid[])[1 + n % 10], now()
         FROM generate_series(1, 3000) n`,
      [w.company.id, [w.engineer.id, ...others.map((a) => a.id)]],
    );
    await sql().query(`ANALYZE "Issue"`);
    const statement = inboxStatement({ sql: `SELECT $1::uuid AS "agentId", $2::uuid AS "companyId", $3::uuid AS "runId"`, values: [w.engineer.id, w.company.id, null] }, { limit: 10 });
    const { rows } = await sql().query(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`, statement.values);
    const plan = nodes((rows[0]["QUERY PLAN"] as Array<{ Plan: PlanNode }>)[0].Plan);
    expect(plan.filter((n) => n["Index Name"]?.startsWith("Issue_")).map((n) => n["Index Name"])).toEqual(["Issue_companyId_assigneeAgentId_status_idx"]);
    const perIssue = plan.filter((n) => n["Relation Name"] === "IssueComment" || n["Relation Name"] === "HeartbeatRun");
    expect(perIssue.length).toBeGreaterThan(0);
    // a page of 10: the per-issue lookups run for the 11 rows fetched, not for all 180
    for (const n of perIssue) expect(n["Actual Loops"], n["Relation Name"]).toBeLessThanOrEqual(11);
  });
});

describe("'me' on the issue list", () => {
  it("assigneeAgentId=me is the calling agent, on the agent-key statement and on the general path", async () => {
    const { w } = await inboxWorld();
    const byId = await client(w.tokens.engineer).get(listUrl(w, `assigneeAgentId=${w.engineer.id}&limit=4`));
    const byMe = await client(w.tokens.engineer).get(listUrl(w, "assigneeAgentId=me&limit=4"));
    expect(byMe.status).toBe(200);
    expect(byMe.text).toBe(byId.text);
    expect(byMe.body).toHaveLength(4);
    expect((byMe.body as Item[]).every((i) => (i as unknown as { assigneeAgentId: string }).assigneeAgentId === w.engineer.id)).toBe(true);
    // the next page through the Link, which carries `me` on
    const next = /^<(.+)>/.exec(byMe.headers.get("link")!)![1];
    expect(next).toContain("assigneeAgentId=me");
    const page2 = await client(w.tokens.engineer).get(new URL(next).pathname + new URL(next).search);
    expect((page2.body as Item[]).length).toBe(4); // 9 in all: 7 open, the in_review and the backlog one
    // the one statement answers `me` itself; the general path (a search) resolves it too
    const fast = await listIssuesByAgentKey(digestToken(w.tokens.engineer), w.company.id, { assigneeAgentId: "me", limit: 100 });
    expect(JSON.parse(fast!.json)).toHaveLength(9);
    const actor = (await actorFromBearer(w.tokens.engineer))!;
    const general = await listIssues({ db: db(), actor }, w.company.id, { assigneeAgentId: "me", limit: 100 });
    expect(JSON.stringify(general.items)).toBe(fast!.json);
    const searched = await client(w.tokens.engineer).get(listUrl(w, "assigneeAgentId=me&q=critical"));
    expect((searched.body as Item[]).map((i) => i.title).sort()).toEqual(["blocked critical", "todo critical"]);
    // another agent's `me` is itself
    const manager = await client(w.tokens.manager).get(listUrl(w, "assigneeAgentId=me"));
    expect((manager.body as Item[]).map((i) => i.title)).toEqual(["the manager's"]);
  });

  it("assigneeUserId=me is the calling board user", async () => {
    const { w } = await inboxWorld();
    await create(w, { assigneeUserId: w.owner.id, title: "the owner's", status: "todo" });
    const res = await client(w.tokens.owner).get(listUrl(w, "assigneeUserId=me"));
    expect(res.status).toBe(200);
    expect((res.body as Item[]).map((i) => i.title)).toEqual(["the owner's"]);
  });

  it("is a 400 naming the field for the other kind of caller, on both paths", async () => {
    const { w } = await inboxWorld();
    const cases: Array<[string, string, string]> = [
      [w.tokens.owner, "assigneeAgentId=me", "query.assigneeAgentId"],
      [w.tokens.engineer, "assigneeUserId=me", "query.assigneeUserId"],
      [w.tokens.engineer, "assigneeUserId=me&q=critical", "query.assigneeUserId"],
      [w.tokens.owner, "assigneeAgentId=you", "query.assigneeAgentId"],
      [w.tokens.engineer, "assigneeAgentId=you", "query.assigneeAgentId"],
    ];
    for (const [token, query, path] of cases) {
      const res = await client(token).get(listUrl(w, query));
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe("validation_error");
      expect(res.body.details.map((d: { path: string }) => d.path), query).toEqual([path]);
    }
    // no credentials: 401 before anything else is said about `me`
    expect((await call("GET", listUrl(w, "assigneeAgentId=me"))).status).toBe(401);
  });
});
