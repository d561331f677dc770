// The issue list for an agent key answers in one statement that also authenticates the key
// (listIssuesByAgentKey): the same pages, headers and errors as the general path, a key that does
// not authenticate is a 401, and every case it does not answer falls to the general path.
import { describe, expect, it } from "vitest";
import pg from "pg";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { digestToken } from "@/lib/auth/tokens";
import { agentKeyListStatement, listIssuesByAgentKey } from "@/lib/services/issues/list";
import { client, type ApiResponse } from "../support/api";
import { createAgentWithKey, createWorld, mintRunKey } from "../factories";

type World = Awaited<ReturnType<typeof createWorld>>;

const listUrl = (w: World, query = "") => `/api/companies/${w.company.id}/issues${query ? `?${query}` : ""}`;
const pageOf = (query: Record<string, unknown> = {}) => ({ limit: 100, ...query });

/** A company whose issues cover every filter: statuses, priorities, an assignee, a project, a goal, a label, a parent. */
async function worldWithIssues() {
  const w = await createWorld();
  const owner = client(w.tokens.owner);
  const project = await db().project.create({ data: { companyId: w.company.id, name: "Apollo" } });
  const goal = await db().goal.create({ data: { companyId: w.company.id, title: "Moon" } });
  const label = await db().label.create({ data: { companyId: w.company.id, name: "bug" } });
  const parent = await owner.post(listUrl(w), { title: "Parent \"quoted\" \\ and \u2028 line", description: "tab\there, newline\n", priority: "low" });
  expect(parent.status).toBe(201);
  const bodies = [
    { title: "Engineer's", assigneeAgentId: w.engineer.id, priority: "high", status: "todo" },
    { title: "Project", projectId: project.id, priority: "critical", status: "todo" },
    { title: "Goal and label", goalId: goal.id, labelIds: [label.id], status: "todo" },
    { title: "Child", parentId: parent.body.id, labelIds: [label.id], priority: "high" },
    { title: "Ünïcödé 🚀", assigneeUserId: w.owner.id, status: "blocked" },
  ];
  for (let i = 0; i < 7; i++) bodies.push({ title: `Filler ${i}`, status: i % 2 ? "todo" : "backlog" } as (typeof bodies)[number]);
  for (const body of bodies) expect((await owner.post(listUrl(w), body)).status).toBe(201);
  return { w, project, goal, label, parent: parent.body.id as string };
}

describe("an agent key's list", () => {
  it("is the general path's list, page for page, with the same headers, for every filter", async () => {
    const { w, project, goal, label, parent } = await worldWithIssues();
    const queries = [
      "", "limit=3", "status=todo&limit=2", "status=todo,blocked", "priority=high", `assigneeAgentId=${w.engineer.id}`,
      `assigneeUserId=${w.owner.id}`, `projectId=${project.id}`, `goalId=${goal.id}`, `labelId=${label.id}`, `parentId=${parent}`,
      `labelId=${label.id}&priority=high&limit=1`, "status=done",
    ];
    for (const query of queries) {
      // follow every page of both paths: the agent's (one statement) and a board member's (general)
      let agentUrl: string | null = listUrl(w, query);
      let boardUrl: string | null = listUrl(w, query);
      let pages = 0;
      while (agentUrl && boardUrl) {
        const viaKey: ApiResponse = await client(w.tokens.engineer).get(agentUrl);
        const viaBoard: ApiResponse = await client(w.tokens.owner).get(boardUrl);
        expect(viaKey.status, query).toBe(200);
        expect(viaKey.text, query).toBe(viaBoard.text);
        expect(viaKey.headers.get("x-next-cursor"), query).toBe(viaBoard.headers.get("x-next-cursor"));
        expect(viaKey.headers.get("link"), query).toBe(viaBoard.headers.get("link"));
        expect(viaKey.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
        expect(viaKey.headers.get("content-type")).toBe(viaBoard.headers.get("content-type"));
        const next: string | null = viaKey.headers.get("link");
        agentUrl = next ? /^<(.+)>/.exec(next)![1] : null;
        boardUrl = agentUrl;
        pages++;
      }
      expect(pages, query).toBeGreaterThan(0);
    }
    const limited = await client(w.tokens.engineer).get(listUrl(w, "limit=3"));
    expect(limited.body).toHaveLength(3);
    expect(limited.headers.get("x-next-cursor")).toBeTruthy();
    const none = await client(w.tokens.engineer).get(listUrl(w, "status=done"));
    expect(none.body).toEqual([]);
    expect(none.headers.get("link")).toBeNull();
  });

  it("answers in one statement for the caller's own company, also by a run key and an upper-case id", async () => {
    const { w } = await worldWithIssues();
    const { token: runKey } = await mintRunKey(w.engineer);
    for (const [key, ref] of [[w.tokens.engineer, w.company.id], [runKey, w.company.id], [w.tokens.ceo, w.company.id.toUpperCase()]]) {
      const page = await listIssuesByAgentKey(digestToken(key), ref, pageOf({ status: ["todo"] }));
      const items = JSON.parse(page!.json) as Array<{ status: string; companyId: string }>;
      expect(items.map((i) => i.status)).toEqual(["todo", "todo", "todo", "todo", "todo", "todo"]);
      expect(items.every((i) => i.companyId === w.company.id)).toBe(true);
      expect(page!.nextCursor).toBeNull();
    }
    const empty = await listIssuesByAgentKey(digestToken(w.tokens.engineer), w.company.id, pageOf({ status: ["done"] }));
    expect(empty).toEqual({ json: "[]", nextCursor: null });
    // pages after the first, by the cursor the API handed out: this path's, and the same as over HTTP
    const first = await client(w.tokens.engineer).get(listUrl(w, "limit=3"));
    const second = await listIssuesByAgentKey(digestToken(w.tokens.engineer), w.company.id, pageOf({ limit: 3, cursor: first.headers.get("x-next-cursor")! }));
    const secondOverHttp = await client(w.tokens.owner).get(listUrl(w, `limit=3&cursor=${first.headers.get("x-next-cursor")}`));
    expect(second?.json).toBe(secondOverHttp.text);
    expect(second?.nextCursor).toBe(secondOverHttp.headers.get("x-next-cursor"));
    expect(JSON.parse(second!.json)).toHaveLength(3);
  });

  it("leaves to the general path: another company, a company's readable key, a search and a malformed cursor", async () => {
    const { w } = await worldWithIssues();
    const other = await createWorld();
    const digest = digestToken(w.tokens.engineer);
    expect(await listIssuesByAgentKey(digest, other.company.id, pageOf())).toBeUndefined();
    expect(await listIssuesByAgentKey(digest, w.company.issuePrefix, pageOf())).toBeUndefined();
    expect(await listIssuesByAgentKey(digest, w.company.id, pageOf({ q: "filler" }))).toBeUndefined();
    expect(await listIssuesByAgentKey(digest, w.company.id, pageOf({ cursor: "bm9wZQ" }))).toBeUndefined();
    // which then answer as they always have
    expect((await client(w.tokens.engineer).get(`/api/companies/${other.company.id}/issues`)).status).toBe(404);
    const byPrefix = await client(w.tokens.engineer).get(`/api/companies/${w.company.issuePrefix}/issues?status=todo`);
    expect(byPrefix.status).toBe(200);
    expect(byPrefix.body).toHaveLength(6);
    const search = await client(w.tokens.engineer).get(listUrl(w, "q=filler"));
    expect(search.body).toHaveLength(7);
    const badCursor = await client(w.tokens.engineer).get(listUrl(w, "cursor=bm9wZQ"));
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.code).toBe("validation_error");
  });

  it("refuses a key that does not authenticate with 401: unknown, revoked, expired, terminated or unapproved agent", async () => {
    const { w } = await worldWithIssues();
    const revoked = await createAgentWithKey(w.company.id);
    await db().agentKey.updateMany({ where: { agentId: revoked.agent.id }, data: { revokedAt: new Date() } });
    const expired = await createAgentWithKey(w.company.id);
    await db().agentKey.updateMany({ where: { agentId: expired.agent.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const terminated = await createAgentWithKey(w.company.id, { status: "terminated" });
    const pending = await createAgentWithKey(w.company.id, { status: "pending_approval" });
    const unknown = `${w.tokens.engineer.slice(0, -4)}AAAA`;
    for (const token of [revoked.token, expired.token, terminated.token, pending.token, unknown]) {
      expect(await listIssuesByAgentKey(digestToken(token), w.company.id, pageOf())).toBeNull();
      const res = await client(token).get(listUrl(w, "status=todo"));
      expect(res.status).toBe(401);
      expect(res.body.code).toBe("unauthenticated");
      expect(res.headers.get("www-authenticate")).toBe("Bearer");
      // authentication comes before the query's own checks, as on every other path
      expect((await client(token).get(listUrl(w, "cursor=bm9wZQ"))).status).toBe(401);
    }
    // a paused agent still reads its work
    const paused = await createAgentWithKey(w.company.id, { status: "paused" });
    expect((await client(paused.token).get(listUrl(w, "status=todo"))).body).toHaveLength(6);
    expect(JSON.parse((await listIssuesByAgentKey(digestToken(paused.token), w.company.id, pageOf({ status: ["todo"] })))!.json)).toHaveLength(6);
  });
});

describe("the agent key's list statement", () => {
  it("runs on a kept (generic) plan, not planned anew on every call, on a company of thousands of issues", async () => {
    const w = await createWorld();
    await db().$executeRaw`INSERT INTO "Issue" (id, "companyId", number, identifier, title, status, priority, "updatedAt")
      SELECT gen_random_uuid(), ${w.company.id}::uuid, n, ${w.company.issuePrefix} || '-' || n, 'Bulk ' || n,
             (ARRAY['todo','backlog','done'])[1 + n % 3]::"IssueStatus", 'medium', now() - n * interval '1 second'
        FROM generate_series(1, 6000) n`;
    await db().$executeRawUnsafe(`ANALYZE "Issue"`);
    const digest = digestToken(w.tokens.engineer);
    const page = await listIssuesByAgentKey(digest, w.company.id, pageOf({ status: ["todo"], limit: 50 }));
    expect(JSON.parse(page!.json)).toHaveLength(50);
    // the very statement that call ran, on a connection of its own, whose plan counts we then read
    const statement = agentKeyListStatement(digest, w.company.id, pageOf({ status: ["todo"], limit: 50 }));
    const own = new pg.Client({ connectionString: env().DATABASE_URL });
    await own.connect();
    try {
      for (let i = 0; i < 12; i++) {
        const { rows } = await own.query({ name: "list", ...statement });
        expect(rows).toHaveLength(51);
      }
      const { rows: [plans] } = await own.query(`SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = 'list'`);
      // PostgreSQL plans the first five calls for their values, then keeps the generic plan
      expect(Number(plans.custom_plans)).toBe(5);
      expect(Number(plans.generic_plans)).toBe(7);
    } finally {
      await own.end();
    }
  });
});
