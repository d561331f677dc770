// The tenancy rule (docs/design.md §4) for the issue endpoints: a caller of another company (its owner
// or one of its agents) gets
// 404 not_found from every issue route, by id and by identifier, and the victim's issues, labels,
// comments, work products and wake requests stay exactly as they were.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { companySnapshot } from "../support/snapshot";
import { images } from "../support/images";
import { createWorld } from "../factories";
import { cases, type Case } from "./tenancy-cases/issues";

/** A victim company with an issue tree, a label, comments and wakes; and an attacker company. */
async function twoCompanies() {
  const victim = await createWorld();
  const attacker = await createWorld();
  const owner = client(victim.tokens.owner);
  const label = await db().label.create({ data: { companyId: victim.company.id, name: "secret" } });
  const parent = await owner.post(`/api/companies/${victim.company.id}/issues`, { title: "Parent" });
  const issue = await owner.post(`/api/companies/${victim.company.id}/issues`, {
    title: "Victim issue", parentId: parent.body.id, assigneeAgentId: victim.engineer.id, labelIds: [label.id],
  });
  expect(issue.status).toBe(201);
  const comment = await owner.post(`/api/issues/${issue.body.id}/comments`, { body: `@${victim.manager.name} have a look` });
  expect(comment.status).toBe(201);
  const free = await owner.post(`/api/companies/${victim.company.id}/issues`, { title: "Unassigned", status: "todo" });
  const attachment = await owner.upload(`/api/issues/${issue.body.id}/attachments`, { bytes: images.png, name: "shot.png", type: "image/png" });
  expect(attachment.status).toBe(201);
  expect(await db().wakeRequest.count({ where: { companyId: victim.company.id } })).toBe(2);
  const product = await client(victim.tokens.engineer).post(`/api/issues/${issue.body.id}/work-products`, { kind: "pull_request", title: "Victim PR", url: "https://example.test/pr/7", status: "open" });
  expect(product.status).toBe(201);
  const verification = await db().verification.create({
    data: { companyId: victim.company.id, issueId: issue.body.id, trigger: "requested", status: "passed", command: { command: "true", args: [], timeoutSec: 60 }, log: "victim log" },
  });
  const question = await client(victim.tokens.engineer).post(`/api/issues/${issue.body.id}/questions`, { prompt: "Ship it?", options: [{ id: "yes", label: "Yes", effect: { kind: "cancel" } }] });
  expect(question.status).toBe(201);
  return {
    victim, attacker,
    refs: { questionId: question.body.id as string, issueId: issue.body.id as string, identifier: issue.body.identifier as string, freeId: free.body.id as string, commentId: comment.body.id as string, labelId: label.id, attachmentId: attachment.body.id as string, workProductId: product.body.id as string, verificationId: verification.id },
  };
}

export type World = Awaited<ReturnType<typeof twoCompanies>>;

export interface Caller {
  kind: string;
  token: (w: World) => string;
  /** the agent id a caller of this kind would name in a checkout */
  self: (w: World) => string;
}

const callers: Caller[] = [
  { kind: "board owner of another company", token: (w) => w.attacker.tokens.owner, self: (w) => w.attacker.engineer.id },
  { kind: "agent of another company", token: (w) => w.attacker.tokens.engineer, self: (w) => w.attacker.engineer.id },
  { kind: "CEO agent of another company", token: (w) => w.attacker.tokens.ceo, self: (w) => w.attacker.ceo.id },
];

async function send(token: string, tc: Case, w: World, caller: Caller) {
  const api = client(token);
  const url = tc.path(w);
  const body = tc.body?.(w, caller);
  if (tc.upload) return api.upload(url, { bytes: images.png, name: "planted.png", type: "image/png" });
  if (tc.method === "GET") return api.get(url);
  if (tc.method === "POST") return api.post(url, body);
  if (tc.method === "DELETE") return api.delete(url);
  return api.patch(url, body);
}

describe("issue tenancy: another company's caller gets 404 and changes nothing", () => {
  for (const caller of callers) {
    for (const tc of cases) {
      it(`${tc.name} as ${caller.kind}`, async () => {
        const w = await twoCompanies();
        const before = await companySnapshot(w.victim.company.id);
        const attackerBefore = await db().issue.count({ where: { companyId: w.attacker.company.id } });
        const res = await send(caller.token(w), tc, w, caller);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ code: "not_found", requestId: res.headers.get("x-request-id") });
        expect(await companySnapshot(w.victim.company.id)).toEqual(before);
        expect(await db().issue.count({ where: { companyId: w.attacker.company.id } })).toBe(attackerBefore);
      });
    }
  }

  it("the same reads by the victim's own owner succeed, so the 404s above are about tenancy", async () => {
    const w = await twoCompanies();
    const api = client(w.victim.tokens.owner);
    for (const tc of cases.filter((c) => c.method === "GET")) {
      const res = await api.get(tc.path(w));
      expect(res.status, tc.name).toBe(200);
    }
    const list = await api.get(`/api/companies/${w.victim.company.id}/issues`);
    expect(list.body).toHaveLength(3);
  });

  it("the same writes by the victim's own callers succeed", async () => {
    const w = await twoCompanies();
    const owner = client(w.victim.tokens.owner);
    expect((await owner.patch(`/api/issues/${w.refs.identifier}`, { priority: "critical" })).status).toBe(200);
    expect((await owner.post(`/api/issues/${w.refs.issueId}/comments`, { body: "fine" })).status).toBe(201);
    expect((await client(w.victim.tokens.manager).post(`/api/issues/${w.refs.freeId}/checkout`, { agentId: w.victim.manager.id, expectedStatuses: ["todo"] })).status).toBe(200);
    expect((await client(w.victim.tokens.engineer).post(`/api/issues/${w.refs.issueId}/release`)).status).toBe(200);
  });

  it("an issue, agent, project, goal or label of another company named in one's own issue is 422, not a link", async () => {
    const w = await twoCompanies();
    const before = await companySnapshot(w.victim.company.id);
    const api = client(w.attacker.tokens.owner);
    const own = await api.post(`/api/companies/${w.attacker.company.id}/issues`, { title: "Mine" });
    for (const body of [{ parentId: w.refs.issueId }, { assigneeAgentId: w.victim.engineer.id }, { labelIds: [w.refs.labelId] }]) {
      const created = await api.post(`/api/companies/${w.attacker.company.id}/issues`, { title: "Link", ...body });
      expect(created.status, JSON.stringify(body)).toBe(422);
      expect(created.body.code).toBe("invalid_reference");
      const patched = await api.patch(`/api/issues/${own.body.id}`, body);
      expect(patched.status, JSON.stringify(body)).toBe(422);
      expect(patched.body.code).toBe("invalid_reference");
    }
    // a comment id of the victim under one's own issue
    expect((await api.get(`/api/issues/${own.body.id}/comments/${w.refs.commentId}`)).status).toBe(404);
    // checking one's own issue out for the victim's agent
    const co = await api.post(`/api/issues/${own.body.id}/checkout`, { agentId: w.victim.engineer.id, expectedStatuses: ["backlog", "todo"] });
    expect(co.status).toBe(422);
    expect(await companySnapshot(w.victim.company.id)).toEqual(before);
  });
});
