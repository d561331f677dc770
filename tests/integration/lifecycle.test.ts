// POST /api/agents/:agentId/pause|resume|terminate (docs/design.md §6), and which agents' keys authenticate (docs/design.md §3).
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { createAgentWithKey, createBoardUser, createWorld } from "../factories";

const activityCount = (agentId: string, action: string) => db().activityLog.count({ where: { entityId: agentId, action } });

describe("pause and resume", () => {
  it("pauses with pauseReason board, then resumes to idle; repeats are 200 no-ops", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const paused = await api.post(`/api/agents/${w.engineer.id}/pause`);
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ id: w.engineer.id, status: "paused", pauseReason: "board" });
    expect(await db().agent.findUniqueOrThrow({ where: { id: w.engineer.id } })).toMatchObject({ status: "paused", pauseReason: "board" });
    const again = await api.post(`/api/agents/${w.engineer.id}/pause`);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe("paused");
    expect(await activityCount(w.engineer.id, "agent.paused")).toBe(1);

    const resumed = await api.post(`/api/agents/${w.engineer.id}/resume`);
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ status: "idle", pauseReason: null });
    expect((await api.post(`/api/agents/${w.engineer.id}/resume`)).body.status).toBe("idle");
    expect(await activityCount(w.engineer.id, "agent.resumed")).toBe(1);
  });

  it("turns a budget pause into a board pause, and resume clears it", async () => {
    const w = await createWorld();
    await db().agent.update({ where: { id: w.engineer.id }, data: { status: "paused", pauseReason: "budget" } });
    const api = client(w.tokens.owner);
    expect((await api.post(`/api/agents/${w.engineer.id}/pause`)).body.pauseReason).toBe("board");
    expect((await api.post(`/api/agents/${w.engineer.id}/resume`)).body).toMatchObject({ status: "idle", pauseReason: null });
  });

  it("a paused agent's key still authenticates", async () => {
    const w = await createWorld();
    await client(w.tokens.owner).post(`/api/agents/${w.engineer.id}/pause`);
    const me = await client(w.tokens.engineer).get("/api/agents/me");
    expect(me.status).toBe(200);
    expect(me.body.status).toBe("paused");
  });
});

describe("terminate", () => {
  it("terminates, revokes the agent's keys and moves its reports to its manager", async () => {
    const w = await createWorld();
    const second = await createAgentWithKey(w.company.id, { name: "Second Engineer", reportsToId: w.manager.id });
    const api = client(w.tokens.owner);
    const res = await api.post(`/api/agents/${w.manager.id}/terminate`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: w.manager.id, status: "terminated", pauseReason: null });

    const me = await client(w.tokens.manager).get("/api/agents/me");
    expect(me.status).toBe(401);
    expect(me.headers.get("www-authenticate")).toBe("Bearer");
    const keys = await db().agentKey.findMany({ where: { agentId: w.manager.id } });
    expect(keys.length).toBeGreaterThan(0);
    for (const k of keys) expect(k.revokedAt).not.toBeNull();

    for (const id of [w.engineer.id, second.agent.id]) {
      expect((await db().agent.findUniqueOrThrow({ where: { id } })).reportsToId).toBe(w.ceo.id);
    }
    const chain = await client(w.tokens.engineer).get("/api/agents/me");
    expect(chain.body.chainOfCommand.map((c: { id: string }) => c.id)).toEqual([w.ceo.id]);
  });

  it("frees the agent's issues: in-progress work goes back to todo without an assignee", async () => {
    const w = await createWorld();
    const base = { companyId: w.company.id, title: "Work", assigneeAgentId: w.engineer.id };
    const doing = await db().issue.create({ data: { ...base, number: 1, identifier: `${w.company.issuePrefix}-1`, status: "in_progress", lockedAt: new Date() } });
    const queued = await db().issue.create({ data: { ...base, number: 2, identifier: `${w.company.issuePrefix}-2`, status: "todo" } });
    expect((await client(w.tokens.owner).post(`/api/agents/${w.engineer.id}/terminate`)).status).toBe(200);
    expect(await db().issue.findUniqueOrThrow({ where: { id: doing.id } })).toMatchObject({ status: "todo", assigneeAgentId: null, lockedAt: null });
    expect(await db().issue.findUniqueOrThrow({ where: { id: queued.id } })).toMatchObject({ status: "todo", assigneeAgentId: null });
  });

  it("is idempotent, and a terminated agent cannot be paused or resumed (422 invalid_transition)", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    expect((await api.post(`/api/agents/${w.engineer.id}/terminate`)).status).toBe(200);
    const again = await api.post(`/api/agents/${w.engineer.id}/terminate`);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe("terminated");
    expect(await activityCount(w.engineer.id, "agent.terminated")).toBe(1);
    for (const action of ["pause", "resume"]) {
      const res = await api.post(`/api/agents/${w.engineer.id}/${action}`);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("invalid_transition");
    }
    expect((await db().agent.findUniqueOrThrow({ where: { id: w.engineer.id } })).status).toBe("terminated");
  });
});

describe("pending_approval agents", () => {
  it("do not authenticate and cannot be paused or resumed", async () => {
    const w = await createWorld();
    const pending = await createAgentWithKey(w.company.id, { name: "Hopeful", status: "pending_approval", reportsToId: w.ceo.id });
    const me = await client(pending.token).get("/api/agents/me");
    expect(me.status).toBe(401);
    expect(me.body.code).toBe("unauthenticated");
    for (const action of ["pause", "resume"]) {
      const res = await client(w.tokens.owner).post(`/api/agents/${pending.agent.id}/${action}`);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("invalid_transition");
    }
    expect((await db().agent.findUniqueOrThrow({ where: { id: pending.agent.id } })).status).toBe("pending_approval");
  });

  it("a terminated agent's key created before termination does not authenticate either", async () => {
    const w = await createWorld();
    const gone = await createAgentWithKey(w.company.id, { name: "Ghost", status: "terminated" });
    expect((await client(gone.token).get("/api/agents/me")).status).toBe(401);
    expect((await client(gone.token).get(`/api/companies/${w.company.id}/agents`)).status).toBe(401);
  });
});

describe("who may change an agent's status", () => {
  it.each(["pause", "resume", "terminate"])("%s: board members and up; not viewers, not agents (403)", async (action) => {
    const w = await createWorld();
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    await db().agent.update({ where: { id: w.engineer.id }, data: { status: "paused", pauseReason: "board" } });
    const before = await db().agent.findUniqueOrThrow({ where: { id: w.engineer.id } });
    for (const token of [viewer.token, w.tokens.ceo, w.tokens.manager, w.tokens.engineer]) {
      const res = await client(token).post(`/api/agents/${w.engineer.id}/${action}`);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("forbidden");
    }
    expect(await db().agent.findUniqueOrThrow({ where: { id: w.engineer.id } })).toEqual(before);
    const member = await createBoardUser({ companyId: w.company.id, role: "member" });
    expect((await client(member.token).post(`/api/agents/${w.engineer.id}/${action}`)).status).toBe(200);
  });
});
