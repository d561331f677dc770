// PATCH /api/agents/:agentId/instructions-path: the spec's four rules.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { createAgentWithKey, createBoardUser, createWorld } from "../factories";

const configOf = async (id: string) => (await db().agent.findUniqueOrThrow({ where: { id } })).adapterConfig as Record<string, unknown>;

/** A company whose engineer runs a local adapter, plus a peer engineer under the same manager. */
async function localWorld(adapterType: "claude_local" | "codex_local" = "claude_local", adapterConfig: Record<string, string> = { cwd: "/srv/repo" }) {
  const w = await createWorld();
  await db().agent.update({ where: { id: w.engineer.id }, data: { adapterType, adapterConfig } });
  const peer = await createAgentWithKey(w.company.id, { name: "Peer Engineer", reportsToId: w.manager.id });
  return { ...w, peer };
}

const url = (id: string) => `/api/agents/${id}/instructions-path`;

describe("rule 1: who may set it", () => {
  it("the agent itself, its direct manager, a manager further up, and board members", async () => {
    const w = await localWorld();
    const member = await createBoardUser({ companyId: w.company.id, role: "member" });
    const callers = [w.tokens.engineer, w.tokens.manager, w.tokens.ceo, member.token];
    for (const [i, token] of callers.entries()) {
      const res = await client(token).patch(url(w.engineer.id), { path: `/docs/v${i}.md` });
      expect(res.status).toBe(200);
      expect(res.body.adapterConfig.instructionsFilePath).toBe(`/docs/v${i}.md`);
    }
    expect((await configOf(w.engineer.id)).instructionsFilePath).toBe("/docs/v3.md");
  });

  it("not a peer, not a subordinate, not a board viewer (403), and nothing changes", async () => {
    const w = await localWorld();
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    const attempts: [string, string][] = [
      [w.peer.token, w.engineer.id], // peer under the same manager
      [w.tokens.engineer, w.manager.id], // subordinate on its manager
      [w.tokens.manager, w.ceo.id], // subordinate on the CEO
      [viewer.token, w.engineer.id],
    ];
    for (const [token, target] of attempts) {
      const before = await configOf(target);
      const res = await client(token).patch(url(target), { path: "/tmp/evil.md", adapterConfigKey: "instructionsFilePath" });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("forbidden");
      expect(await configOf(target)).toEqual(before);
    }
  });
});

describe("rule 2: null clears", () => {
  it("removes the stored path", async () => {
    const w = await localWorld("claude_local", { cwd: "/srv/repo", instructionsFilePath: "/srv/repo/AGENTS.md" });
    const res = await client(w.tokens.engineer).patch(url(w.engineer.id), { path: null });
    expect(res.status).toBe(200);
    expect(res.body.adapterConfig).toEqual({ cwd: "/srv/repo" });
    expect(await configOf(w.engineer.id)).toEqual({ cwd: "/srv/repo" });
  });
});

describe("rule 3: local adapters use adapterConfig.instructionsFilePath", () => {
  it.each(["claude_local", "codex_local"] as const)("%s: relative paths resolve against cwd, absolute are kept", async (adapterType) => {
    const w = await localWorld(adapterType);
    const api = client(w.tokens.engineer);
    const cases: [string, string][] = [
      ["AGENTS.md", "/srv/repo/AGENTS.md"],
      ["docs/../prompts/main.md", "/srv/repo/prompts/main.md"],
      ["../common/INSTRUCTIONS.md", "/srv/common/INSTRUCTIONS.md"],
      ["/etc/charter/agent.md", "/etc/charter/agent.md"],
    ];
    for (const [input, stored] of cases) {
      const res = await api.patch(url(w.engineer.id), { path: input });
      expect(res.status).toBe(200);
      expect(await configOf(w.engineer.id)).toEqual({ cwd: "/srv/repo", instructionsFilePath: stored });
    }
  });

  it("a relative path without cwd is 422; an absolute one is fine", async () => {
    const w = await localWorld("claude_local", {});
    const rel = await client(w.tokens.engineer).patch(url(w.engineer.id), { path: "AGENTS.md" });
    expect(rel.status).toBe(422);
    expect(await configOf(w.engineer.id)).toEqual({});
    const abs = await client(w.tokens.engineer).patch(url(w.engineer.id), { path: "/abs/AGENTS.md" });
    expect(abs.status).toBe(200);
    expect(await configOf(w.engineer.id)).toEqual({ instructionsFilePath: "/abs/AGENTS.md" });
  });
});

describe("rule 4: other adapters name the key", () => {
  it("stores under adapterConfigKey, resolving relative paths against cwd when there is one", async () => {
    const w = await createWorld();
    await db().agent.update({ where: { id: w.engineer.id }, data: { adapterConfig: { command: "run" } } });
    const api = client(w.tokens.engineer);
    const plain = await api.patch(url(w.engineer.id), { path: "prompt.md", adapterConfigKey: "promptFile" });
    expect(plain.status).toBe(200);
    expect(await configOf(w.engineer.id)).toEqual({ command: "run", promptFile: "prompt.md" });
    await db().agent.update({ where: { id: w.engineer.id }, data: { adapterConfig: { command: "run", cwd: "/work" } } });
    await api.patch(url(w.engineer.id), { path: "prompt.md", adapterConfigKey: "promptFile" });
    expect(await configOf(w.engineer.id)).toEqual({ command: "run", cwd: "/work", promptFile: "/work/prompt.md" });
  });

  it("never sets a key the runtime executes (command, env, url…): 422, the config unchanged", async () => {
    const w = await createWorld();
    await db().agent.update({ where: { id: w.engineer.id }, data: { adapterConfig: { command: "run" } } });
    for (const key of ["command", "args", "cwd", "env", "url", "secret", "headers", "timeoutSec", "model", "extraArgs", "dangerouslySkipPermissions"]) {
      const res = await client(w.tokens.engineer).patch(url(w.engineer.id), { path: "/bin/evil", adapterConfigKey: key });
      expect(res.status, key).toBe(422);
      expect(res.body.code).toBe("unprocessable");
    }
    expect(await configOf(w.engineer.id)).toEqual({ command: "run" });
  });

  it("without adapterConfigKey for an adapter that needs one is 422 naming the field, and changes nothing", async () => {
    const w = await createWorld();
    const before = await configOf(w.engineer.id);
    const res = await client(w.tokens.engineer).patch(url(w.engineer.id), { path: "/abs/prompt.md" });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: "unprocessable", details: [{ path: "body.adapterConfigKey" }] });
    expect(await configOf(w.engineer.id)).toEqual(before);
  });
});

describe("bookkeeping and validation", () => {
  it("records a config revision and an activity row", async () => {
    const w = await localWorld();
    await client(w.tokens.manager).patch(url(w.engineer.id), { path: "AGENTS.md" });
    const revisions = await client(w.tokens.owner).get(`/api/agents/${w.engineer.id}/config-revisions`);
    expect(revisions.body[0]).toMatchObject({ reason: "instructions_path", createdByAgentId: w.manager.id });
    expect(revisions.body[0].config.adapterConfig.instructionsFilePath).toBe("/srv/repo/AGENTS.md");
    const activity = await client(w.tokens.owner).get(`/api/companies/${w.company.id}/activity?action=agent.instructions_path_set`);
    expect(activity.body).toEqual([expect.objectContaining({ entityId: w.engineer.id, actorType: "agent", actorId: w.manager.id })]);
  });

  it.each([
    {},
    { path: "" },
    { path: 5 },
    { path: "/a", adapterConfigKey: "not-an-identifier" },
    { path: "/a", extra: true },
  ])("refuses the body %j with 400", async (body) => {
    const w = await localWorld();
    const res = await client(w.tokens.engineer).patch(url(w.engineer.id), body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_error");
  });

  it("refuses a terminated agent with 422", async () => {
    const w = await localWorld();
    await db().agent.update({ where: { id: w.engineer.id }, data: { status: "terminated" } });
    const res = await client(w.tokens.owner).patch(url(w.engineer.id), { path: "/a.md" });
    expect(res.status).toBe(422);
  });
});
