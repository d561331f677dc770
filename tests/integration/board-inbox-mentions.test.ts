import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { createBoardUser, createWorld } from "../factories";

type World = Awaited<ReturnType<typeof createWorld>>;

const userLink = (u: { id: string; name: string }) => `[@${u.name}](user://${u.id})`;

async function newIssue(w: World) {
  return (await client(w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, { title: "Discuss" })).body as { id: string; identifier: string };
}

const mentionsOf = (commentId: string) => db().commentMention.findMany({ where: { commentId }, select: { userId: true, issueId: true, companyId: true } });

describe("user mentions in comments", () => {
  it("a comment linking board users of the company records one mention each, with the comment", async () => {
    const w = await createWorld();
    const member = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    const issue = await newIssue(w);
    const body = `${userLink(w.owner)} and ${userLink(member.user)}, again ${userLink(member.user)}`;
    const res = await client(w.tokens.engineer).post(`/api/issues/${issue.id}/comments`, { body });
    expect(res.status).toBe(201);
    const rows = await mentionsOf(res.body.id);
    expect(rows.map((r) => r.userId).sort()).toEqual([w.owner.id, member.user.id].sort());
    expect(rows.every((r) => r.issueId === issue.id && r.companyId === w.company.id)).toBe(true);
  });

  it("ignores people who are not members of the company, unknown ids and the author, never failing the comment", async () => {
    const w = await createWorld();
    const stranger = await createBoardUser();
    const elsewhere = await createWorld();
    const issue = await newIssue(w);
    const body = `${userLink(stranger.user)} ${userLink(elsewhere.owner)} [@Ghost](user://01900000-0000-7000-8000-000000000000) ${userLink(w.owner)}`;
    const res = await client(w.tokens.owner).post(`/api/issues/${issue.id}/comments`, { body });
    expect(res.status).toBe(201);
    expect(await mentionsOf(res.body.id)).toEqual([]);
  });

  it("PATCH of an issue with a comment records mentions too", async () => {
    const w = await createWorld();
    const member = await createBoardUser({ companyId: w.company.id, role: "member" });
    const issue = await newIssue(w);
    const res = await client(w.tokens.owner).patch(`/api/issues/${issue.id}`, { priority: "high", comment: `over to you ${userLink(member.user)}` });
    expect(res.status).toBe(200);
    const comment = await db().issueComment.findFirstOrThrow({ where: { issueId: issue.id } });
    expect((await mentionsOf(comment.id)).map((r) => r.userId)).toEqual([member.user.id]);
    expect((await client(member.token).get(`/api/companies/${w.company.id}/inbox?kind=mention`)).body).toHaveLength(1);
  });

  it("agent mentions are unchanged, and a user link wakes no agent even when an agent has that name", async () => {
    const w = await createWorld();
    const namesake = await createBoardUser({ companyId: w.company.id, role: "member" });
    await db().user.update({ where: { id: namesake.user.id }, data: { name: w.engineer.name } });
    const issue = await newIssue(w);
    const body = `${userLink({ id: namesake.user.id, name: w.engineer.name })} and [@${w.manager.name}](agent://${w.manager.id}) and @${w.ceo.name}`;
    const res = await client(w.tokens.owner).post(`/api/issues/${issue.id}/comments`, { body });
    expect(res.status).toBe(201);
    const woken = await db().wakeRequest.findMany({ where: { companyId: w.company.id, reason: "mention" }, select: { agentId: true } });
    expect(woken.map((r) => r.agentId).sort()).toEqual([w.manager.id, w.ceo.id].sort());
    expect((await mentionsOf(res.body.id)).map((r) => r.userId)).toEqual([namesake.user.id]);
  });
});
