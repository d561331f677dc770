// GET /api/agents/:agentId/config-revisions and POST …/:revisionId/rollback.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { REDACTED } from "@/lib/dto/agents";
import { client } from "../support/api";
import { createBoardUser, createWorld } from "../factories";

async function agentWithHistory() {
  const w = await createWorld();
  const api = client(w.tokens.owner);
  const created = await api.post(`/api/companies/${w.company.id}/agents`, {
    name: "Versioned", reportsTo: w.ceo.id, adapterConfig: { command: "v1", token: "secret-v1" }, runtimeConfig: { timeoutSec: 60 },
  });
  expect(created.status).toBe(201);
  return { ...w, api, agentId: created.body.id as string };
}

const revisionsOf = async (api: ReturnType<typeof client>, agentId: string) => (await api.get(`/api/agents/${agentId}/config-revisions`)).body;

describe("config revisions", () => {
  it("creation makes revision 1 with the whole config", async () => {
    const { api, agentId, owner } = await agentWithHistory();
    const revs = await revisionsOf(api, agentId);
    expect(revs).toEqual([
      expect.objectContaining({
        agentId, revision: 1, reason: "created", rolledBackFromId: null, createdByUserId: owner.id, createdByAgentId: null,
        changedKeys: ["adapterType", "adapterConfig", "runtimeConfig"],
        config: { adapterType: "process", adapterConfig: { command: "v1", token: REDACTED }, runtimeConfig: { timeoutSec: 60 }, instructions: { files: [] } },
      }),
    ]);
  });

  it("a PATCH of adapterConfig makes a new revision; other fields do not; the list is newest first", async () => {
    const { api, agentId } = await agentWithHistory();
    await api.patch(`/api/agents/${agentId}`, { adapterConfig: { command: "v2", token: REDACTED } });
    await api.patch(`/api/agents/${agentId}`, { title: "No config change" });
    await api.patch(`/api/agents/${agentId}`, { runtimeConfig: { timeoutSec: 120 } });
    const revs = await revisionsOf(api, agentId);
    expect(revs.map((r: { revision: number }) => r.revision)).toEqual([3, 2, 1]);
    expect(revs[1]).toMatchObject({ reason: "update", changedKeys: ["adapterConfig"], config: { adapterConfig: { command: "v2" } } });
    expect(revs[0]).toMatchObject({ changedKeys: ["runtimeConfig"], config: { runtimeConfig: { timeoutSec: 120 } } });
  });

  it("rollback restores the old config as a new revision", async () => {
    const { api, agentId } = await agentWithHistory();
    await api.patch(`/api/agents/${agentId}`, { adapterType: "http", adapterConfig: { url: "https://example.test/wake", token: "secret-v2" } });
    const [, first] = await revisionsOf(api, agentId);
    const res = await api.post(`/api/agents/${agentId}/config-revisions/${first.id}/rollback`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: agentId, adapterType: "process", adapterConfig: { command: "v1", token: REDACTED }, runtimeConfig: { timeoutSec: 60 } });
    const row = await db().agent.findUniqueOrThrow({ where: { id: agentId } });
    expect(row).toMatchObject({ adapterType: "process", adapterConfig: { command: "v1", token: "secret-v1" }, runtimeConfig: { timeoutSec: 60 } });
    const revs = await revisionsOf(api, agentId);
    expect(revs.map((r: { revision: number }) => r.revision)).toEqual([3, 2, 1]);
    expect(revs[0]).toMatchObject({ reason: "rollback", rolledBackFromId: first.id, config: first.config });
  });

  it("rollback of another agent's revision, or an unknown one, is 404 and changes nothing", async () => {
    const { api, agentId, company } = await agentWithHistory();
    const other = await api.post(`/api/companies/${company.id}/agents`, { name: "Other Versioned", adapterConfig: { command: "other" } });
    const [otherRev] = await revisionsOf(api, other.body.id);
    const before = await db().agent.findUniqueOrThrow({ where: { id: agentId } });
    for (const revisionId of [otherRev.id, "0190a0a0-0000-7000-8000-000000000000"]) {
      const res = await api.post(`/api/agents/${agentId}/config-revisions/${revisionId}/rollback`);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
    expect(await db().agent.findUniqueOrThrow({ where: { id: agentId } })).toEqual(before);
    expect(await db().agentConfigRevision.count({ where: { agentId } })).toBe(1);
  });

  it("the list is readable by the company's agents; rollback needs a board member", async () => {
    const { api, agentId, tokens, company } = await agentWithHistory();
    const [rev] = await revisionsOf(api, agentId);
    expect((await client(tokens.engineer).get(`/api/agents/${agentId}/config-revisions`)).status).toBe(200);
    const viewer = await createBoardUser({ companyId: company.id, role: "viewer" });
    for (const token of [tokens.ceo, tokens.engineer, viewer.token]) {
      const res = await client(token).post(`/api/agents/${agentId}/config-revisions/${rev.id}/rollback`);
      expect(res.status).toBe(403);
    }
    expect(await db().agentConfigRevision.count({ where: { agentId } })).toBe(1);
    const member = await createBoardUser({ companyId: company.id, role: "member" });
    expect((await client(member.token).post(`/api/agents/${agentId}/config-revisions/${rev.id}/rollback`)).status).toBe(200);
  });

  it("a terminated agent cannot be rolled back (422)", async () => {
    const { api, agentId } = await agentWithHistory();
    const [rev] = await revisionsOf(api, agentId);
    await api.post(`/api/agents/${agentId}/terminate`);
    const res = await api.post(`/api/agents/${agentId}/config-revisions/${rev.id}/rollback`);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("invalid_transition");
  });

  it("pages newest first with limit and cursor", async () => {
    const { api, agentId } = await agentWithHistory();
    for (let i = 2; i <= 4; i++) await api.patch(`/api/agents/${agentId}`, { adapterConfig: { command: `v${i}` } });
    const first = await api.get(`/api/agents/${agentId}/config-revisions?limit=3`);
    expect(first.body.map((r: { revision: number }) => r.revision)).toEqual([4, 3, 2]);
    const next = await api.get(`/api/agents/${agentId}/config-revisions?limit=3&cursor=${first.headers.get("x-next-cursor")}`);
    expect(next.body.map((r: { revision: number }) => r.revision)).toEqual([1]);
    expect(next.headers.get("x-next-cursor")).toBeNull();
  });
});
