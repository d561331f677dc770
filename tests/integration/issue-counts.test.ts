// GET /api/companies/:companyId/issues/counts: per-status totals under the list's filters, equal to
// what the list itself returns page by page; `me` as in the list; bad input is a 400 that counts nothing.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { issueStatuses } from "@/lib/issue-status";
import { client } from "../support/api";
import { createBoardUser, createWorld } from "../factories";

type World = Awaited<ReturnType<typeof createWorld>>;
type Counts = { companyId: string; total: number; byStatus: Record<string, number> };

const countsUrl = (w: World, query = "") => `/api/companies/${w.company.id}/issues/counts${query ? `?${query}` : ""}`;

async function create(w: World, body: Record<string, unknown>) {
  const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, { title: "Issue", ...body });
  expect(res.status).toBe(201);
  return res.body as { id: string };
}

/** Every issue the list returns under `query`, per status (following the pages). */
async function listedPerStatus(w: World, query: string) {
  const out = Object.fromEntries(issueStatuses.map((s) => [s, 0]));
  let cursor: string | null = null;
  do {
    const qs = new URLSearchParams(query);
    qs.set("limit", "2");
    if (cursor) qs.set("cursor", cursor);
    const res = await client(w.tokens.owner).get(`/api/companies/${w.company.id}/issues?${qs}`);
    expect(res.status).toBe(200);
    for (const row of res.body as Array<{ status: string }>) out[row.status] += 1;
    cursor = res.headers.get("x-next-cursor");
  } while (cursor);
  return out;
}

async function seeded() {
  const w = await createWorld();
  const project = await db().project.create({ data: { companyId: w.company.id, name: "Apollo" } });
  const label = await db().label.create({ data: { companyId: w.company.id, name: "bug" } });
  await create(w, { title: "Zebra migration", status: "todo", projectId: project.id, labelIds: [label.id] });
  await create(w, { title: "Zebra cleanup", status: "todo" });
  await create(w, { title: "Write docs", status: "backlog", projectId: project.id });
  await create(w, { title: "Ship it", status: "in_progress", assigneeAgentId: w.engineer.id, priority: "critical" });
  await create(w, { title: "Blocked on zebra", status: "blocked", assigneeAgentId: w.engineer.id, labelIds: [label.id] });
  const done = await create(w, { title: "Old work", status: "in_progress", assigneeAgentId: w.manager.id });
  expect((await client(w.tokens.owner).patch(`/api/issues/${done.id}`, { status: "done" })).status).toBe(200);
  return { w, project, label };
}

describe("issue counts", () => {
  it("counts every status of the company, zero for the empty ones", async () => {
    const { w } = await seeded();
    const res = await client(w.tokens.engineer).get(countsUrl(w));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      companyId: w.company.id, total: 6,
      byStatus: { backlog: 1, todo: 2, in_progress: 1, in_review: 0, blocked: 1, done: 1, cancelled: 0 },
    });
  });

  it("each filter gives the totals the list returns under it", async () => {
    const { w, project, label } = await seeded();
    const queries = ["", `projectId=${project.id}`, `labelId=${label.id}`, `assigneeAgentId=${w.engineer.id}`, "priority=critical",
      "q=zebra", "q=zebra&status=todo", `status=todo,blocked&labelId=${label.id}`, "q=nothingmatchesthis"];
    for (const query of queries) {
      const res = await client(w.tokens.owner).get(countsUrl(w, query));
      expect(res.status, query).toBe(200);
      const body = res.body as Counts;
      expect(body.byStatus, query).toEqual(await listedPerStatus(w, query));
      expect(body.total, query).toBe(Object.values(body.byStatus).reduce((a, b) => a + b, 0));
    }
  });

  it("`me` is the calling agent, or the calling board user; the other kind of caller gets 400", async () => {
    const { w } = await seeded();
    const mine = await client(w.tokens.engineer).get(countsUrl(w, "assigneeAgentId=me"));
    expect(mine.status).toBe(200);
    expect((mine.body as Counts).total).toBe(2);
    const board = await client(w.tokens.owner).get(countsUrl(w, "assigneeUserId=me"));
    expect(board.status).toBe(200);
    expect((board.body as Counts).total).toBe(0);
    const refused = await client(w.tokens.owner).get(countsUrl(w, "assigneeAgentId=me"));
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("validation_error");
  });

  it("bad input is a 400 naming the field; unknown parameters too", async () => {
    const { w } = await seeded();
    for (const query of ["status=nope", "projectId=not-a-uuid", "priority=urgent", "q=%20%20", "q=---", "color=red"]) {
      const res = await client(w.tokens.owner).get(countsUrl(w, query));
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe("validation_error");
    }
  });

  it("a viewer may count; a board user outside the company gets 404", async () => {
    const { w } = await seeded();
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    expect((await client(viewer.token).get(countsUrl(w))).status).toBe(200);
    const outsider = await createBoardUser();
    const res = await client(outsider.token).get(countsUrl(w));
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
  });
});
