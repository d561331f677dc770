// The agent configuration form's server side: PATCH /api/agents/:agentId with write-only secrets
// (the redaction marker keeps a stored secret, and nothing else), validation by the runtime's own
// schemas with field paths, one revision per save that changes something, and resume of an agent
// whose month is spent.
import { describe, expect, it } from "vitest";
import { db, sqlTx } from "@/lib/db/client";
import { REDACTED } from "@/lib/dto/agents";
import { recordCostEvent } from "@/lib/services/costs";
import { client } from "../support/api";
import { createAgent, createBoardUser, createWorld, mintAgentKey } from "../factories";

const stored = { command: "run", secret: "hmac-secret-1", env: { API_TOKEN: "tok-123456789", MODE: "fast" }, headers: { Authorization: "Bearer abcdefgh" } };

async function configured() {
  const w = await createWorld();
  const agent = await createAgent(w.company.id, { reportsToId: w.manager.id, adapterConfig: stored });
  return { ...w, agent, api: client(w.tokens.owner) };
}

const row = (id: string) => db().agent.findUniqueOrThrow({ where: { id } });
const revisions = (agentId: string) => db().agentConfigRevision.count({ where: { agentId } });

describe("PATCH adapterConfig with write-only secrets", () => {
  it("answers every secret redacted, and the marker sent back keeps the stored value", async () => {
    const { api, agent } = await configured();
    const shown = await api.get(`/api/agents/${agent.id}`);
    expect(shown.body.adapterConfig).toEqual({ command: "run", secret: REDACTED, env: { API_TOKEN: REDACTED, MODE: "fast" }, headers: { Authorization: REDACTED } });
    const res = await api.patch(`/api/agents/${agent.id}`, { adapterConfig: { ...shown.body.adapterConfig, command: "run --fast" } });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain("tok-123456789");
    expect((await row(agent.id)).adapterConfig).toEqual({ ...stored, command: "run --fast" });
  });

  it("a new value replaces the secret, and a key left out is removed", async () => {
    const { api, agent } = await configured();
    const res = await api.patch(`/api/agents/${agent.id}`, {
      adapterConfig: { command: "run", secret: "hmac-secret-2", env: { API_TOKEN: REDACTED }, headers: { Authorization: REDACTED } },
    });
    expect(res.status).toBe(200);
    expect((await row(agent.id)).adapterConfig).toEqual({
      command: "run", secret: "hmac-secret-2", env: { API_TOKEN: "tok-123456789" }, headers: { Authorization: "Bearer abcdefgh" },
    });
  });

  it("refuses the marker where no secret was shown: it cannot copy a secret to another key or stand for a shown value", async () => {
    const { api, agent } = await configured();
    for (const adapterConfig of [
      { ...stored, env: { ...stored.env, LEAK: REDACTED } },
      { ...stored, command: REDACTED },
      { ...stored, url: REDACTED },
    ]) {
      const res = await api.patch(`/api/agents/${agent.id}`, { adapterConfig: { ...adapterConfig, secret: REDACTED } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("validation_error");
      expect(res.body.details[0].path).toMatch(/^adapterConfig\.(env\.LEAK|command|url)$/);
    }
    expect((await row(agent.id)).adapterConfig).toEqual(stored);
  });

  it("an agent caller gets 403 and learns nothing, even its own manager", async () => {
    const { agent, tokens } = await configured();
    const res = await client(tokens.manager).patch(`/api/agents/${agent.id}`, { adapterConfig: { command: "echo $API_TOKEN", env: { API_TOKEN: REDACTED } } });
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain("tok-123456789");
    expect((await row(agent.id)).adapterConfig).toEqual(stored);
  });

  it("another company's board user gets 404 and the row is unchanged", async () => {
    const { agent } = await configured();
    const outsider = await createWorld();
    const res = await client(outsider.tokens.owner).patch(`/api/agents/${agent.id}`, { adapterConfig: { command: "x", secret: REDACTED } });
    expect(res.status).toBe(404);
    expect((await row(agent.id)).adapterConfig).toEqual(stored);
  });
});

describe("config validation and revisions", () => {
  it("refuses what the runtime would ignore, with the field's path, and changes nothing", async () => {
    const { api, agent } = await configured();
    const before = await revisions(agent.id);
    const res = await api.patch(`/api/agents/${agent.id}`, {
      adapterConfig: { ...stored, secret: REDACTED, env: { API_TOKEN: REDACTED, MODE: "fast" }, headers: { Authorization: REDACTED }, timeoutSec: 0 },
      runtimeConfig: { heartbeat: { enabled: true, intervalSec: 5 } },
    });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { path: string }) => d.path).sort()).toEqual(["adapterConfig.timeoutSec", "runtimeConfig.heartbeat.intervalSec"]);
    expect((await row(agent.id)).adapterConfig).toEqual(stored);
    expect(await revisions(agent.id)).toBe(before);
  });

  it("refuses an invalid config at creation too", async () => {
    const w = await createWorld();
    const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/agents`, {
      name: "Bad sandbox", adapterType: "codex_local", adapterConfig: { sandbox: "everything" },
    });
    expect(res.status).toBe(400);
    expect(res.body.details[0].path).toBe("adapterConfig.sandbox");
  });

  it("a form save (adapter type, both configs and the budget at once) is exactly one revision; an unchanged save is none", async () => {
    const { api, agent } = await configured();
    const before = await revisions(agent.id);
    const body = {
      adapterType: "http",
      adapterConfig: { url: "https://agent.example.test/wake", secret: REDACTED, timeoutSec: 30 },
      runtimeConfig: { heartbeat: { enabled: true, intervalSec: 600 }, maxConcurrentRuns: 2 },
      budgetMonthlyCents: 5000,
    };
    expect((await api.patch(`/api/agents/${agent.id}`, body)).status).toBe(200);
    expect(await revisions(agent.id)).toBe(before + 1);
    const last = await db().agentConfigRevision.findFirstOrThrow({ where: { agentId: agent.id }, orderBy: { revision: "desc" } });
    expect(last.changedKeys).toEqual(["adapterType", "adapterConfig", "runtimeConfig"]);
    expect((await row(agent.id)).adapterConfig).toEqual({ url: "https://agent.example.test/wake", secret: "hmac-secret-1", timeoutSec: 30 });
    expect((await api.patch(`/api/agents/${agent.id}`, body)).status).toBe(200);
    expect(await revisions(agent.id)).toBe(before + 1);
  });
});

describe("resume of an agent paused over budget", () => {
  async function overBudget(opts: { agentBudget: number; companyBudget: number; spent: number }) {
    const w = await createWorld();
    await db().company.update({ where: { id: w.company.id }, data: { budgetMonthlyCents: opts.companyBudget } });
    const agent = await createAgent(w.company.id, { reportsToId: w.manager.id, budgetMonthlyCents: opts.agentBudget });
    await sqlTx((exec) => recordCostEvent(exec, { companyId: w.company.id, agentId: agent.id, provider: "p", model: "m", costCents: opts.spent, occurredAt: new Date() }));
    return { ...w, agent, api: client(w.tokens.owner) };
  }

  it("answers 422 budget_exceeded while the agent's spend is at its budget, and the agent stays paused", async () => {
    const { api, agent } = await overBudget({ agentBudget: 1000, companyBudget: 0, spent: 1200 });
    expect(await row(agent.id)).toMatchObject({ status: "paused", pauseReason: "budget" });
    const res = await api.post(`/api/agents/${agent.id}/resume`);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("budget_exceeded");
    expect(res.body.error).toContain("$12.00 of its $10.00");
    expect(res.body.details[0].path).toBe("budgetMonthlyCents");
    expect(await row(agent.id)).toMatchObject({ status: "paused", pauseReason: "budget" });
  });

  it("answers 422 for the company's budget too, even for a board pause", async () => {
    const { api, agent } = await overBudget({ agentBudget: 0, companyBudget: 500, spent: 500 });
    await db().agent.update({ where: { id: agent.id }, data: { status: "paused", pauseReason: "board" } });
    const res = await api.post(`/api/agents/${agent.id}/resume`);
    expect(res.status).toBe(422);
    expect(res.body.details[0].path).toBe("company.budgetMonthlyCents");
    expect((await row(agent.id)).status).toBe("paused");
  });

  it("raising the budget lifts the pause, and a resume under budget works", async () => {
    const { api, agent } = await overBudget({ agentBudget: 1000, companyBudget: 0, spent: 1200 });
    const raised = await api.patch(`/api/agents/${agent.id}`, { budgetMonthlyCents: 2000 });
    expect(raised.body).toMatchObject({ status: "idle", pauseReason: null });
    await api.post(`/api/agents/${agent.id}/pause`);
    expect((await api.post(`/api/agents/${agent.id}/resume`)).body.status).toBe("idle");
  });

  it("a viewer gets 403 and an outsider 404, the agent unchanged", async () => {
    const { agent, company } = await overBudget({ agentBudget: 1000, companyBudget: 0, spent: 1200 });
    const viewer = await createBoardUser({ companyId: company.id, role: "viewer" });
    expect((await client(viewer.token).post(`/api/agents/${agent.id}/resume`)).status).toBe(403);
    const outsider = await createWorld();
    expect((await client(outsider.tokens.owner).post(`/api/agents/${agent.id}/resume`)).status).toBe(404);
    expect((await client(await mintAgentKey(outsider.ceo)).post(`/api/agents/${agent.id}/resume`)).status).toBe(404);
    expect(await row(agent.id)).toMatchObject({ status: "paused", pauseReason: "budget" });
  });
});
