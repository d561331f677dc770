// claude_local and codex_local end to end against stand-in CLIs on PATH (small node scripts that
// print recorded-shape stream-json / `exec --json` lines, partly in split chunks, and record their
// arguments and environment per run): the full wake prompt, the skill, the permission flags,
// per-issue session resume with the fresh fallback, the parsed transcript with its cost (estimated
// for Codex), secrets redacted, the caps, and the transcript and session-reset routes' tenancy.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { agentSkillMarkdown } from "@/lib/llms/skill";
import { prismaExec, requestWake } from "@/lib/services/wakeups";
import { pruneLogs } from "@/lib/runtime/run-records";
import { MAX_STEPS } from "@/lib/runtime/transcript/steps";
import { PART_MAX } from "@/lib/runtime/adapters/prompt";
import type { Worker } from "@/lib/runtime/worker";
import { client } from "../support/api";
import { finishedRun, runOfWake, startWorker } from "../support/runtime";
import { createAgent, createBoardUser, createWorld } from "../factories";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "charter-transcripts-"));
const bin = path.join(dir, "bin");
const ENV_SECRET = "env-secret-value-0123456789";
let worker: Worker;

// Shared by both stand-ins: record the call (arguments, task, run key) per run, one JSON line per call.
const recordCall = (name: string) => `
const fs = require("node:fs");
const args = process.argv.slice(2);
const runId = process.env.SERVICE_RUN_ID;
fs.appendFileSync(${JSON.stringify(dir)} + "/${name}-" + runId + ".calls", JSON.stringify({ args, task: process.env.SERVICE_TASK_ID ?? null, key: process.env.SERVICE_API_KEY }) + "\\n");
const many = args.includes("--many") ? Number(args[args.indexOf("--many") + 1]) : 0;
// the first lines split across two writes, as a pipe may deliver them
async function print(lines) {
  for (const [i, l] of lines.entries()) {
    const text = typeof l === "string" ? l : JSON.stringify(l);
    const half = Math.floor(text.length / 2);
    process.stdout.write(text.slice(0, half));
    if (i < 10) await new Promise((r) => setTimeout(r, 5));
    process.stdout.write(text.slice(half) + "\\n");
  }
}
`;

// Shapes recorded from Claude Code 2.x: `claude -p … --output-format stream-json --verbose`.
const fakeClaude = `#!/usr/bin/env node
${recordCall("claude")}
const r = args.indexOf("--resume");
const resumed = r >= 0 ? args[r + 1] : null;
if (resumed && resumed.startsWith("gone-")) {
  process.stderr.write("No conversation found with session ID: " + resumed + "\\n");
  process.exit(1);
}
const sid = resumed ?? "sess-" + runId;
const model = "claude-sonnet-4-5-20250929";
const key = process.env.SERVICE_API_KEY;
const msg = (content) => ({ type: "assistant", message: { id: "msg_01", type: "message", role: "assistant", model, content, stop_reason: null, usage: { input_tokens: 3, output_tokens: 20 } }, parent_tool_use_id: null, session_id: sid, uuid: "u" });
const lines = [
  { type: "system", subtype: "init", cwd: process.cwd(), session_id: sid, tools: ["Bash", "Read", "Edit"], mcp_servers: [], model, permissionMode: "default", apiKeySource: "none", uuid: "u0" },
  msg([{ type: "text", text: "I will read my identity first." }]),
  msg([{ type: "tool_use", id: "toolu_01", name: "Bash", input: { command: 'curl -sS -H "Authorization: Bearer ' + key + '" "$SERVICE_API_URL/api/agents/me"', description: "Who am I" } }]),
  { type: "user", message: { role: "user", content: [{ tool_use_id: "toolu_01", type: "tool_result", content: '{"id":"a1","seen":"' + key + '","env":"${ENV_SECRET}"}', is_error: false }] }, parent_tool_use_id: null, session_id: sid, uuid: "u1" },
  "warning: this line is not JSON {",
  { type: "stream_event", event: { type: "ping" }, session_id: sid },
  ...Array.from({ length: many }, (_, i) => msg([{ type: "text", text: "chatter " + i }])),
  msg([{ type: "text", text: "Checked out the issue and left a comment." }]),
  { type: "result", subtype: "success", is_error: false, duration_ms: 2876, duration_api_ms: 4201, num_turns: 3, result: "Done.", session_id: sid, total_cost_usd: 0.0421,
    usage: { input_tokens: 12, cache_creation_input_tokens: 4530, cache_read_input_tokens: 13200, output_tokens: 311 },
    modelUsage: { [model]: { inputTokens: 12, outputTokens: 311, cacheReadInputTokens: 13200, cacheCreationInputTokens: 4530, costUSD: 0.0421, contextWindow: 200000 } },
    permission_denials: [], uuid: "u9" },
];
print(lines);
`;

// Shapes recorded from Codex 0.5x: `codex exec --json …` (and `codex exec … resume <id> <prompt>`).
const fakeCodex = `#!/usr/bin/env node
${recordCall("codex")}
const r = args.indexOf("resume");
const resumed = r >= 0 ? args[r + 1] : null;
if (resumed && resumed.startsWith("gone-")) {
  process.stderr.write("Error: No saved session found with ID " + resumed + "\\n");
  process.exit(1);
}
const tid = resumed ?? "thread-" + runId;
const command = "bash -lc 'curl -sS \\"$SERVICE_API_URL/api/agents/me\\"'";
print([
  { type: "thread.started", thread_id: tid },
  { type: "turn.started" },
  { type: "item.completed", item: { id: "item_0", type: "reasoning", text: "**Reading the task**" } },
  { type: "item.started", item: { id: "item_1", type: "command_execution", command, aggregated_output: "", exit_code: null, status: "in_progress" } },
  { type: "item.completed", item: { id: "item_1", type: "command_execution", command, aggregated_output: '{"id":"a1"}', exit_code: 0, status: "completed" } },
  { type: "item.completed", item: { id: "item_2", type: "command_execution", command: "false", aggregated_output: "", exit_code: 1, status: "failed" } },
  { type: "item.completed", item: { id: "item_3", type: "agent_message", text: "Done." } },
  { type: "turn.completed", usage: { input_tokens: 2000000, cached_input_tokens: 1500000, output_tokens: 100000 } },
]);
`;

beforeAll(async () => {
  fs.mkdirSync(bin);
  fs.writeFileSync(path.join(bin, "claude"), fakeClaude, { mode: 0o755 });
  fs.writeFileSync(path.join(bin, "codex"), fakeCodex, { mode: 0o755 });
  process.env.PATH = `${bin}:${process.env.PATH}`;
  worker = await startWorker();
});
afterAll(async () => {
  await worker.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Call { args: string[]; task: string | null; key: string }
const calls = (cli: string, runId: string): Call[] =>
  fs.readFileSync(path.join(dir, `${cli}-${runId}.calls`), "utf8").trim().split("\n").map((l) => JSON.parse(l));
const argAfter = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

type WakeOpts = { issueId?: string | null; commentId?: string; approvalId?: string; reason?: "assignment" | "mention" | "manual" | "approval" | "timer"; source?: string };

async function wake(companyId: string, agentId: string, opts: WakeOpts = {}) {
  const w = await db().$transaction((tx) => requestWake(prismaExec(tx), {
    companyId, agentId, reason: opts.reason ?? "assignment", source: opts.source ?? "test", issueId: opts.issueId ?? null,
    commentId: opts.commentId ?? null, approvalId: opts.approvalId ?? null,
  }));
  return finishedRun(await runOfWake(w.id));
}

async function setup(adapterType: "claude_local" | "codex_local", adapterConfig: Record<string, unknown> = {}) {
  const w = await createWorld();
  const instructions = path.join(dir, `AGENTS-${w.company.id}.md`);
  fs.writeFileSync(instructions, "You are the engineer. Ship small changes.");
  const agent = await createAgent(w.company.id, {
    name: `Cli${Date.now()}${Math.random().toString(36).slice(2, 6)}`, adapterType,
    adapterConfig: { cwd: dir, instructionsFilePath: instructions, env: { FAKE_TOKEN: ENV_SECRET }, ...adapterConfig },
  });
  const owner = client(w.tokens.owner);
  const parent = (await owner.post(`/api/companies/${w.company.id}/issues`, { title: "Launch the beta" })).body;
  const issue = (await owner.post(`/api/companies/${w.company.id}/issues`, {
    title: "Fix the login page", priority: "high", parentId: parent.id,
    description: `The login button does nothing on Safari.\nThe old key was ${ENV_SECRET}, do not use it.`,
  })).body;
  return { w, agent, owner, parent, issue };
}

describe("claude_local", () => {
  it("gets the full wake prompt, the instructions then the skill, and the permission flags; its stream becomes ordered steps with the cost", async () => {
    const { w, agent, owner, parent, issue } = await setup("claude_local", { model: "sonnet" });
    const comment = (await owner.post(`/api/issues/${issue.id}/comments`, { body: "Can you look at this today? It blocks the beta." })).body;
    const run = await wake(w.company.id, agent.id, { issueId: issue.id, commentId: comment.id, reason: "mention" });
    expect([run.status, run.error, run.costCents]).toEqual(["succeeded", null, 4]);

    const [call] = calls("claude", run.id);
    const prompt = argAfter(call.args, "-p");
    expect(prompt).toContain("Reason: mention.");
    expect(prompt).toContain(`## The task: ${issue.identifier} — Fix the login page`);
    expect(prompt).toContain(`Status: ${issue.status} · Priority: high · Parent: ${parent.identifier} — Launch the beta`);
    expect(prompt).toContain("The login button does nothing on Safari.");
    expect(prompt).toContain("Can you look at this today? It blocks the beta.");
    expect(prompt).toContain(`From: ${w.owner.name} (board user)`);
    // no secret in the prompt: the env value in the description is redacted, the run key is never there
    expect(prompt).toContain("The old key was [redacted]");
    expect(prompt).not.toContain(ENV_SECRET);
    expect(prompt).not.toContain(call.key);

    const system = argAfter(call.args, "--append-system-prompt");
    expect(system.indexOf("You are the engineer. Ship small changes.")).toBeGreaterThanOrEqual(0);
    expect(system.indexOf(agentSkillMarkdown().trim())).toBeGreaterThan(system.indexOf("You are the engineer."));
    expect(call.args).toEqual(expect.arrayContaining(["--output-format", "stream-json", "--verbose", "--model", "sonnet"]));
    expect(call.args.slice(call.args.indexOf("--allowedTools") + 1, call.args.indexOf("--allowedTools") + 4)).toEqual(["Bash(curl:*)", "Bash(jq:*)", "--append-system-prompt"]);
    expect(call.args).not.toContain("--dangerously-skip-permissions");
    expect(call.args).not.toContain("--resume");

    const { status, body } = await owner.get(`/api/heartbeat-runs/${run.id}/transcript`);
    expect(status).toBe(200);
    const steps = body.steps as { seq: number; kind: string; text?: string; toolName?: string; input?: Record<string, unknown>; output?: string; isError?: boolean }[];
    expect(steps.map((s) => s.seq)).toEqual(steps.map((_, i) => i + 1));
    expect(steps.map((s) => [s.kind, s.toolName ?? null])).toEqual([
      ["system", null], ["assistant", null], ["tool_call", "Bash"], ["tool_result", "Bash"], ["system", null], ["system", null], ["assistant", null], ["result", null],
    ]);
    expect(steps[0].text).toContain(`Session sess-${run.id} started`);
    expect(steps[1].text).toBe("I will read my identity first.");
    expect(steps[4].text).toBe("warning: this line is not JSON {");
    expect(steps[5].text).toContain('"stream_event"');
    expect(steps[7]).toMatchObject({ kind: "result", text: "Done.", isError: false, input: { costUsd: 0.0421, estimated: false, numTurns: 3 } });
    // secrets: the run key and the env value never reach the stored transcript
    const stored = JSON.stringify(steps);
    expect(stored).not.toContain(call.key);
    expect(stored).not.toContain(ENV_SECRET);
    expect(steps[2].input?.command).toContain("Bearer [redacted]");
    expect(steps[3].output).toBe('{"id":"a1","seen":"[redacted]","env":"[redacted]"}');
    expect(steps[2]).not.toHaveProperty("output");
    // nor the raw log, which holds the same output
    const log = (await owner.get(`/api/heartbeat-runs/${run.id}/log`)).body.content as string;
    expect(log).toContain("[redacted]");
    expect(log).not.toContain(call.key);
    expect(log).not.toContain(ENV_SECRET);

    const after = await owner.get(`/api/heartbeat-runs/${run.id}/transcript?after=6`);
    expect(after.body.steps.map((s: { seq: number }) => s.seq)).toEqual([7, 8]);
    const costs = await db().costEvent.findMany({ where: { runId: run.id } });
    expect(costs).toEqual([expect.objectContaining({ model: "claude-sonnet-4-5-20250929", costCents: 4, estimated: false, issueId: issue.id })]);
  });

  it("an approval wake's prompt holds the approval's type, status, decision note and linked issues; a manual wake's its source; each part is cut visibly", async () => {
    const { w, agent, owner, issue, parent } = await setup("claude_local");
    const approval = await db().approval.create({ data: { companyId: w.company.id, type: "approve_ceo_strategy", status: "revision_requested", decisionNote: "Cut the scope to the login page first." } });
    await db().issueApproval.createMany({ data: [issue, parent].map((i) => ({ companyId: w.company.id, issueId: i.id, approvalId: approval.id })) });
    const run = await wake(w.company.id, agent.id, { reason: "approval", approvalId: approval.id });
    const prompt = argAfter(calls("claude", run.id)[0].args, "-p");
    expect(prompt).toContain("Reason: approval.");
    expect(prompt).toContain(`## The approval ${approval.id}\nType: approve_ceo_strategy · Status: revision_requested\nDecision note: Cut the scope to the login page first.`);
    expect(prompt).toContain(`- ${parent.identifier} — Launch the beta\n- ${issue.identifier} — Fix the login page`);

    const long = (await owner.post(`/api/companies/${w.company.id}/issues`, { title: "Long one", description: "x".repeat(PART_MAX + 100) })).body;
    const manual = await wake(w.company.id, agent.id, { reason: "manual", source: "run now: check the deploy", issueId: long.id });
    const manualPrompt = argAfter(calls("claude", manual.id)[0].args, "-p");
    expect(manualPrompt).toContain("Reason: manual. The board started this run (run now: check the deploy).");
    expect(manualPrompt).toContain(`${"x".repeat(PART_MAX)}\n[… cut, 100 more characters …]`);
    expect(manualPrompt).not.toContain("x".repeat(PART_MAX + 1));
  });

  it("resumes the issue's session on the next wake for it, not for another issue; sessionPolicy fresh never resumes", async () => {
    const { w, agent, owner, issue } = await setup("claude_local");
    const first = await wake(w.company.id, agent.id, { issueId: issue.id });
    expect(calls("claude", first.id)[0].args).not.toContain("--resume");
    expect(await db().agentTaskSession.findMany({ where: { agentId: agent.id } })).toEqual([
      expect.objectContaining({ issueId: issue.id, adapterType: "claude_local", sessionId: `sess-${first.id}`, lastRunId: first.id }),
    ]);
    const second = await wake(w.company.id, agent.id, { issueId: issue.id });
    expect(argAfter(calls("claude", second.id)[0].args, "--resume")).toBe(`sess-${first.id}`);
    const row = await db().agentTaskSession.findFirstOrThrow({ where: { agentId: agent.id, issueId: issue.id } });
    expect([row.sessionId, row.lastRunId]).toEqual([`sess-${first.id}`, second.id]);

    const other = (await owner.post(`/api/companies/${w.company.id}/issues`, { title: "Another task" })).body;
    const third = await wake(w.company.id, agent.id, { issueId: other.id });
    expect(calls("claude", third.id)[0].args).not.toContain("--resume");
    const none = await wake(w.company.id, agent.id, {});
    expect(calls("claude", none.id)[0].args).not.toContain("--resume");

    // the list of runs that worked on an issue, and each run's own issue
    const list = await owner.get(`/api/companies/${w.company.id}/heartbeat-runs?issueId=${issue.id}`);
    expect(list.body.map((r: { id: string }) => r.id).sort()).toEqual([first.id, second.id].sort());
    expect(list.body.every((r: { issueId: string }) => r.issueId === issue.id)).toBe(true);

    const fresh = await createAgent(w.company.id, { name: `Fresh${Date.now()}`, adapterType: "claude_local", adapterConfig: { cwd: dir, sessionPolicy: "fresh" } });
    await wake(w.company.id, fresh.id, { issueId: issue.id });
    const again = await wake(w.company.id, fresh.id, { issueId: issue.id });
    expect(calls("claude", again.id)[0].args).not.toContain("--resume");
    expect(await db().agentTaskSession.count({ where: { agentId: fresh.id } })).toBe(0);
  });

  it("a session the CLI no longer knows: forgotten, and the same run retries once with a fresh session and says so", async () => {
    const { w, agent, owner, issue } = await setup("claude_local");
    await db().agentTaskSession.create({ data: { companyId: w.company.id, agentId: agent.id, issueId: issue.id, adapterType: "claude_local", sessionId: "gone-123" } });
    const run = await wake(w.company.id, agent.id, { issueId: issue.id });
    expect(run.status).toBe("succeeded");
    const [stale, retry] = calls("claude", run.id);
    expect(argAfter(stale.args, "--resume")).toBe("gone-123");
    expect(retry.args).not.toContain("--resume");
    expect(run.log).toContain("[charter] claude does not know the stored session gone-123 any more");
    const steps = (await owner.get(`/api/heartbeat-runs/${run.id}/transcript`)).body.steps;
    expect(steps[0]).toMatchObject({ kind: "system", isError: true, text: "No conversation found with session ID: gone-123" });
    expect(steps[1]).toMatchObject({ kind: "system", text: expect.stringContaining("starts a fresh session") });
    expect(steps.at(-1)).toMatchObject({ kind: "result", text: "Done." });
    expect((await db().agentTaskSession.findFirstOrThrow({ where: { agentId: agent.id } })).sessionId).toBe(`sess-${run.id}`);
  });

  it("allowedTools replaces the default list; dangerouslySkipPermissions replaces it with the skip flag", async () => {
    const { w, agent } = await setup("claude_local", { allowedTools: ["Bash(git:*)", "Edit"] });
    const run = await wake(w.company.id, agent.id);
    const args = calls("claude", run.id)[0].args;
    expect(args.slice(args.indexOf("--allowedTools"), args.indexOf("--allowedTools") + 3)).toEqual(["--allowedTools", "Bash(git:*)", "Edit"]);
    expect(args).not.toContain("Bash(curl:*)");
    const yolo = await createAgent(w.company.id, { name: `Yolo${Date.now()}`, adapterType: "claude_local", adapterConfig: { cwd: dir, dangerouslySkipPermissions: true } });
    const yoloArgs = calls("claude", (await wake(w.company.id, yolo.id)).id)[0].args;
    expect(yoloArgs).toContain("--dangerously-skip-permissions");
    expect(yoloArgs).not.toContain("--allowedTools");
  });

  it("caps a transcript at MAX_STEPS steps, keeps the result and says how many were not kept; retention deletes the steps with the log", async () => {
    const { w, agent } = await setup("claude_local", { extraArgs: ["--many", String(MAX_STEPS + 50)] });
    const run = await wake(w.company.id, agent.id);
    expect([run.status, run.costCents]).toEqual(["succeeded", 4]);
    const steps = await db().heartbeatRunStep.findMany({ where: { runId: run.id }, orderBy: { seq: "asc" } });
    expect(steps.length).toBe(MAX_STEPS + 2);
    expect(steps.at(-2)).toMatchObject({ kind: "result" });
    expect(steps.at(-1)?.text).toMatch(/^\[… \d+ more steps not kept/);
    await db().heartbeatRun.update({ where: { id: run.id }, data: { finishedAt: new Date(Date.now() - 31 * 86_400_000) } });
    await pruneLogs();
    expect(await db().heartbeatRunStep.count({ where: { runId: run.id } })).toBe(0);
  });
});

describe("codex_local", () => {
  it("gets instructions, skill and wake prompt in that order with the sandbox flags; resumes with `exec … resume <id> <prompt>`; its tokens are priced from the table and marked estimated", async () => {
    const { w, agent, owner, issue } = await setup("codex_local", { model: "gpt-5" });
    const run = await wake(w.company.id, agent.id, { issueId: issue.id });
    expect([run.status, run.error]).toEqual(["succeeded", null]);
    const { args } = calls("codex", run.id)[0];
    expect(args.slice(0, 9)).toEqual(["exec", "--json", "--skip-git-repo-check", "--model", "gpt-5", "--sandbox", "workspace-write", "-c", "sandbox_workspace_write.network_access=true"]);
    const prompt = args.at(-1)!;
    const at = (s: string) => prompt.indexOf(s);
    expect(at("You are the engineer.")).toBeGreaterThanOrEqual(0);
    expect(at(agentSkillMarkdown().trim())).toBeGreaterThan(at("You are the engineer."));
    expect(at("The login button does nothing on Safari.")).toBeGreaterThan(at(agentSkillMarkdown().trim()));
    expect(prompt).not.toContain(ENV_SECRET);
    expect(args).not.toContain("--dangerously-bypass-approvals-and-sandbox");

    // 500k uncached input at $1.25, 1.5M cached at $0.125, 100k output at $10 per million: $1.8125
    expect(run.costCents).toBe(181);
    const costs = (await owner.get(`/api/companies/${w.company.id}/cost-events?issueId=${issue.id}`)).body;
    expect(costs).toEqual([expect.objectContaining({ provider: "openai", model: "gpt-5", inputTokens: 2_000_000, outputTokens: 100_000, costCents: 181, estimated: true })]);

    const steps = (await owner.get(`/api/heartbeat-runs/${run.id}/transcript`)).body.steps;
    expect(steps.map((s: { kind: string; toolName?: string }) => [s.kind, s.toolName ?? null])).toEqual([
      ["system", null], ["assistant", null], ["tool_call", "command"], ["tool_result", "command"], ["tool_call", "command"], ["tool_result", "command"], ["assistant", null], ["result", null],
    ]);
    expect(steps[3]).toMatchObject({ output: '{"id":"a1"}', isError: false });
    expect(steps[5]).toMatchObject({ isError: true });
    expect(steps[7]).toMatchObject({ kind: "result", input: { costUsd: 1.81, estimated: true } });

    const second = await wake(w.company.id, agent.id, { issueId: issue.id });
    const resumed = calls("codex", second.id)[0].args;
    const r = resumed.indexOf("resume");
    expect(resumed.slice(0, 3)).toEqual(["exec", "--json", "--skip-git-repo-check"]);
    expect(resumed.slice(r, r + 2)).toEqual(["resume", `thread-${run.id}`]);
    expect(resumed.length).toBe(r + 3);
    // a resumed session has the instructions and the skill already: only the wake prompt is sent
    expect(resumed[r + 2]).toMatch(/^You are /);
    expect(resumed[r + 2]).toContain("The login button does nothing on Safari.");
  });

  it("a stale thread falls back to a fresh one with the full prompt; the sandbox is configurable", async () => {
    const { w, agent, issue } = await setup("codex_local", { sandbox: "read-only" });
    await db().agentTaskSession.create({ data: { companyId: w.company.id, agentId: agent.id, issueId: issue.id, adapterType: "codex_local", sessionId: "gone-9" } });
    const run = await wake(w.company.id, agent.id, { issueId: issue.id });
    expect(run.status).toBe("succeeded");
    const [stale, retry] = calls("codex", run.id);
    expect(stale.args).toContain("gone-9");
    expect(retry.args).not.toContain("resume");
    expect(retry.args).toEqual(expect.arrayContaining(["--sandbox", "read-only"]));
    expect(retry.args).not.toContain("-c");
    expect(retry.args.at(-1)).toContain(agentSkillMarkdown().trim());
    expect(run.log).toContain("codex does not know the stored session gone-9");
    expect((await db().agentTaskSession.findFirstOrThrow({ where: { agentId: agent.id } })).sessionId).toBe(`thread-${run.id}`);
  });

  it("a claude session is never resumed by codex: the stored session is keyed by adapter type", async () => {
    const { w, agent, issue } = await setup("codex_local");
    await db().agentTaskSession.create({ data: { companyId: w.company.id, agentId: agent.id, issueId: issue.id, adapterType: "claude_local", sessionId: "sess-from-claude" } });
    const run = await wake(w.company.id, agent.id, { issueId: issue.id });
    expect(calls("codex", run.id)[0].args).not.toContain("resume");
    expect(await db().agentTaskSession.findFirstOrThrow({ where: { agentId: agent.id } })).toMatchObject({ adapterType: "codex_local", sessionId: `thread-${run.id}` });
  });
});

describe("routes", () => {
  it("GET /api/heartbeat-runs/:runId/transcript: the company's readers; another company 404; no credentials 401", async () => {
    const { w, agent } = await setup("claude_local");
    const run = await wake(w.company.id, agent.id);
    expect((await client(w.tokens.engineer).get(`/api/heartbeat-runs/${run.id}/transcript`)).body.steps.length).toBeGreaterThan(0);
    const outsider = await createWorld();
    const res = await client(outsider.tokens.owner).get(`/api/heartbeat-runs/${run.id}/transcript`);
    expect([res.status, res.body.code]).toEqual([404, "not_found"]);
    expect((await client(outsider.tokens.engineer).get(`/api/heartbeat-runs/${run.id}/transcript`)).status).toBe(404);
    expect((await client(null).get(`/api/heartbeat-runs/${run.id}/transcript`)).status).toBe(401);
    expect((await client(w.tokens.owner).get(`/api/heartbeat-runs/${run.id}/transcript?after=-1`)).status).toBe(400);
  });

  it("DELETE /api/agents/:agentId/sessions: board members forget the agent's sessions (204, activity row); outsiders 404 with the rows unchanged; agents and viewers 403", async () => {
    const { w, agent, owner, issue } = await setup("claude_local");
    await wake(w.company.id, agent.id, { issueId: issue.id });
    const count = () => db().agentTaskSession.count({ where: { agentId: agent.id } });
    expect(await count()).toBe(1);

    const outsider = await createWorld();
    const res = await client(outsider.tokens.owner).delete(`/api/agents/${agent.id}/sessions`);
    expect([res.status, res.body.code]).toEqual([404, "not_found"]);
    expect((await client(null).delete(`/api/agents/${agent.id}/sessions`)).status).toBe(401);
    expect((await client(w.tokens.ceo).delete(`/api/agents/${agent.id}/sessions`)).status).toBe(403);
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    expect((await client(viewer.token).delete(`/api/agents/${agent.id}/sessions`)).status).toBe(403);
    expect(await count()).toBe(1);

    const ok = await owner.delete(`/api/agents/${agent.id}/sessions`);
    expect([ok.status, ok.text]).toEqual([204, ""]);
    expect(await count()).toBe(0);
    const activity = await db().activityLog.findFirstOrThrow({ where: { companyId: w.company.id, action: "agent.sessions_reset" } });
    expect(activity).toMatchObject({ actorType: "user", actorId: w.owner.id, entityType: "agent", entityId: agent.id, details: { sessions: 1 } });
    // the next wake for the issue starts fresh
    const next = await wake(w.company.id, agent.id, { issueId: issue.id });
    expect(calls("claude", next.id)[0].args).not.toContain("--resume");
  });
});
