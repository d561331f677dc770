// Agent API keys (docs/design.md §3): minted by the board, shown once, stored as a digest, revoked by DELETE.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { digestToken } from "@/lib/auth/tokens";
import { client } from "../support/api";
import { createAgent, createBoardUser, createWorld } from "../factories";

describe("POST /api/agents/:agentId/keys", () => {
  it("answers 201 {id, name, token, createdAt} and the token works as a Bearer credential", async () => {
    const w = await createWorld();
    const res = await client(w.tokens.owner).post(`/api/agents/${w.engineer.id}/keys`, { name: "laptop" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), name: "laptop", token: expect.stringMatching(/^chk_agent_[A-Za-z0-9_-]{43,}$/), createdAt: expect.any(String), revokedAt: null });
    const me = await client(res.body.token).get("/api/agents/me");
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(w.engineer.id);
    const row = await db().agentKey.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.tokenHash).toBe(digestToken(res.body.token));
    expect(JSON.stringify(row)).not.toContain(res.body.token);
  });

  it("names the key 'API key' when no body is sent, and gives a new token every time", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const a = await api.post(`/api/agents/${w.engineer.id}/keys`);
    const b = await api.post(`/api/agents/${w.engineer.id}/keys`);
    expect(a.status).toBe(201);
    expect(a.body.name).toBe("API key");
    expect(a.body.token).not.toBe(b.body.token);
  });

  it.each(["owner", "admin", "member"] as const)("is allowed to a board %s", async (role) => {
    const w = await createWorld();
    const user = await createBoardUser({ companyId: w.company.id, role });
    expect((await client(user.token).post(`/api/agents/${w.engineer.id}/keys`, { name: role })).status).toBe(201);
  });

  it("is refused to viewers and to every agent, the target itself included (403)", async () => {
    const w = await createWorld();
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    const count = await db().agentKey.count({ where: { agentId: w.engineer.id } });
    for (const token of [viewer.token, w.tokens.ceo, w.tokens.manager, w.tokens.engineer]) {
      const res = await client(token).post(`/api/agents/${w.engineer.id}/keys`, { name: "self-issued" });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("forbidden");
    }
    expect(await db().agentKey.count({ where: { agentId: w.engineer.id } })).toBe(count);
  });

  it("refuses a key for a terminated agent with 422", async () => {
    const w = await createWorld();
    const gone = await createAgent(w.company.id, { name: "Retired", status: "terminated" });
    const res = await client(w.tokens.owner).post(`/api/agents/${gone.id}/keys`, { name: "late" });
    expect(res.status).toBe(422);
    expect(await db().agentKey.count({ where: { agentId: gone.id } })).toBe(0);
  });

  it("validates the name", async () => {
    const w = await createWorld();
    for (const body of [{ name: "" }, { name: "x".repeat(101) }, { name: 5 }, { label: "x" }]) {
      const res = await client(w.tokens.owner).post(`/api/agents/${w.engineer.id}/keys`, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("validation_error");
    }
  });
});

describe("GET /api/agents/:agentId/keys", () => {
  it("lists the agent's keys without any token", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const created = await api.post(`/api/agents/${w.engineer.id}/keys`, { name: "listed" });
    await api.post(`/api/agents/${w.manager.id}/keys`, { name: "someone else's" });
    const res = await api.get(`/api/agents/${w.engineer.id}/keys`);
    expect(res.status).toBe(200);
    expect(res.body.map((k: { name: string }) => k.name).sort()).toEqual(["listed", "test"]);
    for (const key of res.body) {
      expect(Object.keys(key).sort()).toEqual(["createdAt", "id", "name", "revokedAt"]);
    }
    expect(res.text).not.toContain(created.body.token);
  });

  it("pages with limit", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    for (let i = 0; i < 3; i++) await api.post(`/api/agents/${w.engineer.id}/keys`, { name: `k${i}` });
    const first = await api.get(`/api/agents/${w.engineer.id}/keys?limit=2`);
    const cursor = first.headers.get("x-next-cursor");
    expect(cursor).toBeTruthy();
    const second = await api.get(`/api/agents/${w.engineer.id}/keys?limit=2&cursor=${cursor}`);
    expect(second.headers.get("x-next-cursor")).toBeNull();
    const ids = [...first.body, ...second.body].map((k: { id: string }) => k.id);
    expect(new Set(ids).size).toBe(4);
  });

  it("is refused to agents", async () => {
    const w = await createWorld();
    expect((await client(w.tokens.engineer).get(`/api/agents/${w.engineer.id}/keys`)).status).toBe(403);
  });
});

describe("DELETE /api/agents/:agentId/keys/:keyId", () => {
  it("revokes: the token then gets 401; a repeat is a 200 no-op", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const key = await api.post(`/api/agents/${w.engineer.id}/keys`, { name: "doomed" });
    expect((await client(key.body.token).get("/api/agents/me")).status).toBe(200);
    const del = await api.delete(`/api/agents/${w.engineer.id}/keys/${key.body.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ id: key.body.id, name: "doomed", revokedAt: expect.any(String) });
    expect(del.body.token).toBeUndefined();
    const after = await client(key.body.token).get("/api/agents/me");
    expect(after.status).toBe(401);
    expect(after.body.code).toBe("unauthenticated");
    const again = await api.delete(`/api/agents/${w.engineer.id}/keys/${key.body.id}`);
    expect(again.status).toBe(200);
    expect(again.body.revokedAt).toBe(del.body.revokedAt);
    expect(await db().activityLog.count({ where: { action: "agent_key.revoked", entityId: w.engineer.id } })).toBe(1);
    expect((await client(w.tokens.engineer).get("/api/agents/me")).status).toBe(200);
  });

  it("answers 404 for a key of another agent and leaves it working", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const key = await api.post(`/api/agents/${w.manager.id}/keys`, { name: "manager's" });
    const res = await api.delete(`/api/agents/${w.engineer.id}/keys/${key.body.id}`);
    expect(res.status).toBe(404);
    expect((await client(key.body.token).get("/api/agents/me")).status).toBe(200);
    expect((await api.delete(`/api/agents/${w.engineer.id}/keys/0190a0a0-0000-7000-8000-000000000000`)).status).toBe(404);
  });

  it("is refused to viewers and agents", async () => {
    const w = await createWorld();
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    const key = await client(w.tokens.owner).post(`/api/agents/${w.engineer.id}/keys`, { name: "kept" });
    for (const token of [viewer.token, w.tokens.ceo, w.tokens.engineer]) {
      expect((await client(token).delete(`/api/agents/${w.engineer.id}/keys/${key.body.id}`)).status).toBe(403);
    }
    expect((await db().agentKey.findUniqueOrThrow({ where: { id: key.body.id } })).revokedAt).toBeNull();
  });
});
