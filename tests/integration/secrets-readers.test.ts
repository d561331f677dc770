// Secrets by key, whatever the value, in every reader: one stored config holds a secret of every
// value type (string, number, array, object) and env in every shape (object, object values, "K=V"
// and {name, value} arrays; values hidden under secret-like names, harmless ones readable); each reader of the API, MCP, the live events and the server log is
// read by every kind of caller, and no secret value appears anywhere in what it answers.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";
import { REDACTED } from "@/lib/secrets";
import { createAgent, createWorld, mintAgentKey } from "../factories";
import { call } from "../support/api";
import { callTool } from "../support/oauth";
import { openEvents } from "../support/sse";

type World = Awaited<ReturnType<typeof createWorld>>;

// every value is findable in a serialized answer: the test looks for "sekrit" and 424242
const secretConfig = {
  command: "run-agent", cwd: "/srv/agent", timeoutSec: 30,
  password: "sekrit-string", apiKey: 424242, token: ["sekrit-array"], clientSecret: { inner: "sekrit-object" },
  headers: { Authorization: "Bearer sekrit-header", "X-Trace": "visible-trace" },
  nested: { deeper: [{ privateKey: { pem: "sekrit-nested" } }] },
  // env values hidden by their name, by not being plain text, or by a password inside a URL; MODE is harmless
  env: { APP_SECRET: "sekrit-env-string", SIGNING_KEY: 424242, OBJ: { v: "sekrit-env-object" }, LIST: ["sekrit-env-list"], DATABASE_URL: "postgres://app:sekrit-pw@db/app", MODE: "visible-mode" },
};
const envArrays = { env: ["OPENAI_API_KEY=sekrit-env-kv", { name: "DB_PASSWORD", value: "sekrit-env-namevalue" }, 424242, "REGION=eu-west"] };
const leaks = (text: string) => [...text.matchAll(/sekrit[\w-]*|424242/g)].map((m) => m[0]);

let w: World;
let agentId: string;
let arrayAgentId: string;
let approvalId: string;
let runId: string;

beforeAll(async () => {
  w = await createWorld();
  const agent = await createAgent(w.company.id, { name: "Secretive", reportsToId: w.ceo.id, adapterConfig: secretConfig });
  agentId = agent.id;
  arrayAgentId = (await createAgent(w.company.id, { name: "Env Arrays", reportsToId: w.ceo.id, adapterConfig: envArrays })).id;
  await mintAgentKey(agent);
  // a config revision of the same config, a hire's approval payload, activity details, a transcript step
  await db().agentConfigRevision.create({
    data: { companyId: w.company.id, agentId, revision: 1, config: { adapterType: "process", adapterConfig: secretConfig, runtimeConfig: {} }, changedKeys: ["adapterConfig"], reason: "test" },
  });
  approvalId = (await db().approval.create({
    data: { companyId: w.company.id, type: "hire_agent", requestedByAgentId: w.ceo.id, subjectAgentId: agentId, payload: { name: "Secretive", adapterConfig: secretConfig } },
  })).id;
  await db().activityLog.create({
    data: { companyId: w.company.id, actorType: "agent", actorId: w.ceo.id, action: "agent.updated", entityType: "agent", entityId: agentId, details: { adapterConfig: secretConfig } },
  });
  runId = (await db().heartbeatRun.create({ data: { companyId: w.company.id, agentId, adapterType: "process", status: "succeeded" } })).id;
  await db().heartbeatRunStep.create({
    data: { companyId: w.company.id, runId, seq: 1, at: new Date(), kind: "tool_call", toolName: "http", input: { url: "https://x", headers: { Authorization: "Bearer sekrit-tool" }, apiKey: 424242, env: ["GH_TOKEN=sekrit-tool-env"] } },
  });
});

const readers: Array<[string, () => string]> = [
  ["GET /api/agents/:id", () => `/api/agents/${agentId}`],
  ["GET /api/agents/:id (env arrays)", () => `/api/agents/${arrayAgentId}`],
  ["GET /api/companies/:id/agents", () => `/api/companies/${w.company.id}/agents`],
  ["GET /api/companies/:id/org", () => `/api/companies/${w.company.id}/org`],
  ["GET /api/agents/:id/config-revisions", () => `/api/agents/${agentId}/config-revisions`],
  ["GET /api/approvals/:id", () => `/api/approvals/${approvalId}`],
  ["GET /api/companies/:id/approvals", () => `/api/companies/${w.company.id}/approvals`],
  ["GET /api/companies/:id/activity", () => `/api/companies/${w.company.id}/activity`],
  ["GET /api/heartbeat-runs/:id/transcript", () => `/api/heartbeat-runs/${runId}/transcript`],
  ["GET /api/companies/:id/heartbeat-runs", () => `/api/companies/${w.company.id}/heartbeat-runs`],
];
const callers: Array<[string, () => string]> = [["the owner", () => w.tokens.owner], ["the CEO agent", () => w.tokens.ceo], ["an engineer agent", () => w.tokens.engineer]];

describe("every API reader, every caller", () => {
  for (const [reader, url] of readers) {
    for (const [who, token] of callers) {
      it(`${reader} as ${who}: no secret value, in any type`, async () => {
        const res = await call("GET", url(), { token: token() });
        expect(leaks(res.text), `${reader} answered ${res.status}`).toEqual([]);
      });
    }
  }

  it("the shapes: a secret key's value of any type is the marker; env names stay, values under secret-like names do not", async () => {
    const res = await call("GET", `/api/agents/${agentId}`, { token: w.tokens.owner });
    expect(res.body.adapterConfig).toEqual({
      command: "run-agent", cwd: "/srv/agent", timeoutSec: 30,
      password: REDACTED, apiKey: REDACTED, token: REDACTED, clientSecret: REDACTED,
      headers: { Authorization: REDACTED, "X-Trace": "visible-trace" },
      nested: { deeper: [{ privateKey: REDACTED }] },
      env: { APP_SECRET: REDACTED, SIGNING_KEY: REDACTED, OBJ: REDACTED, LIST: REDACTED, DATABASE_URL: REDACTED, MODE: "visible-mode" },
    });
    const arrays = await call("GET", `/api/agents/${arrayAgentId}`, { token: w.tokens.owner });
    expect(arrays.body.adapterConfig.env).toEqual([`OPENAI_API_KEY=${REDACTED}`, { name: "DB_PASSWORD", value: REDACTED }, REDACTED, "REGION=eu-west"]);
  });
});

describe("other readers", () => {
  it("MCP tools (whoami, list_agents, org_chart) show no secret value", async () => {
    for (const [tool, args] of [["list_agents", {}], ["org_chart", {}], ["whoami", {}]] as const) {
      const { value } = await callTool(w.tokens.ceo, tool, args);
      expect(leaks(JSON.stringify(value)), tool).toEqual([]);
    }
  });

  it("live events name what changed, never its content", async () => {
    const stream = await openEvents(w.company.id, w.tokens.owner);
    try {
      await call("PATCH", `/api/agents/${agentId}`, { token: w.tokens.owner, body: { title: "Keeper of secrets" } });
      await stream.waitFor((e) => e.data.entityId === agentId, "the agent's change");
      expect(leaks(JSON.stringify(stream.events))).toEqual([]);
    } finally {
      await stream.close();
    }
  });

  it("the server log: a config logged whole writes no secret", () => {
    const lines: string[] = [];
    const write = process.stderr.write;
    process.stderr.write = ((chunk: string) => (lines.push(String(chunk)), true)) as typeof process.stderr.write;
    try {
      log.error("agent config", { agentId, adapterConfig: secretConfig, arrays: envArrays, token: 424242 });
    } finally {
      process.stderr.write = write;
    }
    expect(lines.join("")).toContain(agentId);
    expect(leaks(lines.join(""))).toEqual([]);
  });
});
