// Issue comments: list (oldest first, paginated), one by id, create, and the mention wakes they raise
// (docs/design.md §6 and §8): one per mentioned agent per comment, never the author, coalesced when queued.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client, type ApiResponse } from "../support/api";
import { createWorld } from "../factories";

type World = Awaited<ReturnType<typeof createWorld>>;

async function newIssue(w: World, title = "Discuss") {
  const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, { title });
  expect(res.status).toBe(201);
  return res.body as { id: string; identifier: string };
}

const wakesOf = (agentId: string) => db().wakeRequest.findMany({ where: { agentId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });

describe("comments", () => {
  it("create answers 201 with the comment's shape", async () => {
    const w = await createWorld();
    const issue = await newIssue(w);
    const byAgent = await client(w.tokens.engineer).post(`/api/issues/${issue.id}/comments`, { body: "Working on it" });
    expect(byAgent.status).toBe(201);
    expect(byAgent.body).toMatchObject({ issueId: issue.id, body: "Working on it", authorAgentId: w.engineer.id, authorUserId: null });
    expect(Object.keys(byAgent.body)).toEqual(expect.arrayContaining(["id", "issueId", "body", "authorAgentId", "authorUserId", "createdAt"]));
    expect(new Date(byAgent.body.createdAt).toISOString()).toBe(byAgent.body.createdAt);
    const byBoard = await client(w.tokens.owner).post(`/api/issues/${issue.identifier}/comments`, { body: "Thanks" });
    expect(byBoard.status).toBe(201);
    expect(byBoard.body).toMatchObject({ issueId: issue.id, authorAgentId: null, authorUserId: w.owner.id });
    const row = await db().issueComment.findUniqueOrThrow({ where: { id: byAgent.body.id } });
    expect(row).toMatchObject({ companyId: w.company.id, issueId: issue.id, body: "Working on it" });
  });

  it("rejects an empty or missing body: 400", async () => {
    const w = await createWorld();
    const issue = await newIssue(w);
    for (const body of [{}, { body: "" }, { body: "  " }, { body: "x", extra: 1 }]) {
      const res = await client(w.tokens.engineer).post(`/api/issues/${issue.id}/comments`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await db().issueComment.count({ where: { issueId: issue.id } })).toBe(0);
  });

  it("lists oldest first, page by page, and reads one", async () => {
    const w = await createWorld();
    const issue = await newIssue(w);
    const other = await newIssue(w, "Elsewhere");
    const api = client(w.tokens.engineer);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await api.post(`/api/issues/${issue.id}/comments`, { body: `comment ${i}` })).body.id);
    await api.post(`/api/issues/${other.id}/comments`, { body: "not here" });
    const all = await api.get(`/api/issues/${issue.id}/comments`);
    expect(all.status).toBe(200);
    expect(all.body.map((c: { id: string }) => c.id)).toEqual(ids);
    expect(all.headers.get("x-next-cursor")).toBeNull();
    const seen: string[] = [];
    let url: string | null = `/api/issues/${issue.identifier}/comments?limit=2`;
    let pages = 0;
    while (url) {
      const page: ApiResponse = await api.get(url);
      expect(page.status).toBe(200);
      seen.push(...page.body.map((c: { id: string }) => c.id));
      pages++;
      const next: string | null = page.headers.get("x-next-cursor");
      expect(page.headers.get("link") !== null).toBe(next !== null);
      url = next ? `/api/issues/${issue.identifier}/comments?limit=2&cursor=${next}` : null;
    }
    expect(seen).toEqual(ids);
    expect(pages).toBe(3);
    const one = await api.get(`/api/issues/${issue.id}/comments/${ids[2]}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: ids[2], body: "comment 2", issueId: issue.id });
  });

  it("a comment of another issue is 404 under this one", async () => {
    const w = await createWorld();
    const issue = await newIssue(w);
    const other = await newIssue(w, "Elsewhere");
    const c = await client(w.tokens.owner).post(`/api/issues/${other.id}/comments`, { body: "there" });
    const res = await client(w.tokens.owner).get(`/api/issues/${issue.id}/comments/${c.body.id}`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
    expect((await client(w.tokens.owner).get(`/api/issues/${issue.id}/comments/not-a-uuid`)).status).toBe(404);
  });
});

describe("mention wakes", () => {
  it("each mentioned agent but the author gets exactly one wake per comment", async () => {
    const w = await createWorld();
    const issue = await newIssue(w);
    const body = `@${w.manager.name} and @${w.ceo.name.toUpperCase()}, also @${w.manager.name} again and me @${w.engineer.name}; [@boss](agent://${w.ceo.id})`;
    const res = await client(w.tokens.engineer).post(`/api/issues/${issue.id}/comments`, { body });
    expect(res.status).toBe(201);
    for (const agent of [w.manager, w.ceo]) {
      const wakes = await wakesOf(agent.id);
      expect(wakes, agent.name).toHaveLength(1);
      expect(wakes[0]).toMatchObject({
        companyId: w.company.id, reason: "mention", issueId: issue.id, commentId: res.body.id, status: "queued",
        payload: { taskId: issue.id, wakeCommentId: res.body.id, wakeReason: "mention" },
      });
    }
    expect(await wakesOf(w.engineer.id)).toHaveLength(0);
  });

  it("a board comment wakes every agent it mentions", async () => {
    const w = await createWorld();
    const issue = await newIssue(w);
    await client(w.tokens.owner).post(`/api/issues/${issue.id}/comments`, { body: `@${w.engineer.name} @${w.manager.name}` });
    expect(await wakesOf(w.engineer.id)).toHaveLength(1);
    expect(await wakesOf(w.manager.id)).toHaveLength(1);
    expect(await wakesOf(w.ceo.id)).toHaveLength(0);
  });

  it("no mention, an email address or a terminated agent wakes no one", async () => {
    const w = await createWorld();
    const issue = await newIssue(w);
    await db().agent.update({ where: { id: w.ceo.id }, data: { status: "terminated" } });
    const api = client(w.tokens.owner);
    await api.post(`/api/issues/${issue.id}/comments`, { body: `plain text about ${w.manager.name}` });
    await api.post(`/api/issues/${issue.id}/comments`, { body: `mail x@${w.manager.name} and @${w.ceo.name}` });
    expect(await db().wakeRequest.count({ where: { companyId: w.company.id } })).toBe(0);
  });

  it("a wake for an agent that already has one queued is recorded as coalesced into it", async () => {
    const w = await createWorld();
    const issue = await newIssue(w);
    const api = client(w.tokens.owner);
    const first = await api.post(`/api/issues/${issue.id}/comments`, { body: `@${w.manager.name} one` });
    const second = await api.post(`/api/issues/${issue.id}/comments`, { body: `@${w.manager.name} two` });
    const wakes = await wakesOf(w.manager.id);
    expect(wakes).toHaveLength(2);
    expect(wakes[0]).toMatchObject({ commentId: first.body.id, status: "queued", coalescedIntoId: null });
    expect(wakes[1]).toMatchObject({ commentId: second.body.id, status: "coalesced", coalescedIntoId: wakes[0].id });
    // once the queued one has started, the next wake queues again
    await db().wakeRequest.update({ where: { id: wakes[0].id }, data: { status: "started" } });
    await api.post(`/api/issues/${issue.id}/comments`, { body: `@${w.manager.name} three` });
    const third = (await wakesOf(w.manager.id))[2];
    expect(third).toMatchObject({ status: "queued", coalescedIntoId: null });
  });

  it("GET /api/agents/:agentId/wakeups lists them, newest first", async () => {
    const w = await createWorld();
    const issue = await newIssue(w);
    const api = client(w.tokens.owner);
    const c1 = await api.post(`/api/issues/${issue.id}/comments`, { body: `@${w.manager.name} one` });
    const c2 = await api.post(`/api/issues/${issue.id}/comments`, { body: `@${w.manager.name} two` });
    const res = await client(w.tokens.manager).get(`/api/agents/${w.manager.id}/wakeups`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({ agentId: w.manager.id, reason: "mention", issueId: issue.id, commentId: c2.body.id, status: "coalesced" }),
      expect.objectContaining({ agentId: w.manager.id, reason: "mention", issueId: issue.id, commentId: c1.body.id, status: "queued", coalescedIntoId: null }),
    ]);
    expect(res.body[0].coalescedIntoId).toBe(res.body[1].id);
    expect(res.body[1].payload).toEqual({ taskId: issue.id, wakeCommentId: c1.body.id, wakeReason: "mention" });
    const queued = await client(w.tokens.owner).get(`/api/agents/${w.manager.urlKey}/wakeups?status=queued`);
    expect(queued.body.map((x: { commentId: string }) => x.commentId)).toEqual([c1.body.id]);
    expect((await client(w.tokens.owner).get(`/api/agents/${w.manager.id}/wakeups?status=bogus`)).status).toBe(400);
    const paged = await client(w.tokens.owner).get(`/api/agents/${w.manager.id}/wakeups?limit=1`);
    expect(paged.body).toHaveLength(1);
    expect(paged.headers.get("x-next-cursor")).toBeTruthy();
  });
});
