// POST /api/agents/:agentId/test-environment: each check against real files, a real program on a
// temporary PATH and real HTTP servers; no run is started.
import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { client } from "../support/api";
import { createAgent, createBoardUser, createWorld, mintAgentKey } from "../factories";

let dir: string;
let server: http.Server;
let baseUrl: string;
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "charter-testenv-"));
  await fs.writeFile(path.join(dir, "fake-claude"), "#!/bin/sh\necho \"9.9.9 (Fake Code) $FAKE_FLAVOUR\"\n", { mode: 0o755 });
  await fs.writeFile(path.join(dir, "not-executable"), "#!/bin/sh\necho hi\n", { mode: 0o644 });
  await fs.writeFile(path.join(dir, "AGENTS.md"), "Be brief.\n");
  await fs.writeFile(path.join(dir, "secret.md"), "no\n", { mode: 0o000 });
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.statusCode = req.url === "/fail" ? 500 : 200;
      res.end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  await fs.rm(dir, { recursive: true, force: true });
});

async function agentWith(adapterType: "process" | "http" | "claude_local" | "codex_local", adapterConfig: Prisma.InputJsonObject) {
  const w = await createWorld();
  const agent = await createAgent(w.company.id, { reportsToId: w.manager.id, adapterType, adapterConfig });
  return { ...w, agent };
}

const test = async (token: string, agentId: string) => client(token).post(`/api/agents/${agentId}/test-environment`);
const byName = (checks: { name: string; ok: boolean; message: string }[]) => Object.fromEntries(checks.map((c) => [c.name, c]));

describe("test-environment checks", () => {
  it("claude_local: the CLI found on the config's PATH, its cwd, its instructions and its --version (env like a run's)", async () => {
    const { agent, tokens } = await agentWith("claude_local", {
      command: "fake-claude", cwd: dir, instructionsFilePath: path.join(dir, "AGENTS.md"),
      env: { PATH: `${dir}:${process.env.PATH}`, FAKE_FLAVOUR: "vanilla" },
    });
    const res = await test(tokens.owner, agent.id);
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    const c = byName(res.body.checks);
    expect(Object.keys(c)).toEqual(["command", "cwd", "instructions", "version", "git"]);
    // Charter makes issues' worktrees itself, on the server's PATH (a missing git: execution-workspace-failures.test.ts)
    expect(c.git).toMatchObject({ ok: true, message: expect.stringMatching(/^git version /) });
    expect(c.command.message).toContain(path.join(dir, "fake-claude"));
    expect(c.version).toMatchObject({ ok: true, message: "9.9.9 (Fake Code) vanilla" });
    expect(await db().heartbeatRun.count({ where: { agentId: agent.id } })).toBe(0);
  });

  it("a missing cwd, an unreadable instructions file and a CLI not on PATH fail with a sentence each", async () => {
    const { agent, tokens } = await agentWith("codex_local", {
      command: "no-such-codex-here", cwd: path.join(dir, "missing"), instructionsFilePath: path.join(dir, "secret.md"),
    });
    const res = await test(tokens.owner, agent.id);
    expect(res.body.ok).toBe(false);
    const c = byName(res.body.checks);
    expect(c.command).toMatchObject({ ok: false, message: expect.stringContaining("not found on the server's PATH") });
    expect(c.cwd).toMatchObject({ ok: false, message: expect.stringContaining("does not exist") });
    // root reads any file: the unreadable case is only observable as another user
    if (process.getuid?.() !== 0) expect(c.instructions).toMatchObject({ ok: false, message: expect.stringContaining("cannot be read") });
    expect(c.version.ok).toBe(false);
    // a directory is unreadable as instructions whoever the server runs as
    const asDir = await agentWith("claude_local", { instructionsFilePath: dir });
    expect(byName((await test(asDir.tokens.owner, asDir.agent.id)).body.checks).instructions).toMatchObject({ ok: false, message: `${dir} is not a file` });
  });

  it("process: a file that is not executable fails; a shell line passes to /bin/sh", async () => {
    const { agent, tokens } = await agentWith("process", { command: path.join(dir, "not-executable"), args: [] });
    const c = byName((await test(tokens.owner, agent.id)).body.checks);
    expect(c.command).toMatchObject({ ok: false, message: expect.stringContaining("not an executable file") });
    const line = await agentWith("process", { command: "echo hello && true", cwd: dir });
    const res = await test(line.tokens.owner, line.agent.id);
    expect(res.body).toMatchObject({ ok: true });
    expect(byName(res.body.checks).command.message).toContain("/bin/sh");
  });

  it("process without a command fails the command check", async () => {
    const { agent, tokens } = await agentWith("process", {});
    const res = await test(tokens.owner, agent.id);
    expect(res.body.ok).toBe(false);
    expect(byName(res.body.checks).command.ok).toBe(false);
  });

  it("http: a signed test POST marked X-Charter-Test; 200 passes, 500 and an unreachable URL fail", async () => {
    const ok = await agentWith("http", { url: `${baseUrl}/wake`, secret: "s3cret" });
    received.length = 0;
    const res = await test(ok.tokens.owner, ok.agent.id);
    expect(res.body).toMatchObject({ ok: true });
    expect(byName(res.body.checks).url.message).toContain("HTTP 200");
    const [req] = received;
    expect(req.headers["x-charter-test"]).toBe("1");
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(req.headers["x-charter-signature"]))!;
    expect(v1).toBe(createHmac("sha256", "s3cret").update(`${t}.${req.body}`).digest("hex"));

    const failing = await agentWith("http", { url: `${baseUrl}/fail`, secret: "s3cret" });
    const f = await test(failing.tokens.owner, failing.agent.id);
    expect(byName(f.body.checks).url).toMatchObject({ ok: false, message: expect.stringContaining("HTTP 500") });

    const down = await agentWith("http", { url: "http://127.0.0.1:1/wake" });
    const d = await test(down.tokens.owner, down.agent.id);
    expect(d.body.ok).toBe(false);
    expect(byName(d.body.checks).url).toMatchObject({ ok: false, message: expect.stringContaining("cannot be reached") });
    expect(byName(d.body.checks).secret.ok).toBe(false);
  });
});

describe("test-environment access", () => {
  it("the agent's managers may test it; the agent itself, a peer and a viewer get 403", async () => {
    const { agent, tokens, company } = await agentWith("process", { command: "true" });
    expect((await test(tokens.manager, agent.id)).status).toBe(200);
    expect((await test(tokens.ceo, agent.id)).status).toBe(200);
    expect((await test(await mintAgentKey(agent), agent.id)).status).toBe(403);
    expect((await test(tokens.engineer, agent.id)).status).toBe(403);
    const viewer = await createBoardUser({ companyId: company.id, role: "viewer" });
    expect((await test(viewer.token, agent.id)).status).toBe(403);
    const member = await createBoardUser({ companyId: company.id, role: "member" });
    expect((await test(member.token, agent.id)).status).toBe(200);
  });

  it("another company's board user and agent get 404, and the agent is unchanged", async () => {
    const { agent } = await agentWith("process", { command: "true" });
    const before = await db().agent.findUniqueOrThrow({ where: { id: agent.id } });
    const outsider = await createWorld();
    expect((await test(outsider.tokens.owner, agent.id)).status).toBe(404);
    expect((await test(outsider.tokens.ceo, agent.id)).status).toBe(404);
    expect(await db().agent.findUniqueOrThrow({ where: { id: agent.id } })).toEqual(before);
  });
});
