// What never leaves in an export, whoever asks (secrets and env values under every adapter and env
// shape, machine-specific settings), and who may export at all (the permission table).
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { db } from "@/lib/db/client";
import { secretValues } from "@/lib/secrets";
import { client } from "../support/api";
import { companySnapshot } from "../support/snapshot";
import { createAgent, createAgentWithKey, createBoardUser, createWorld } from "../factories";

const v = (label: string) => `${label}-${randomUUID()}`;

/** Every byte of an answer, base64 files decoded too, as one text to search. */
function everything(body: { files: Record<string, unknown> }): string {
  const decoded = Object.values(body.files).map((f) =>
    typeof f === "object" && f && "data" in f ? Buffer.from(String((f as { data: string }).data), "base64").toString("latin1") : "");
  return JSON.stringify(body) + decoded.join("\n");
}

/** An agent of each adapter type, with env in each shape adapters take and machine settings of every kind. */
async function agentsWithSecrets(companyId: string, ceoId: string) {
  const configs = {
    "claude-local": { type: "claude_local", config: {
      model: "claude-sonnet-4-6", timeoutSec: 900, command: `/opt/${v("bin")}/claude`, cwd: `/home/${v("user")}/work`,
      env: { OPENAI_API_KEY: v("sk"), LOG_LEVEL: v("plainvalue"), PATH: `/usr/${v("path")}/bin` },
      instructionsFilePath: `/home/${v("user")}/AGENTS.md`, dangerouslySkipPermissions: true, allowedTools: [v("tool")],
    } },
    "http-hook": { type: "http", config: {
      url: `https://hooks.example.com/${v("hook")}`, secret: v("hmac"), headers: { Authorization: `Bearer ${v("bearer")}`, "X-Plain": v("header") }, timeoutSec: 30,
    } },
    "process-list": { type: "process", config: {
      command: `run-${v("cmd")}`, args: ["--token", v("argtoken")], env: ["GH_TOKEN=" + v("ghtoken"), "REGION=" + v("region"), v("bare")],
    } },
    "codex-objects": { type: "codex_local", config: {
      model: "gpt-5", sandbox: "danger-full-access", extraArgs: ["--key", v("extra")],
      env: [{ name: "ANTHROPIC_API_KEY", value: v("ant") }, { key: "MODE", value: v("mode") }],
    } },
    "process-odd": { type: "process", config: { env: `A=${v("envstring")}`, custom: { apiKey: v("nested"), note: v("note") }, model: { token: v("objmodel") } } },
  } as const;
  const values: string[] = [];
  for (const [name, { type, config }] of Object.entries(configs)) {
    await createAgent(companyId, { name, role: "engineer", reportsToId: ceoId, adapterType: type, adapterConfig: config as never });
    // everything but the model and the timeout: secrets by the classifier, and every other value
    const { model, timeoutSec, ...rest } = config as Record<string, unknown>;
    values.push(...secretValues(config), ...JSON.stringify(rest).match(/[a-z]+-[0-9a-f]{8}-[0-9a-f-]{27}/g)!);
    if (typeof model === "object") values.push(...JSON.stringify(model).match(/[a-z]+-[0-9a-f]{8}-[0-9a-f-]{27}/g)!);
    void timeoutSec;
  }
  return values;
}

describe("what never leaves", () => {
  it("no secret, env value, command, path or URL of any adapter is anywhere in the preview or the export", async () => {
    const w = await createWorld();
    const values = await agentsWithSecrets(w.company.id, w.ceo.id);
    expect(values.length).toBeGreaterThan(20);
    for (const [preview, body] of [[true, { include: { issues: true } }], [false, { include: { issues: true } }], [false, {}]] as const) {
      const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/exports${preview ? "/preview" : ""}`, body);
      expect(res.status).toBe(200);
      const text = everything(res.body);
      for (const value of values) expect(text, value).not.toContain(value);
    }
  });

  it("declares env names without values, secret by name, and names the settings left out once per agent", async () => {
    const w = await createWorld();
    await agentsWithSecrets(w.company.id, w.ceo.id);
    const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/exports/preview`, {});
    const agents = parse(res.body.files[".charter.yaml"]).agents;
    const secret = { kind: "secret", requirement: "optional" };
    const plain = { kind: "plain", requirement: "optional" };
    expect(agents["claude-local"]).toEqual({ role: "engineer", adapter: { type: "claude_local", config: { model: "claude-sonnet-4-6", timeoutSec: 900 } }, inputs: { env: { LOG_LEVEL: plain, OPENAI_API_KEY: secret } } });
    expect(agents["http-hook"]).toEqual({ role: "engineer", adapter: { type: "http", config: { timeoutSec: 30 } } });
    expect(agents["process-list"]).toEqual({ role: "engineer", adapter: { type: "process" }, inputs: { env: { GH_TOKEN: secret, REGION: plain } } });
    expect(agents["codex-objects"]).toEqual({ role: "engineer", adapter: { type: "codex_local", config: { model: "gpt-5" } }, inputs: { env: { ANTHROPIC_API_KEY: secret, MODE: plain } } });
    expect(agents["process-odd"]).toEqual({ role: "engineer", adapter: { type: "process" } });
    const about = (slug: string) => (res.body.warnings as string[]).filter((line) => line.startsWith(`agents/${slug}:`));
    expect(about("claude-local")).toEqual([
      "agents/claude-local: adapter settings not exported (machine-specific): allowedTools, command, cwd, dangerouslySkipPermissions, env, instructionsFilePath; env values never leave, their names are declared under inputs.env in .charter.yaml",
    ]);
    expect(about("http-hook")).toEqual(["agents/http-hook: adapter settings not exported (machine-specific): headers, secret, url"]);
    expect(about("process-odd")).toEqual(["agents/process-odd: adapter settings not exported (machine-specific): custom, env, model"]);
    // agents with nothing machine-specific get no warning
    expect(about(w.ceo.urlKey)).toEqual([]);
  });

  it("terminated agents are left out, with a warning that counts them", async () => {
    const w = await createWorld();
    await createAgent(w.company.id, { name: "Gone One", status: "terminated" });
    await createAgent(w.company.id, { name: "Gone Two", status: "terminated" });
    const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/exports/preview`, {});
    expect(Object.keys(res.body.files).filter((p) => p.startsWith("agents/"))).toEqual(
      [w.ceo, w.engineer, w.manager].map((a) => `agents/${a.urlKey}/AGENTS.md`).sort(),
    );
    expect(res.body.warnings).toContain("2 terminated agents not exported");
    expect(JSON.stringify(res.body)).not.toMatch(/gone-one|gone-two|Gone One|Gone Two/);
  });
});

describe("who may export", () => {
  const routes = ["exports/preview", "exports"];

  it.each([
    ["board owner", "owner", 200],
    ["board admin", "admin", 200],
    ["board member", "member", 403],
    ["board viewer", "viewer", 403],
  ] as const)("a %s (%s) gets %i", async (_who, role, status) => {
    const w = await createWorld();
    const token = role === "owner" ? w.tokens.owner : (await createBoardUser({ companyId: w.company.id, role })).token;
    for (const route of routes) {
      const res = await client(token).post(`/api/companies/${w.company.id}/${route}`, {});
      expect(res.status, route).toBe(status);
      if (status === 403) expect(res.body.code).toBe("forbidden");
    }
  });

  it("an instance admin who is no member gets 200", async () => {
    const w = await createWorld();
    const admin = await createBoardUser({ isInstanceAdmin: true });
    for (const route of routes) expect((await client(admin.token).post(`/api/companies/${w.company.id}/${route}`, {})).status).toBe(200);
  });

  it("the company's CEO agent gets 200 (by id and by prefix); a manager or engineer agent gets 403", async () => {
    const w = await createWorld();
    for (const route of routes) {
      expect((await client(w.tokens.ceo).post(`/api/companies/${w.company.id}/${route}`, {})).status).toBe(200);
      expect((await client(w.tokens.ceo).post(`/api/companies/${w.company.issuePrefix}/${route}`, {})).status).toBe(200);
      for (const token of [w.tokens.manager, w.tokens.engineer]) {
        const res = await client(token).post(`/api/companies/${w.company.id}/${route}`, {});
        expect(res.status).toBe(403);
        expect(res.body.code).toBe("forbidden");
      }
    }
    const ceoRow = await db().activityLog.findFirstOrThrow({ where: { companyId: w.company.id, action: "company.exported" } });
    expect(ceoRow).toMatchObject({ actorType: "agent", actorId: w.ceo.id });
  });

  it("another company's board owner and CEO get 404, and nothing changes", async () => {
    const w = await createWorld();
    const other = await createWorld();
    const before = await companySnapshot(w.company.id);
    for (const token of [other.tokens.owner, other.tokens.ceo, (await createAgentWithKey(other.company.id, { role: "engineer" })).token]) {
      for (const route of routes) {
        const res = await client(token).post(`/api/companies/${w.company.id}/${route}`, { include: { issues: true } });
        expect(res.status).toBe(404);
        expect(res.body.code).toBe("not_found");
      }
    }
    expect(await companySnapshot(w.company.id)).toEqual(before);
  });

  it("no credentials get 401", async () => {
    const w = await createWorld();
    for (const route of routes) {
      const res = await client(null).post(`/api/companies/${w.company.id}/${route}`, {});
      expect(res.status).toBe(401);
      expect(res.body.code).toBe("unauthenticated");
    }
  });
});
