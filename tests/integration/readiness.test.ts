// An agent's readiness (docs/decisions/0106-agent-readiness.md): why its adapter cannot run,
// on every agent read and the org chart; a process agent without a command refused on write (422);
// a hire approved with what it runs, in the decision's transaction.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { prismaExec, requestWake } from "@/lib/services/wakeups";
import type { Worker } from "@/lib/runtime/worker";
import { client } from "../support/api";
import { finishedRun, runOfWake, startWorker } from "../support/runtime";
import { createAgent, createWorld, mintAgentKey } from "../factories";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "charter-readiness-"));
let worker: Worker;
beforeAll(async () => { worker = await startWorker(); });
afterAll(async () => {
  await worker.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

type World = Awaited<ReturnType<typeof createWorld>>;
const readinessOf = async (w: World, agentId: string) => (await client(w.tokens.owner).get(`/api/agents/${agentId}`)).body.readiness;

describe("readiness", () => {
  it("names what a local adapter lacks: a command, a program on PATH, a working directory", async () => {
    const w = await createWorld();
    const cases = [
      { name: "No Command", adapterType: "process", adapterConfig: {}, reason: "no command is set" },
      { name: "Off Path", adapterType: "process", adapterConfig: { command: "charter-no-such-program-1", args: ["x"] }, reason: "charter-no-such-program-1 is not found on the server's PATH, or is not executable" },
      { name: "No Cli", adapterType: "claude_local", adapterConfig: { command: "charter-no-such-claude" }, reason: "charter-no-such-claude is not found on the server's PATH, or is not executable" },
      { name: "No Cwd", adapterType: "process", adapterConfig: { command: "true", cwd: path.join(dir, "gone") }, reason: `its working directory ${path.join(dir, "gone")} does not exist` },
      { name: "Ready", adapterType: "process", adapterConfig: { command: "true", cwd: dir }, reason: null },
      { name: "Shell Line", adapterType: "process", adapterConfig: { command: "echo hi && sleep 1" }, reason: null },
    ] as const;
    const ids: Record<string, string> = {};
    for (const c of cases) ids[c.name] = (await createAgent(w.company.id, { name: c.name, adapterType: c.adapterType, adapterConfig: c.adapterConfig })).id;
    const list = await client(w.tokens.owner).get(`/api/companies/${w.company.id}/agents?limit=50`);
    const org = await client(w.tokens.owner).get(`/api/companies/${w.company.id}/org`);
    const orgNodes = new Map<string, { readiness: unknown }>();
    const walk = (n: { id: string; readiness: unknown; reports: never[] }) => { orgNodes.set(n.id, n); n.reports.forEach(walk); };
    org.body.forEach(walk);
    for (const c of cases) {
      const want = { ok: c.reason === null, reason: c.reason };
      expect(await readinessOf(w, ids[c.name]), c.name).toEqual(want);
      expect(list.body.find((a: { id: string }) => a.id === ids[c.name]).readiness, c.name).toEqual(want);
      expect(orgNodes.get(ids[c.name])?.readiness, c.name).toEqual(want);
    }
  });

  it("an http agent whose last wake could not reach its URL cannot run until its config changes; /me says so too", async () => {
    const w = await createWorld();
    const agent = await createAgent(w.company.id, { name: "Hook", adapterType: "http", adapterConfig: { url: "http://127.0.0.1:1/wake", secret: "s3cret" } });
    expect(await readinessOf(w, agent.id)).toEqual({ ok: true, reason: null });
    const wake = await db().$transaction((tx) => requestWake(prismaExec(tx), { companyId: w.company.id, agentId: agent.id, reason: "assignment", source: "test" }));
    const run = await finishedRun(await runOfWake(wake.id));
    expect(run.status).toBe("failed");
    const down = await readinessOf(w, agent.id);
    expect(down.ok).toBe(false);
    expect(down.reason).toMatch(/^its last wake failed \(could not reach http:\/\/127\.0\.0\.1:1\/wake: /);
    const me = await client(await mintAgentKey(agent)).get("/api/agents/me");
    expect(me.body.readiness).toEqual(down);
    const fixed = await client(w.tokens.owner).patch(`/api/agents/${agent.id}`, { adapterConfig: { url: "http://127.0.0.1:2/wake", secret: "***redacted***" } });
    expect(fixed.status).toBe(200);
    expect(fixed.body.readiness).toEqual({ ok: true, reason: null });
    const noUrl = await createAgent(w.company.id, { name: "Nowhere", adapterType: "http", adapterConfig: { secret: "x" } });
    expect(await readinessOf(w, noUrl.id)).toEqual({ ok: false, reason: "no URL is set" });
  });
});

describe("a process agent needs a command", () => {
  it("creating one without a command is 422 at adapterConfig.command and creates nothing", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    for (const adapterConfig of [undefined, {}, { command: "   " }]) {
      const res = await api.post(`/api/companies/${w.company.id}/agents`, { name: "Empty", adapterType: "process", ...(adapterConfig ? { adapterConfig } : {}) });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("unprocessable");
      expect(res.body.details).toEqual([{ path: "adapterConfig.command", message: "is required for a process agent" }]);
    }
    expect(await db().agent.count({ where: { companyId: w.company.id, name: "Empty" } })).toBe(0);
    expect((await api.post(`/api/companies/${w.company.id}/agents`, { name: "Empty", adapterConfig: { command: "true" } })).status).toBe(201);
  });

  it("a change to what it runs is held to the rule; a rename of a commandless agent is not", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const hook = await createAgent(w.company.id, { name: "Hooked", adapterType: "http", adapterConfig: { url: "http://127.0.0.1:1/x", secret: "s" } });
    const toProcess = await api.patch(`/api/agents/${hook.id}`, { adapterType: "process" });
    expect(toProcess.status).toBe(422);
    expect(toProcess.body.details[0].path).toBe("adapterConfig.command");
    expect((await db().agent.findUniqueOrThrow({ where: { id: hook.id } })).adapterType).toBe("http");
    const cleared = await api.patch(`/api/agents/${w.engineer.id}`, { adapterConfig: { cwd: dir } });
    expect(cleared.status).toBe(422);
    expect((await api.patch(`/api/agents/${w.engineer.id}`, { title: "Renamed" })).status).toBe(200);
  });
});

describe("approving a hire with what it runs", () => {
  const hire = async (w: World, name: string) => (await client(w.tokens.manager).post(`/api/companies/${w.company.id}/agent-hires`, { name, role: "engineer" })).body;

  it("sets the hired agent's adapter in the decision's transaction, as one config revision", async () => {
    const w = await createWorld();
    const { agent, approval } = await hire(w, "Grace");
    expect(agent.readiness).toEqual({ ok: false, reason: "no command is set" });
    const res = await client(w.tokens.owner).post(`/api/approvals/${approval.id}/approve`, { adapterType: "process", adapterConfig: { command: "true", cwd: dir } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("approved");
    const now = (await client(w.tokens.owner).get(`/api/agents/${agent.id}`)).body;
    expect(now).toMatchObject({ status: "idle", adapterType: "process", adapterConfig: { command: "true", cwd: dir }, readiness: { ok: true, reason: null } });
    const revisions = await db().agentConfigRevision.findMany({ where: { agentId: agent.id }, orderBy: { revision: "asc" } });
    expect(revisions.map((r) => [r.reason, r.changedKeys])).toEqual([["created", ["adapterType", "adapterConfig", "runtimeConfig"]], ["hire approved", ["adapterType", "adapterConfig"]]]);
  });

  it("a config a write would refuse leaves the hire pending and the agent unchanged; config on a strategy is 422", async () => {
    const w = await createWorld();
    const { agent, approval } = await hire(w, "Hopper");
    const api = client(w.tokens.owner);
    const noCommand = await api.post(`/api/approvals/${approval.id}/approve`, { adapterConfig: { cwd: dir } });
    expect([noCommand.status, noCommand.body.details?.[0]?.path]).toEqual([422, "adapterConfig.command"]);
    const invalid = await api.post(`/api/approvals/${approval.id}/approve`, { adapterConfig: { command: "true", timeoutSec: 0 } });
    expect([invalid.status, invalid.body.details?.[0]?.path]).toEqual([400, "adapterConfig.timeoutSec"]);
    expect((await db().approval.findUniqueOrThrow({ where: { id: approval.id } })).status).toBe("pending");
    expect(await db().agent.findUniqueOrThrow({ where: { id: agent.id } })).toMatchObject({ status: "pending_approval", adapterConfig: {} });
    const plan = await client(w.tokens.ceo).post(`/api/companies/${w.company.id}/approvals`, { type: "approve_ceo_strategy", requestedByAgentId: w.ceo.id, payload: { plan: "Ship" } });
    const onStrategy = await api.post(`/api/approvals/${plan.body.id}/approve`, { adapterConfig: { command: "true" } });
    expect([onStrategy.status, onStrategy.body.code]).toEqual([422, "unprocessable"]);
    expect((await db().approval.findUniqueOrThrow({ where: { id: plan.body.id } })).status).toBe("pending");
    expect((await api.post(`/api/approvals/${approval.id}/approve`, {})).status).toBe(200);
  });
});

describe("GET /api/companies/:companyId/agents for pickers", () => {
  it("searches name, title and urlKey (any case) and filters direct reports, a page at a time", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    for (let i = 1; i <= 5; i++) await createAgent(w.company.id, { name: `Picker ${i}`, reportsToId: w.manager.id, adapterConfig: { command: "true" } });
    const page = await api.get(`/api/companies/${w.company.id}/agents?q=PICKER&limit=2`);
    expect(page.body.map((a: { name: string }) => a.name)).toEqual(["Picker 1", "Picker 2"]);
    expect(page.headers.get("x-next-cursor")).toBeTruthy();
    const reports = await api.get(`/api/companies/${w.company.id}/agents?reportsTo=${w.manager.id}&limit=50`);
    expect(reports.body.map((a: { name: string }) => a.name).sort()).toEqual([w.engineer.name, "Picker 1", "Picker 2", "Picker 3", "Picker 4", "Picker 5"].sort());
    expect((await api.get(`/api/companies/${w.company.id}/agents?q=nobody-matches`)).body).toEqual([]);
    expect((await api.get(`/api/companies/${w.company.id}/agents?reportsTo=boss`)).status).toBe(400);
  });
});
