// Work products reported on an issue: POST by the board and any agent of the company, the list (oldest
// first, by kind), PATCH of a status (open → merged) with its activity line, and bad input refused with
// the field named and nothing stored. Commits read from git: work-products-git.test.ts.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { call, client } from "../support/api";
import { createBoardUser, createWorld, mintRunKey } from "../factories";

type World = Awaited<ReturnType<typeof createWorld>>;

async function newIssue(w: World, title = "Ship the login fix") {
  const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, { title, assigneeAgentId: w.engineer.id });
  expect(res.status).toBe(201);
  return res.body as { id: string; identifier: string };
}

const pr = { kind: "pull_request", title: "Fix the login redirect", url: "https://github.com/acme/app/pull/12", status: "open" };
const activityOf = (companyId: string, action: string) => db().activityLog.findMany({ where: { companyId, action }, orderBy: { id: "asc" } });

describe("work products", () => {
  it("an agent reports a pull request and the board a document: 201, listed oldest first, with activity rows", async () => {
    const w = await createWorld();
    const issue = await newIssue(w);
    const byAgent = await client(w.tokens.engineer).post(`/api/issues/${issue.identifier}/work-products`, pr);
    expect(byAgent.status).toBe(201);
    expect(byAgent.body).toMatchObject({
      issueId: issue.id, companyId: w.company.id, kind: "pull_request", title: pr.title, url: pr.url, status: "open",
      sha: null, filesChanged: null, createdByAgentId: w.engineer.id, createdByUserId: null, runId: null,
    });
    const byBoard = await client(w.tokens.owner).post(`/api/issues/${issue.id}/work-products`, { kind: "document", title: "Design notes" });
    expect(byBoard.status).toBe(201);
    expect(byBoard.body).toMatchObject({ kind: "document", url: null, status: null, createdByUserId: w.owner.id, createdByAgentId: null });
    // another agent of the company (not the assignee) may report too: a manager's preview
    const byManager = await client(w.tokens.manager).post(`/api/issues/${issue.id}/work-products`, { kind: "preview", title: "Preview", url: "http://preview.local/12" });
    expect(byManager.status).toBe(201);

    const list = await client(w.tokens.engineer).get(`/api/issues/${issue.id}/work-products`);
    expect(list.status).toBe(200);
    expect(list.body.map((p: { id: string }) => p.id)).toEqual([byAgent.body.id, byBoard.body.id, byManager.body.id]);
    const prs = await client(w.tokens.owner).get(`/api/issues/${issue.identifier}/work-products?kind=pull_request`);
    expect(prs.body.map((p: { id: string }) => p.id)).toEqual([byAgent.body.id]);
    const page = await client(w.tokens.owner).get(`/api/issues/${issue.id}/work-products?limit=2`);
    expect(page.body).toHaveLength(2);
    const next = await client(w.tokens.owner).get(`/api/issues/${issue.id}/work-products?limit=2&cursor=${page.headers.get("x-next-cursor")}`);
    expect(next.body.map((p: { id: string }) => p.id)).toEqual([byManager.body.id]);

    const rows = await activityOf(w.company.id, "work_product.created");
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ actorType: "agent", actorId: w.engineer.id, entityType: "issue", entityId: issue.id });
    expect(rows[0].details).toMatchObject({ workProductId: byAgent.body.id, kind: "pull_request", title: pr.title, status: "open" });
  });

  it("a product reported with a run's key carries the run", async () => {
    const w = await createWorld();
    const issue = await newIssue(w);
    const { run, token } = await mintRunKey(w.engineer);
    const res = await client(token).post(`/api/issues/${issue.id}/work-products`, { kind: "branch", title: "charter/fix-login" });
    expect(res.status).toBe(201);
    expect(res.body.runId).toBe(run.id);
  });

  it("a retried report with the same Idempotency-Key is stored once", async () => {
    const w = await createWorld();
    const issue = await newIssue(w);
    const send = () => call("POST", `/api/issues/${issue.id}/work-products`, { token: w.tokens.engineer, body: pr, headers: { "idempotency-key": "report-pr-12" } });
    const [first, second] = [await send(), await send()];
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.id).toBe(first.body.id);
    expect(await db().workProduct.count({ where: { issueId: issue.id } })).toBe(1);
  });

  it("PATCH moves a pull request from open to merged, once, with the move in the activity log", async () => {
    const w = await createWorld();
    const issue = await newIssue(w);
    const created = (await client(w.tokens.engineer).post(`/api/issues/${issue.id}/work-products`, pr)).body;
    const merged = await client(w.tokens.manager).patch(`/api/work-products/${created.id}`, { status: "merged" });
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ id: created.id, status: "merged", title: pr.title, url: pr.url, kind: "pull_request" });
    expect(new Date(merged.body.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(created.updatedAt).getTime());
    expect(await db().workProduct.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({ status: "merged" });
    const rows = await activityOf(w.company.id, "work_product.updated");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorType: "agent", actorId: w.manager.id, entityType: "issue", entityId: issue.id });
    expect(rows[0].details).toMatchObject({ workProductId: created.id, changed: ["status"], from: "open", to: "merged" });
    // the same status again changes nothing and logs nothing
    const again = await client(w.tokens.owner).patch(`/api/work-products/${created.id}`, { status: "merged" });
    expect(again.status).toBe(200);
    expect(await activityOf(w.company.id, "work_product.updated")).toHaveLength(1);
    // title and url together; status cleared with null
    const renamed = await client(w.tokens.owner).patch(`/api/work-products/${created.id}`, { title: "Login redirect", url: "https://github.com/acme/app/pull/13", status: null });
    expect(renamed.body).toMatchObject({ title: "Login redirect", url: "https://github.com/acme/app/pull/13", status: null });
  });

  it("bad input names the field, answers 400 or 422, and stores nothing", async () => {
    const w = await createWorld();
    const issue = await newIssue(w);
    const api = client(w.tokens.engineer);
    const shape: Array<[unknown, string]> = [
      [{ kind: "pull_request" }, "title"],
      [{ kind: "patch", title: "x" }, "kind"],
      [{ kind: "url", title: " ", url: "https://x.test" }, "title"],
      [{ kind: "document", title: "x", status: "Merged!" }, "status"],
      [{ kind: "document", title: "x", sha: "abc" }, ""],
      [{ kind: "document", title: "x".repeat(501) }, "title"],
    ];
    for (const [body, field] of shape) {
      const res = await api.post(`/api/issues/${issue.id}/work-products`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("validation_error");
      if (field) expect(JSON.stringify(res.body.details), JSON.stringify(body)).toContain(field);
    }
    const semantic: unknown[] = [
      { kind: "pull_request", title: "No link" },
      { kind: "preview", title: "Script", url: "javascript:alert(1)" },
      { kind: "url", title: "FTP", url: "ftp://files.test/a" },
      { kind: "document", title: "Relative", url: "/docs/a" },
    ];
    for (const body of semantic) {
      const res = await api.post(`/api/issues/${issue.id}/work-products`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body).toMatchObject({ code: "unprocessable", details: [{ path: "body.url" }] });
    }
    expect(await db().workProduct.count({ where: { companyId: w.company.id } })).toBe(0);

    const created = (await api.post(`/api/issues/${issue.id}/work-products`, pr)).body;
    expect((await api.patch(`/api/work-products/${created.id}`, {})).status).toBe(400);
    expect((await api.patch(`/api/work-products/${created.id}`, { kind: "branch" })).status).toBe(400);
    const noUrl = await api.patch(`/api/work-products/${created.id}`, { url: null });
    expect(noUrl.status).toBe(422);
    expect(noUrl.body.details).toEqual([expect.objectContaining({ path: "body.url" })]);
    expect((await api.patch(`/api/work-products/${created.id}`, { url: "data:text/html,hi" })).status).toBe(422);
    expect((await api.patch(`/api/work-products/not-a-uuid`, { status: "merged" })).status).toBe(404);
    expect(await db().workProduct.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({ url: pr.url, status: "open" });
    expect(await activityOf(w.company.id, "work_product.updated")).toHaveLength(0);
  });

  it("another company's issue or product is 404, an unknown one too, and a board viewer may read but not write", async () => {
    const w = await createWorld();
    const other = await createWorld();
    const issue = await newIssue(w);
    const created = (await client(w.tokens.engineer).post(`/api/issues/${issue.id}/work-products`, pr)).body;
    for (const token of [other.tokens.owner, other.tokens.engineer]) {
      const api = client(token);
      expect((await api.get(`/api/issues/${issue.id}/work-products`)).status).toBe(404);
      expect((await api.post(`/api/issues/${issue.identifier}/work-products`, pr)).status).toBe(404);
      const patched = await api.patch(`/api/work-products/${created.id}`, { status: "closed" });
      expect(patched.status).toBe(404);
      expect(patched.body.code).toBe("not_found");
    }
    expect((await client(w.tokens.owner).patch("/api/work-products/00000000-0000-7000-8000-000000000000", { status: "closed" })).status).toBe(404);
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    expect((await client(viewer.token).get(`/api/issues/${issue.id}/work-products`)).status).toBe(200);
    expect((await client(viewer.token).post(`/api/issues/${issue.id}/work-products`, pr)).status).toBe(403);
    expect((await client(viewer.token).patch(`/api/work-products/${created.id}`, { status: "closed" })).status).toBe(403);
    expect(await db().workProduct.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({ status: "open" });
    expect(await db().workProduct.count({ where: { companyId: w.company.id } })).toBe(1);
  });
});
