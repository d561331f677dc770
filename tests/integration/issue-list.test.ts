// GET /api/companies/:companyId/issues: every filter, strict query parsing, priority order then most
// recently updated, keyset pages that return every row once, and `q`: words (as prefixes) of the
// identifier, title, description and comments, on both search paths (the walk and the index).
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { IssuePriority, IssueStatus } from "@/lib/generated/prisma/client";
import { client, type ApiResponse } from "../support/api";
import { createWorld } from "../factories";

type World = Awaited<ReturnType<typeof createWorld>>;
type Row = { id: string; identifier: string; priority: IssuePriority; status: IssueStatus; updatedAt: string };

const listUrl = (w: World, query = "") => `/api/companies/${w.company.id}/issues${query ? `?${query}` : ""}`;

async function create(w: World, body: Record<string, unknown>) {
  const res = await client(w.tokens.owner).post(listUrl(w), { title: "Issue", ...body });
  expect(res.status).toBe(201);
  return res.body as Row & { title: string };
}

async function ids(w: World, query: string, token = w.tokens.engineer) {
  const res = await client(token).get(listUrl(w, query));
  expect(res.status, query).toBe(200);
  return (res.body as Row[]).map((r) => r.id).sort();
}

const sorted = (rows: Array<{ id: string }>) => rows.map((r) => r.id).sort();

/** Every page of a list, following the Link header as a client would. */
async function allPages(w: World, query: string) {
  const api = client(w.tokens.engineer);
  const pages: Row[][] = [];
  let url: string | null = listUrl(w, query);
  while (url) {
    const res: ApiResponse<Row[]> = await api.get(url);
    expect(res.status).toBe(200);
    pages.push(res.body);
    const next = res.headers.get("x-next-cursor");
    const link: string | null = res.headers.get("link");
    if (next) {
      expect(link).toMatch(/^<(.+)>; rel="next"$/);
      const target: URL = new URL(/^<(.+)>/.exec(link!)![1]);
      expect(target.searchParams.get("cursor")).toBe(next);
      url = target.toString();
    } else {
      expect(link).toBeNull();
      url = null;
    }
    expect(pages.length).toBeLessThan(50);
  }
  return pages;
}

describe("filters", () => {
  it("filter by every field of the spec and DESIGN", async () => {
    const w = await createWorld();
    const project = await db().project.create({ data: { companyId: w.company.id, name: "Apollo" } });
    const goal = await db().goal.create({ data: { companyId: w.company.id, title: "Moon" } });
    const label = await db().label.create({ data: { companyId: w.company.id, name: "bug" } });
    const parent = await create(w, { title: "Parent", priority: "low" });
    const eng = await create(w, { assigneeAgentId: w.engineer.id, priority: "high" });
    const mgr = await create(w, { assigneeAgentId: w.manager.id, projectId: project.id, priority: "critical" });
    const usr = await create(w, { assigneeUserId: w.owner.id, goalId: goal.id, labelIds: [label.id] });
    const child = await create(w, { parentId: parent.id, labelIds: [label.id], goalId: goal.id, priority: "high" });
    await db().issue.update({ where: { id: eng.id }, data: { status: "blocked" } });
    await db().issue.update({ where: { id: mgr.id }, data: { status: "in_progress" } });

    expect(await ids(w, "")).toEqual(sorted([parent, eng, mgr, usr, child]));
    expect(await ids(w, "status=backlog")).toEqual(sorted([parent, child]));
    expect(await ids(w, "status=todo")).toEqual(sorted([usr]));
    expect(await ids(w, "status=blocked,in_progress")).toEqual(sorted([eng, mgr]));
    expect(await ids(w, "status=blocked, todo")).toEqual(sorted([eng, usr]));
    expect(await ids(w, "status=done")).toEqual([]);
    expect(await ids(w, `assigneeAgentId=${w.engineer.id}`)).toEqual(sorted([eng]));
    expect(await ids(w, `assigneeUserId=${w.owner.id}`)).toEqual(sorted([usr]));
    expect(await ids(w, `projectId=${project.id}`)).toEqual(sorted([mgr]));
    expect(await ids(w, `labelId=${label.id}`)).toEqual(sorted([usr, child]));
    expect(await ids(w, `goalId=${goal.id}`)).toEqual(sorted([usr, child]));
    expect(await ids(w, `parentId=${parent.id}`)).toEqual(sorted([child]));
    expect(await ids(w, "priority=high")).toEqual(sorted([eng, child]));
    expect(await ids(w, `priority=high&labelId=${label.id}&status=backlog`)).toEqual(sorted([child]));
    expect(await ids(w, `assigneeAgentId=${w.ceo.id}`)).toEqual([]);
  });

  it("rejects unknown statuses, unknown parameters and malformed values: 400", async () => {
    const w = await createWorld();
    const api = client(w.tokens.engineer);
    for (const query of ["status=open", "status=todo,open", "status=", "priority=urgent", "assigneeAgentId=bob", "limit=0", "limit=501", "sort=title", "assignee=me"]) {
      const res = await api.get(listUrl(w, query));
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe("validation_error");
    }
  });
});

describe("order and pages", () => {
  it("sorts by priority critical, high, medium, low, then most recently updated", async () => {
    const w = await createWorld();
    const order: IssuePriority[] = ["low", "medium", "critical", "high", "medium", "low", "critical", "high"];
    const rows = [];
    for (const priority of order) rows.push(await create(w, { priority }));
    // touch some older rows so "recently updated" differs from creation order
    const api = client(w.tokens.owner);
    for (const r of [rows[1], rows[2], rows[0]]) {
      expect((await api.patch(`/api/issues/${r.id}`, { description: "touched" })).status).toBe(200);
    }
    const res = await client(w.tokens.engineer).get(listUrl(w));
    const got = res.body as Row[];
    const rank = { critical: 0, high: 1, medium: 2, low: 3 };
    const fresh = await db().issue.findMany({ where: { companyId: w.company.id } });
    const expected = [...fresh].sort((a, b) => rank[a.priority] - rank[b.priority] || b.updatedAt.getTime() - a.updatedAt.getTime());
    expect(got.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    // spelled out: the touched rows come first within their priority
    expect(got.map((r) => r.priority)).toEqual(["critical", "critical", "high", "high", "medium", "medium", "low", "low"]);
    expect(got[0].id).toBe(rows[2].id);
    expect(got[4].id).toBe(rows[1].id);
    expect(got[6].id).toBe(rows[0].id);
  });

  it("limit=7 over 42 issues: every row exactly once, headers only while more remain", async () => {
    const w = await createWorld();
    const priorities: IssuePriority[] = ["critical", "high", "medium", "low"];
    const created = await Promise.all(Array.from({ length: 42 }, (_, i) => create(w, { title: `Row ${i}`, priority: priorities[i % 4] })));
    // many rows share an updatedAt: the keyset must still break ties
    await db().issue.updateMany({ where: { companyId: w.company.id, priority: "medium" }, data: { updatedAt: new Date("2030-01-01T00:00:00Z") } });
    const pages = await allPages(w, "limit=7");
    expect(pages.map((p) => p.length)).toEqual([7, 7, 7, 7, 7, 7]);
    const flat = pages.flat();
    expect(flat.map((r) => r.id).sort()).toEqual(sorted(created));
    expect(new Set(flat.map((r) => r.id)).size).toBe(42);
    const unpaged = (await client(w.tokens.engineer).get(listUrl(w))).body as Row[];
    expect(flat.map((r) => r.id)).toEqual(unpaged.map((r) => r.id));
  });

  it("pages combine with a filter", async () => {
    const w = await createWorld();
    const created = [];
    for (let i = 0; i < 40; i++) created.push(await create(w, { title: `Row ${i}`, priority: i % 3 ? "medium" : "high", ...(i % 2 ? { assigneeAgentId: w.engineer.id } : {}) }));
    const todo = created.filter((r) => r.status === "todo");
    expect(todo).toHaveLength(20);
    const pages = await allPages(w, "status=todo&limit=7");
    expect(pages.map((p) => p.length)).toEqual([7, 7, 6]);
    const flat = pages.flat();
    expect(flat.every((r) => r.status === "todo")).toBe(true);
    expect(flat.map((r) => r.id).sort()).toEqual(sorted(todo));
    expect(new Set(flat.map((r) => r.id)).size).toBe(20);
  });

  it("a forged cursor is 400", async () => {
    const w = await createWorld();
    await create(w, {});
    const api = client(w.tokens.engineer);
    const forge = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
    const cursors = [
      "garbage", "%%%", forge(["medium"]), forge(["urgent", { d: "2030-01-01T00:00:00.000Z" }, "0190a000-0000-7000-8000-000000000000"]),
      forge(["medium", { d: "not a date" }, "0190a000-0000-7000-8000-000000000000"]), forge(["medium", { d: "2030-01-01T00:00:00.000Z" }, "x'; drop table"]),
      forge({ a: 1 }),
    ];
    for (const cursor of cursors) {
      const res = await api.get(listUrl(w, `cursor=${encodeURIComponent(cursor)}`));
      expect(res.status, cursor).toBe(400);
      expect(res.body.code).toBe("validation_error");
    }
  });
});

describe("q", () => {
  it("matches title, identifier, description and comment bodies, case-insensitive", async () => {
    const w = await createWorld();
    const byTitle = await create(w, { title: "Flux Capacitor broken" });
    const byDescription = await create(w, { title: "Other", description: "the FLUX is leaking" });
    const byComment = await create(w, { title: "Third" });
    const none = await create(w, { title: "Unrelated", description: "nothing here" });
    await client(w.tokens.engineer).post(`/api/issues/${byComment.id}/comments`, { body: "I think the flux did it" });
    await client(w.tokens.engineer).post(`/api/issues/${none.id}/comments`, { body: "nothing either" });
    expect(await ids(w, "q=flux")).toEqual(sorted([byTitle, byDescription, byComment]));
    expect(await ids(w, "q=CAPACITOR")).toEqual(sorted([byTitle]));
    expect(await ids(w, `q=${byComment.identifier}`)).toEqual(sorted([byComment]));
    expect(await ids(w, `q=${byComment.identifier.toLowerCase()}`)).toEqual(sorted([byComment]));
    expect(await ids(w, "q=did%20it")).toEqual(sorted([byComment]));
    expect(await ids(w, "q=zebra")).toEqual([]);
    expect(await ids(w, "q=flux&status=todo")).toEqual([]);
    // a comment on several matching issues does not repeat the issue
    await client(w.tokens.engineer).post(`/api/issues/${byTitle.id}/comments`, { body: "flux again" });
    const res = await client(w.tokens.engineer).get(listUrl(w, "q=flux"));
    expect(res.body).toHaveLength(3);
  });

  it("finds every word, the last also as a prefix, across fields; punctuation is not a pattern", async () => {
    const w = await createWorld();
    const percent = await create(w, { title: "100% done" });
    const plain = await create(w, { title: "100 percent done" });
    const snake = await create(w, { title: "rename snake_case", description: "in the parser" });
    const backslash = await create(w, { title: "path C:\\temp" });
    await client(w.tokens.engineer).post(`/api/issues/${snake.id}/comments`, { body: "Renamed by the linter" });
    expect(await ids(w, `q=${encodeURIComponent("100%")}`)).toEqual(sorted([percent, plain]));
    expect(await ids(w, "q=snake")).toEqual(sorted([snake]));
    expect(await ids(w, "q=pars")).toEqual(sorted([snake]));
    expect(await ids(w, "q=linter%20pars")).toEqual(sorted([snake]));
    expect(await ids(w, "q=pars%20linter")).toEqual([]); // only the last word is a prefix
    expect(await ids(w, "q=snake%20linter")).toEqual(sorted([snake])); // title and comment
    expect(await ids(w, "q=snake%20percent")).toEqual([]); // every word must be there
    expect(await ids(w, `q=${encodeURIComponent("C:\\temp")}`)).toEqual(sorted([backslash]));
    for (const q of ["%", "_", "'", "\\", "&|!", "<->"]) {
      const res = await client(w.tokens.engineer).get(listUrl(w, `q=${encodeURIComponent(q)}`));
      expect(res.status, q).toBe(400);
      expect(res.body.code).toBe("validation_error");
    }
    for (const q of ["it's", "a:b", "'quoted'", "x & y", "a\\'b", "über-ready 3.5", "foo.bar", "x@y.com", "!!flux"]) {
      expect((await client(w.tokens.engineer).get(listUrl(w, `q=${encodeURIComponent(q)}`))).status, q).toBe(200);
    }
  });

  it("follows edits: a new title's words are found, the old ones no longer, comments stay", async () => {
    const w = await createWorld();
    const issue = await create(w, { title: "Gyroscope drift" });
    await client(w.tokens.engineer).post(`/api/issues/${issue.id}/comments`, { body: "calibration helps" });
    expect((await client(w.tokens.owner).patch(`/api/issues/${issue.id}`, { title: "Accelerometer drift" })).status).toBe(200);
    expect(await ids(w, "q=gyroscope")).toEqual([]);
    expect(await ids(w, "q=accelerometer")).toEqual(sorted([issue]));
    expect(await ids(w, "q=calibration")).toEqual(sorted([issue]));
    expect(await ids(w, "q=accelerometer%20calibration")).toEqual(sorted([issue]));
  });

  it("finds rare words past the first rows of the list order, and pages through them once", async () => {
    const w = await createWorld();
    // 2,300 issues (more than the walk tests) with a common word, 60 of them also with a rare one,
    // the rare ones last in the list order (low priority, oldest)
    await db().$executeRaw`
      INSERT INTO "Issue" (id, "companyId", number, identifier, title, description, status, priority, "updatedAt")
      SELECT uuidv7(), ${w.company.id}::uuid, 1000 + n, ${w.company.issuePrefix} || '-' || (1000 + n), 'common words ' || n,
             CASE WHEN n > 2240 THEN 'a quasar appears' ELSE '' END, 'todo',
             (CASE WHEN n > 2240 THEN 'low' ELSE 'high' END)::"IssuePriority", now() - n * interval '1 second'
        FROM generate_series(1, 2300) n`;
    const common = await allPages(w, "q=common&limit=50");
    expect(common.flat()).toHaveLength(2300);
    const rare = await allPages(w, "q=quasar&limit=50");
    expect(rare.map((p) => p.length)).toEqual([50, 10]);
    expect(new Set(rare.flat().map((r) => r.id)).size).toBe(60);
    expect((await allPages(w, "q=quasar%20common&limit=50")).flat()).toHaveLength(60);
    expect((await allPages(w, "q=quasar&status=done&limit=50")).flat()).toHaveLength(0);
  });

  it("never finds another company's issues", async () => {
    const w = await createWorld();
    const other = await createWorld();
    await create(other, { title: "Secret flux" });
    const mine = await create(w, { title: "My flux" });
    expect(await ids(w, "q=flux")).toEqual(sorted([mine]));
    expect(await ids(w, `q=${other.company.issuePrefix}`)).toEqual([]);
  });
});
