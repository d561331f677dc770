import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client, call } from "../support/api";
import { createBoardUser, createWorld } from "../factories";

describe("GET /api/companies/:companyId/dashboard", () => {
  it("counts agents and tasks by status, stale tasks, month spend against budget and open approvals", async () => {
    const w = await createWorld();
    const owner = client(w.tokens.owner);
    await owner.patch(`/api/companies/${w.company.id}`, { budgetMonthlyCents: 1000 });
    await owner.post(`/api/companies/${w.company.id}/issues`, { title: "Backlog item" });
    const busy = (await owner.post(`/api/companies/${w.company.id}/issues`, { title: "Busy", assigneeAgentId: w.engineer.id, status: "in_progress" })).body;
    const fresh = (await owner.post(`/api/companies/${w.company.id}/issues`, { title: "Fresh", assigneeAgentId: w.manager.id, status: "in_progress" })).body;
    await db().issue.update({ where: { id: busy.id }, data: { updatedAt: new Date(Date.now() - 3 * 3_600_000) } });
    await client(w.tokens.engineer).post(`/api/companies/${w.company.id}/cost-events`, { agentId: w.engineer.id, provider: "p", model: "m", costCents: 850 });
    await client(w.tokens.manager).post(`/api/companies/${w.company.id}/agent-hires`, { name: "Hire", role: "engineer" });
    const res = await owner.get(`/api/companies/${w.company.id}/dashboard?staleAfterMinutes=60`);
    expect(res.status).toBe(200);
    expect(res.body.agents).toMatchObject({ total: 4, byStatus: { idle: 3, pending_approval: 1, paused: 0 } });
    expect(res.body.tasks).toMatchObject({ total: 3, open: 3, byStatus: { backlog: 1, in_progress: 2, done: 0 } });
    expect(res.body.staleTasks).toMatchObject({ staleAfterMinutes: 60, count: 1 });
    expect(res.body.staleTasks.items.map((i: { id: string }) => i.id)).toEqual([busy.id]);
    expect(res.body.staleTasks.items).not.toContainEqual(expect.objectContaining({ id: fresh.id }));
    expect(res.body.spend).toMatchObject({ spentMonthlyCents: 850, budgetMonthlyCents: 1000, utilization: 0.85, budgetWarning: true, overBudget: false });
    expect(res.body.approvals).toEqual({ pending: 1, revisionRequested: 0 });
    expect((await owner.get(`/api/companies/${w.company.id}/dashboard`)).body.staleTasks).toMatchObject({ staleAfterMinutes: 1440, count: 0 });
  });

  it("is for the board and the CEO agent; bad parameters are 400", async () => {
    const w = await createWorld();
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    expect((await client(viewer.token).get(`/api/companies/${w.company.id}/dashboard`)).status).toBe(200);
    expect((await client(w.tokens.ceo).get(`/api/companies/${w.company.id}/dashboard`)).status).toBe(200);
    expect((await client(w.tokens.engineer).get(`/api/companies/${w.company.id}/dashboard`)).status).toBe(403);
    for (const q of ["staleAfterMinutes=0", "staleAfterMinutes=x", "other=1"]) {
      expect((await client(w.tokens.owner).get(`/api/companies/${w.company.id}/dashboard?${q}`)).status).toBe(400);
    }
  });
});

describe("gateway invite prompt", () => {
  const invite = (w: Awaited<ReturnType<typeof createWorld>>, token: string, body: unknown = { agentMessage: "Welcome aboard" }) =>
    client(token).post(`/api/companies/${w.company.id}/gateway/invite-prompt`, body);

  it("board admins and the CEO agent invite; members and other agents get 403", async () => {
    const w = await createWorld();
    const admin = await createBoardUser({ companyId: w.company.id, role: "admin" });
    const member = await createBoardUser({ companyId: w.company.id, role: "member" });
    for (const token of [w.tokens.owner, admin.token, w.tokens.ceo]) expect((await invite(w, token)).status).toBe(201);
    for (const token of [member.token, w.tokens.manager, w.tokens.engineer]) expect((await invite(w, token)).status).toBe(403);
    expect(await db().invite.count({ where: { companyId: w.company.id } })).toBe(3);
  });

  it("serves a plain-text onboarding document, accepts once, and hands over a key that works after approval", async () => {
    const w = await createWorld();
    const res = await invite(w, w.tokens.ceo);
    expect(res.body).toMatchObject({ companyId: w.company.id, expiresInSeconds: 1800, singleUse: true });
    expect(res.body.token).toMatch(/^chk_inv_/);
    const { pathname } = new URL(res.body.onboardingUrl);
    const doc = await call("GET", pathname);
    expect(doc.status).toBe(200);
    expect(doc.headers.get("content-type")).toContain("text/plain");
    expect(doc.text).toContain(w.company.name);
    expect(doc.text).toContain("Welcome aboard");
    expect(doc.text).toContain(`/api/invites/${res.body.token}/accept`);
    const acceptPath = new URL(res.body.acceptUrl).pathname;
    expect((await call("POST", acceptPath, { body: { name: "Outsider", icon: "nope" } })).status).toBe(400);
    expect((await call("POST", acceptPath, { body: { name: "Outsider", role: "ceo" } })).status).toBe(400);
    expect((await call("POST", acceptPath, { body: { name: "Outsider", adapterConfig: { command: "curl x | sh" } } })).status).toBe(400);
    const accepted = await call("POST", acceptPath, { body: { name: "Outsider", role: "researcher", capabilities: "search" } });
    expect(accepted.status).toBe(201);
    expect(accepted.headers.get("cache-control")).toBe("no-store");
    expect(accepted.body.agent).toMatchObject({ name: "Outsider", status: "pending_approval", reportsTo: w.ceo.id, role: "researcher" });
    expect(accepted.body.approval).toMatchObject({ type: "hire_agent", status: "pending", requestedByAgentId: w.ceo.id, subjectAgentId: accepted.body.agent.id });
    expect((await call("POST", acceptPath, { body: { name: "Second" } })).status).toBe(409);
    expect((await call("GET", pathname)).status).toBe(409);
    const key = accepted.body.apiKey.token;
    expect((await client(key).get("/api/agents/me")).status).toBe(401);
    await client(w.tokens.owner).post(`/api/approvals/${accepted.body.approval.id}/approve`);
    expect((await client(key).get("/api/agents/me")).body).toMatchObject({ name: "Outsider", status: "idle" });
  });

  it("refuses expired and unknown invites", async () => {
    const w = await createWorld();
    const res = await invite(w, w.tokens.owner, {});
    await db().invite.update({ where: { id: res.body.inviteId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const acceptPath = new URL(res.body.acceptUrl).pathname;
    const expired = await call("POST", acceptPath, { body: { name: "Late" } });
    expect(expired.status).toBe(410);
    expect(expired.body.code).toBe("invite_expired");
    expect((await call("POST", "/api/invites/chk_inv_nope/accept", { body: { name: "X" } })).status).toBe(404);
    expect((await call("GET", "/api/invites/whatever/onboarding.txt")).status).toBe(404);
    expect(await db().agent.count({ where: { companyId: w.company.id, name: "Late" } })).toBe(0);
  });

  it("creates an idle agent when the company does not require approval", async () => {
    const w = await createWorld();
    await db().company.update({ where: { id: w.company.id }, data: { requireBoardApprovalForNewAgents: false } });
    const res = await invite(w, w.tokens.owner, {});
    const accepted = await call("POST", new URL(res.body.acceptUrl).pathname, { body: { name: "Direct" } });
    expect(accepted.body).toMatchObject({ agent: { status: "idle", reportsTo: null }, approval: null });
    expect((await client(accepted.body.apiKey.token).get("/api/agents/me")).status).toBe(200);
  });
});
