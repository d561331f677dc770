// The http adapter against a local server (signed POST; non-2xx fails the run), the claude_local
// and codex_local adapters against stand-in executables on PATH that print recorded JSON output
// (usage and cost become CostEvent rows), and the bounded log.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { createHmac } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { prismaExec, requestWake } from "@/lib/services/wakeups";
import type { Worker } from "@/lib/runtime/worker";
import { pruneLogs } from "@/lib/runtime/run-records";
import { client } from "../support/api";
import { finishedRun, runOfWake, startWorker } from "../support/runtime";
import { createAgent, createWorld } from "../factories";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "charter-adapters-"));
const bin = path.join(dir, "bin");
let worker: Worker;
let server: http.Server;
let baseUrl = "";
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
let answerStatus = 200;

// Recorded from `claude -p … --output-format json` (Claude Code 2.x) and `codex exec --json`.
const claudeOutput = JSON.stringify({
  type: "result", subtype: "success", is_error: false, duration_ms: 2876, duration_api_ms: 4201, num_turns: 3, result: "Checked out CH-1 and left a comment.",
  session_id: "6f1c2a4e-1b7d-4c7e-9a57-0d4c7d1f2b11", total_cost_usd: 0.0421,
  usage: { input_tokens: 12, cache_creation_input_tokens: 4530, cache_read_input_tokens: 13200, output_tokens: 311, service_tier: "standard" },
  modelUsage: { "claude-sonnet-4-5-20250929": { inputTokens: 12, outputTokens: 311, cacheReadInputTokens: 13200, cacheCreationInputTokens: 4530, webSearchRequests: 0, costUSD: 0.0421, contextWindow: 200000 } },
  permission_denials: [], uuid: "0b8f5d3c-7a9e-4f3b-8d2c-5e6f7a8b9c0d",
});
const codexOutput = [
  { type: "thread.started", thread_id: "0199a213-81c0-7800-8aa1-bbab2a035a53" },
  { type: "turn.started" },
  { type: "item.completed", item: { id: "item_0", type: "reasoning", text: "**Reading the task**" } },
  { type: "item.completed", item: { id: "item_1", type: "agent_message", text: "Done." } },
  { type: "turn.completed", usage: { input_tokens: 24763, cached_input_tokens: 24448, output_tokens: 122 } },
].map((e) => JSON.stringify(e)).join("\n");

function standIn(name: string, output: string) {
  const file = path.join(bin, name);
  fs.writeFileSync(path.join(dir, `${name}.out`), output);
  // records its arguments and the task it was given, then prints the recorded output
  fs.writeFileSync(file, `#!/bin/sh
printf '%s\\n' "$@" > "${dir}/${name}.args"
echo "$SERVICE_TASK_ID" > "${dir}/${name}.task"
cat "${dir}/${name}.out"
`, { mode: 0o755 });
}

beforeAll(async () => {
  fs.mkdirSync(bin);
  standIn("claude", claudeOutput);
  standIn("codex", codexOutput);
  process.env.PATH = `${bin}:${process.env.PATH}`;
  process.env.CHARTER_RUN_LOG_MAX_BYTES = "4096";
  resetEnvCache();
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(answerStatus, { "content-type": "application/json" }).end(JSON.stringify({ ok: answerStatus < 300 }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  worker = await startWorker();
});
afterAll(async () => {
  await worker.stop();
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const wakeFor = async (companyId: string, agentId: string, issueId: string | null = null) => {
  const x = await db().$transaction((tx) => requestWake(prismaExec(tx), { companyId, agentId, reason: "assignment", source: "test", issueId }));
  return finishedRun(await runOfWake(x.id));
};

describe("http adapter", () => {
  it("POSTs the signed wake payload; a 2xx succeeds", async () => {
    const w = await createWorld();
    const agent = await createAgent(w.company.id, { name: `Hook ${Date.now()}`, adapterType: "http", adapterConfig: { url: `${baseUrl}/wake`, secret: "s3cret", headers: { "x-team": "blue" } } });
    answerStatus = 200;
    const run = await wakeFor(w.company.id, agent.id);
    expect(run.status).toBe("succeeded");
    const got = received.at(-1)!;
    const body = JSON.parse(got.body);
    expect(body).toMatchObject({ runId: run.id, agentId: agent.id, companyId: w.company.id, wake: { reason: "assignment" } });
    expect(body.env.SERVICE_API_KEY).toMatch(/^chk_run_/);
    expect(body.wake.context).toEqual({ source: "test", issue: null, comment: null, approval: null, question: null });
    expect(got.headers["x-team"]).toBe("blue");
    const [t, v1] = String(got.headers["x-charter-signature"]).split(",").map((p) => p.split("=")[1]);
    expect(v1).toBe(createHmac("sha256", "s3cret").update(`${t}.${got.body}`).digest("hex"));
    const log = await client(w.tokens.owner).get(`/api/heartbeat-runs/${run.id}/log`);
    expect(log.body.content).toContain("HTTP 200");
  });

  it("a non-2xx answer fails the run; an unreachable URL too; no secret means no unsigned delivery", async () => {
    const w = await createWorld();
    answerStatus = 503;
    const failing = await createAgent(w.company.id, { name: `Down ${Date.now()}`, adapterType: "http", adapterConfig: { url: `${baseUrl}/wake`, secret: "x" } });
    const run = await wakeFor(w.company.id, failing.id);
    expect([run.status, run.error]).toEqual(["failed", "the agent's endpoint answered HTTP 503"]);
    const unreachable = await createAgent(w.company.id, { name: `Gone ${Date.now()}`, adapterType: "http", adapterConfig: { url: "http://127.0.0.1:1/wake", secret: "x" } });
    expect((await wakeFor(w.company.id, unreachable.id)).error).toMatch(/^could not reach/);
    const unsigned = await createAgent(w.company.id, { name: `Open ${Date.now()}`, adapterType: "http", adapterConfig: { url: `${baseUrl}/wake` } });
    const count = received.length;
    expect((await wakeFor(w.company.id, unsigned.id)).error).toMatch(/secret is not set/);
    expect(received.length).toBe(count);
  });
});

describe("claude_local and codex_local", () => {
  it("claude: spawned with the instructions and a prompt naming the task; its usage and cost become cost events", async () => {
    const w = await createWorld();
    const instructions = path.join(dir, "AGENTS.md");
    fs.writeFileSync(instructions, "You are the engineer. Ship small changes.");
    const agent = await createAgent(w.company.id, { name: `Claude ${Date.now()}`, adapterType: "claude_local", adapterConfig: { cwd: dir, instructionsFilePath: instructions, model: "sonnet" } });
    const issue = (await client(w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, { title: "Fix it" })).body;
    const run = await wakeFor(w.company.id, agent.id, issue.id);
    expect(run.status).toBe("succeeded");
    expect(run.costCents).toBe(4);
    const args = fs.readFileSync(path.join(dir, "claude.args"), "utf8");
    expect(args).toContain("--output-format\nstream-json");
    expect(args).toContain("--append-system-prompt\n# Your instructions\n\nYou are the engineer. Ship small changes.");
    expect(args).toContain(`Issue id: ${issue.id}`);
    expect(fs.readFileSync(path.join(dir, "claude.task"), "utf8").trim()).toBe(issue.id);
    const costs = await db().costEvent.findMany({ where: { runId: run.id } });
    expect(costs).toEqual([expect.objectContaining({
      agentId: agent.id, issueId: issue.id, provider: "anthropic", model: "claude-sonnet-4-5-20250929", inputTokens: 12 + 13200 + 4530, outputTokens: 311, costCents: 4,
    })]);
  });

  it("codex: JSON events parsed for token usage, priced from the table (estimated)", async () => {
    const w = await createWorld();
    const agent = await createAgent(w.company.id, { name: `Codex ${Date.now()}`, adapterType: "codex_local", adapterConfig: { cwd: dir, model: "gpt-5-codex" } });
    const run = await wakeFor(w.company.id, agent.id);
    expect(run.status).toBe("succeeded");
    expect(fs.readFileSync(path.join(dir, "codex.args"), "utf8").split("\n").slice(0, 2)).toEqual(["exec", "--json"]);
    const costs = await db().costEvent.findMany({ where: { runId: run.id } });
    expect(costs).toEqual([expect.objectContaining({ provider: "openai", model: "gpt-5-codex", inputTokens: 24763, outputTokens: 122, costCents: 0, estimated: true })]);
  });

  it("a claude result with is_error fails the run; a missing instructions file fails it with the reason", async () => {
    const w = await createWorld();
    fs.writeFileSync(path.join(dir, "claude.out"), JSON.stringify({ type: "result", subtype: "error_during_execution", is_error: true, result: "boom", total_cost_usd: 0.01 }));
    const agent = await createAgent(w.company.id, { name: `Broken ${Date.now()}`, adapterType: "claude_local", adapterConfig: { cwd: dir } });
    const run = await wakeFor(w.company.id, agent.id);
    expect([run.status, run.costCents]).toEqual(["failed", 1]);
    expect(run.error).toContain("boom");
    const lost = await createAgent(w.company.id, { name: `Lost ${Date.now()}`, adapterType: "claude_local", adapterConfig: { instructionsFilePath: "/nonexistent/AGENTS.md" } });
    expect((await wakeFor(w.company.id, lost.id)).error).toMatch(/instructions file \/nonexistent\/AGENTS.md cannot be read/);
  });
});

describe("bounded log", () => {
  it("keeps only the newest CHARTER_RUN_LOG_MAX_BYTES of a chatty run, and counts everything it wrote", async () => {
    const w = await createWorld();
    const agent = await createAgent(w.company.id, { name: `Chatty ${Date.now()}`, adapterConfig: { command: "seq 1 20000; echo THE-END" } });
    const run = await wakeFor(w.company.id, agent.id);
    const log = (await client(w.tokens.owner).get(`/api/heartbeat-runs/${run.id}/log`)).body;
    expect(log.content.length).toBeLessThanOrEqual(4096);
    expect(log.content).toContain("THE-END");
    expect(log.content).not.toContain("\n1\n2\n3\n");
    expect(log.logBytes).toBeGreaterThan(100_000);
    expect(log.truncated).toBe(true);
  });

  it("retention: logs of runs finished before CHARTER_RUN_LOG_RETENTION_DAYS are cleared, the records stay", async () => {
    const w = await createWorld();
    const agent = await createAgent(w.company.id, { name: `Old ${Date.now()}`, adapterConfig: { command: "echo keep me" } });
    const oldRun = await wakeFor(w.company.id, agent.id);
    const newRun = await wakeFor(w.company.id, agent.id);
    await db().heartbeatRun.update({ where: { id: oldRun.id }, data: { finishedAt: new Date(Date.now() - 31 * 86_400_000) } });
    expect(await pruneLogs()).toBeGreaterThanOrEqual(1);
    const [o, n] = await Promise.all([db().heartbeatRun.findUniqueOrThrow({ where: { id: oldRun.id } }), db().heartbeatRun.findUniqueOrThrow({ where: { id: newRun.id } })]);
    expect([o.log, o.status, o.logBytes > 0]).toEqual(["", "succeeded", true]);
    expect(n.log).toContain("keep me");
  });
});

describe("process adapter misconfigured", () => {
  it("no command, a missing working directory, an unknown program: failed runs that say why; the agent shows error", async () => {
    const w = await createWorld();
    const cases = [
      { adapterConfig: {}, error: "adapterConfig.command is not set: nothing to run" },
      { adapterConfig: { command: "true", cwd: "/nonexistent/dir" }, error: "could not start /bin/sh: the working directory /nonexistent/dir does not exist" },
      { adapterConfig: { command: "no-such-program-here", args: [] }, error: "could not start no-such-program-here: spawn no-such-program-here ENOENT" },
    ];
    for (const c of cases) {
      const agent = await createAgent(w.company.id, { name: `Bad ${Math.random()}`, adapterConfig: c.adapterConfig });
      const run = await wakeFor(w.company.id, agent.id);
      expect([run.status, run.error]).toEqual(["failed", c.error]);
      expect((await db().agent.findUniqueOrThrow({ where: { id: agent.id } })).status).toBe("error");
    }
  });
});
