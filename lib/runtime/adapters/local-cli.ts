// `claude_local` and `codex_local`: spawn the CLI in adapterConfig.cwd with the agent's
// instructions, the Charter skill and the wake prompt; parse its JSON lines live into the run's
// transcript (usage and cost from the final lines); resume the session the agent last used for the
// same issue, and fall back to a fresh one, once, when the CLI no longer knows it.
import fs from "node:fs/promises";
import { agentSkillMarkdown } from "@/lib/llms/skill";
import { log } from "@/lib/log";
import { DEFAULT_CLAUDE_ALLOWED_TOOLS, DEFAULT_CODEX_SANDBOX, type AdapterConfig } from "@/lib/runtime/config";
import type { Adapter, AdapterContext, AdapterResult } from "@/lib/runtime/adapters/types";
import { failed } from "@/lib/runtime/adapters/types";
import { outcomeStatus, runProgram, type SpawnOutcome } from "@/lib/runtime/adapters/spawn";
import { heartbeatPrompt } from "@/lib/runtime/adapters/prompt";
import { forgetSession, saveSession, sessionToResume } from "@/lib/runtime/sessions";
import { ClaudeStream } from "@/lib/runtime/transcript/claude";
import { CodexStream } from "@/lib/runtime/transcript/codex";
import type { StepDraft } from "@/lib/runtime/transcript/steps";
import type { Obj } from "@/lib/runtime/json-objects";

/** the tail of the output kept to recognize a CLI's "unknown session" error */
const OUTPUT_TAIL = 64 * 1024;
// Claude: "No conversation found with session ID: …"; Codex: "No saved session found …", "thread … not found"
const UNKNOWN_SESSION = /no conversation found|no (saved |such )?(session|thread|rollout|conversation)[^\n]{0,80}found|(session|thread|conversation)[^\n]{0,80}not found|unknown session/i;

async function readInstructions(ctx: AdapterContext): Promise<{ text: string | null; error: string | null }> {
  const file = ctx.run.adapterConfig.instructionsFilePath;
  if (!file) return { text: null, error: null };
  try {
    return { text: await fs.readFile(file, "utf8"), error: null };
  } catch (e) {
    return { text: null, error: `the instructions file ${file} cannot be read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
  }
}

/** The agent's instructions, then the Charter skill; headed, so the text never starts with a dash. */
function instructionsAndSkill(instructions: string | null): string {
  const parts = instructions?.trim() ? [`# Your instructions\n\n${instructions.trim()}`] : [];
  return [...parts, `# The Charter skill\n\n${agentSkillMarkdown().trim()}`].join("\n\n");
}

interface CliStream {
  sessionId: string | null;
  steps(e: Obj): StepDraft[] | null;
}

interface Attempt<S extends CliStream> {
  outcome: SpawnOutcome;
  stream: S;
  /** the CLI got as far as the conversation (a message, a tool, a result) */
  worked: boolean;
}

async function attempt<S extends CliStream>(ctx: AdapterContext, command: string, args: string[], stream: S, timeoutMs: number): Promise<Attempt<S>> {
  const cfg = ctx.run.adapterConfig;
  let worked = false;
  ctx.transcript.parser = (e) => {
    const steps = stream.steps(e);
    if (steps?.some((s) => s.kind !== "system")) worked = true;
    return steps;
  };
  const outcome = await runProgram({
    command, args, cwd: cfg.cwd, env: { ...cfg.env, ...ctx.serviceEnv }, signal: ctx.signal, timeoutMs, log: ctx.log,
    onStdout: ctx.transcript.stdout, onStderr: ctx.transcript.stderr, captureStdout: OUTPUT_TAIL,
  });
  ctx.transcript.endLines();
  return { outcome, stream, worked };
}

/**
 * One run of the CLI with the session: resumed when one is stored, retried fresh once when
 * the CLI fails at once saying it does not know it (the stored session is forgotten, the run's log
 * and transcript say so); the session the CLI used is stored for the next wake on the issue.
 */
async function runWithSession<S extends CliStream>(
  ctx: AdapterContext, cli: string, command: string, argsFor: (resume: string | null) => string[], newStream: () => S,
): Promise<Attempt<S>> {
  const started = Date.now();
  const resume = await sessionToResume(ctx.run);
  let a = await attempt(ctx, command, argsFor(resume), newStream(), ctx.timeoutMs);
  const o = a.outcome;
  if (resume && !a.worked && o.exitCode !== null && o.exitCode !== 0 && !o.cancelled && UNKNOWN_SESSION.test(o.stdout)) {
    await forgetSession(ctx.run, resume);
    const note = `${cli} does not know the stored session ${resume} any more: it is forgotten, and this run starts a fresh session.`;
    ctx.log(`\n[charter] ${note}\n`);
    ctx.transcript.note(note);
    a = await attempt(ctx, command, argsFor(null), newStream(), Math.max(ctx.timeoutMs - (Date.now() - started), 1000));
  }
  if (a.stream.sessionId) {
    await saveSession(ctx.run, a.stream.sessionId).catch((e) => log.error("saving the CLI session failed", { runId: ctx.run.runId, error: String(e) }));
  }
  return a;
}

/** Claude Code's permission flags: the allowed tools, or the board's explicit opt-out of permissions. */
function claudePermissionArgs(cfg: AdapterConfig): string[] {
  if (cfg.dangerouslySkipPermissions) return ["--dangerously-skip-permissions"];
  const tools = cfg.allowedTools ?? [...DEFAULT_CLAUDE_ALLOWED_TOOLS];
  return tools.length ? ["--allowedTools", ...tools] : [];
}

/** Codex's sandbox flags: workspace-write with network access (the API) unless the board says otherwise. */
function codexSandboxArgs(cfg: AdapterConfig): string[] {
  if (cfg.dangerouslySkipPermissions) return ["--dangerously-bypass-approvals-and-sandbox"];
  const mode = cfg.sandbox ?? DEFAULT_CODEX_SANDBOX;
  const args = ["--sandbox", mode];
  if (mode === "workspace-write") args.push("-c", `sandbox_workspace_write.network_access=${cfg.networkAccess ?? true}`);
  return args;
}

function result(outcome: SpawnOutcome, usage: AdapterResult["usage"], reported: string | null): AdapterResult {
  const base = outcomeStatus(outcome);
  if (base.status === "succeeded" && reported) return { status: "failed", exitCode: outcome.exitCode, error: reported, usage };
  return { ...base, exitCode: outcome.exitCode, usage };
}

export const claudeAdapter: Adapter = async (ctx) => {
  const cfg = ctx.run.adapterConfig;
  const instructions = await readInstructions(ctx);
  if (instructions.error) return failed(instructions.error);
  const prompt = ctx.redact(heartbeatPrompt(ctx.run, ctx.wake));
  const system = instructionsAndSkill(instructions.text);
  // the permission list is variadic: an option must follow it, never the prompt
  const argsFor = (resume: string | null) => [
    "-p", prompt, "--output-format", "stream-json", "--verbose",
    ...(cfg.model ? ["--model", cfg.model] : []), ...(resume ? ["--resume", resume] : []),
    ...claudePermissionArgs(cfg), "--append-system-prompt", system, ...(cfg.extraArgs ?? []),
  ];
  const { outcome, stream } = await runWithSession(ctx, "claude", cfg.command ?? "claude", argsFor, () => new ClaudeStream(cfg.model ?? "claude"));
  const parsed = stream.outcome();
  return result(outcome, parsed?.usage ?? [], parsed?.isError ? `claude reported an error: ${(parsed.resultText ?? "").slice(0, 500)}` : null);
};

export const codexAdapter: Adapter = async (ctx) => {
  const cfg = ctx.run.adapterConfig;
  const instructions = await readInstructions(ctx);
  if (instructions.error) return failed(instructions.error);
  const prompt = ctx.redact(heartbeatPrompt(ctx.run, ctx.wake));
  // a resumed session has its instructions and the skill already: only the wake is new
  const fresh = `${instructionsAndSkill(instructions.text)}\n\n# This wake\n\n${prompt}`;
  const argsFor = (resume: string | null) => [
    "exec", "--json", "--skip-git-repo-check", ...(cfg.model ? ["--model", cfg.model] : []), ...codexSandboxArgs(cfg), ...(cfg.extraArgs ?? []),
    ...(resume ? ["resume", resume, prompt] : [fresh]),
  ];
  const { outcome, stream } = await runWithSession(ctx, "codex", cfg.command ?? "codex", argsFor, () => new CodexStream(cfg.model ?? "codex"));
  const parsed = stream.outcome();
  return result(outcome, parsed.usage, parsed.failed);
};
