// Tenancy of approvals, hiring, costs, the dashboard and invites: another company's caller (board
// owner, CEO agent or engineer agent) gets 404 not_found for every endpoint, never 403, and nothing of
// the other company changes.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { companySnapshot } from "../support/snapshot";
import { createWorld } from "../factories";
import { cases, type Case } from "./tenancy-cases/governance";

async function governanceSnapshot(companyId: string) {
  const d = db();
  const byId = { orderBy: { id: "asc" as const } };
  return {
    ...(await companySnapshot(companyId)),
    approvals: await d.approval.findMany({ where: { companyId }, ...byId }),
    approvalComments: await d.approvalComment.findMany({ where: { companyId }, ...byId }),
    issueApprovals: await d.issueApproval.findMany({ where: { companyId }, orderBy: [{ issueId: "asc" }, { approvalId: "asc" }] }),
    costEvents: await d.costEvent.findMany({ where: { companyId }, ...byId }),
    costRollup: await d.costRollup.findMany({ where: { companyId }, orderBy: [{ day: "asc" }, { agentId: "asc" }, { projectId: "asc" }] }),
    invites: await d.invite.findMany({ where: { companyId }, ...byId }),
  };
}

/** A victim with two pending hires, a strategy approval linked to an issue, and a cost event; and an attacker company. */
async function twoCompanies() {
  const victim = await createWorld();
  const attacker = await createWorld();
  const co = victim.company.id;
  const hire = (name: string) => client(victim.tokens.manager).post(`/api/companies/${co}/agent-hires`, { name, role: "engineer" });
  const hireA = (await hire("Victim Hire A")).body.approval;
  const hireB = (await hire("Victim Hire B")).body.approval;
  const issue = (await client(victim.tokens.owner).post(`/api/companies/${co}/issues`, { title: "Victim issue" })).body;
  const strategy = (await client(victim.tokens.ceo).post(`/api/companies/${co}/approvals`, {
    type: "approve_ceo_strategy", requestedByAgentId: victim.ceo.id, payload: { plan: "Victim plan" }, issueIds: [issue.id],
  })).body;
  await client(victim.tokens.owner).post(`/api/approvals/${hireB.id}/request-revision`);
  await client(victim.tokens.engineer).post(`/api/companies/${co}/cost-events`, { agentId: victim.engineer.id, provider: "p", model: "m", costCents: 5 });
  const invite = (await client(victim.tokens.owner).post(`/api/companies/${co}/board-invites`, { role: "member" })).body;
  for (const made of [hireA, hireB, issue, strategy, invite]) expect(made.id).toBeTruthy();
  return { victim, attacker, refs: { hireA: hireA.id as string, hireB: hireB.id as string, strategy: strategy.id as string, issueId: issue.id as string, inviteId: invite.id as string } };
}

export type World = Awaited<ReturnType<typeof twoCompanies>>;

const callers = [
  { kind: "board owner of another company", token: (w: World) => w.attacker.tokens.owner },
  { kind: "CEO agent of another company", token: (w: World) => w.attacker.tokens.ceo },
  { kind: "agent of another company", token: (w: World) => w.attacker.tokens.engineer },
] as const;

async function send(token: string, tc: Case, w: World) {
  const api = client(token);
  const url = tc.path(w);
  return tc.method === "GET" ? api.get(url) : tc.method === "DELETE" ? api.delete(url) : api.post(url, tc.body?.(w));
}

describe("tenancy of approvals, hiring, costs, the dashboard and invites: another company's caller gets 404 and changes nothing", () => {
  for (const caller of callers) {
    for (const tc of cases) {
      it(`${tc.name} as ${caller.kind}`, async () => {
        const w = await twoCompanies();
        const before = await governanceSnapshot(w.victim.company.id);
        const res = await send(caller.token(w), tc, w);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ code: "not_found", requestId: res.headers.get("x-request-id") });
        expect(await governanceSnapshot(w.victim.company.id)).toEqual(before);
      });
    }
  }

  it("the same requests by the victim's own owner are not 404, so the 404s above are about tenancy", async () => {
    const w = await twoCompanies();
    for (const tc of cases) {
      const res = await send(w.victim.tokens.owner, tc, w);
      expect(res.status, tc.name).not.toBe(404);
    }
  });

  it("another company's approval in a body is 422, and reports and lists never show another company's rows", async () => {
    const w = await twoCompanies();
    const before = await governanceSnapshot(w.victim.company.id);
    const api = client(w.attacker.tokens.owner);
    const co = w.attacker.company.id;
    const own = (await api.post(`/api/companies/${co}/issues`, { title: "Own" })).body;
    const res = await api.post(`/api/issues/${own.id}/approvals`, { approvalId: w.refs.strategy });
    expect(res.status).toBe(422);
    expect((await api.post(`/api/companies/${co}/cost-events`, { agentId: w.victim.engineer.id, provider: "p", model: "m", costCents: 1 })).status).toBe(422);
    expect((await api.post(`/api/companies/${co}/agent-hires`, { name: "Spy", reportsTo: w.victim.ceo.id })).status).toBe(422);
    expect((await api.get(`/api/companies/${co}/approvals`)).body).toEqual([]);
    expect((await api.get(`/api/companies/${co}/cost-events`)).body).toEqual([]);
    expect((await api.get(`/api/companies/${co}/costs/summary`)).body.costCents).toBe(0);
    const byAgent = (await api.get(`/api/companies/${co}/costs/by-agent`)).body as Array<{ agentId: string }>;
    expect(byAgent.map((r) => r.agentId)).not.toContain(w.victim.engineer.id);
    expect(await governanceSnapshot(w.victim.company.id)).toEqual(before);
  });
});
