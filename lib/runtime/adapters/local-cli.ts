// `claude_local` and `codex_local`: spawn the CLI in adapterConfig.cwd with the agent's
// instructions file and a prompt naming the task, then read usage and cost from its JSON output.
import fs from "node:fs/promises";
import type { Adapter, AdapterContext, AdapterResult, Usage } from "@/lib/runtime/adapters/types";
import { failed } from "@/lib/runtime/adapters/types";
import { outcomeStatus, runProgram } from "@/lib/runtime/adapters/spawn";
import { parseClaudeOutput, parseCodexOutput } from "@/lib/runtime/adapters/usage";
import { heartbeatPrompt } from "@/lib/runtime/adapters/prompt";

const STDOUT_CAP = 4 * 1024 * 1024;

async function readInstructions(ctx: AdapterContext): Promise<{ text: string | null; error: string | null }> {
  const file = ctx.run.adapterConfig.instructionsFilePath;
  if (!file) return { text: null, error: null };
  try {
    return { text: await fs.readFile(file, "utf8"), error: null };
  } catch (e) {
    return { text: null, error: `the instructions file ${file} cannot be read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
  }
}

async function runCli(ctx: AdapterContext, command: string, args: string[], parse: (stdout: string) => { usage: Usage[]; error: string | null }): Promise<AdapterResult> {
  const cfg = ctx.run.adapterConfig;
  const outcome = await runProgram({
    command, args, cwd: cfg.cwd, env: { ...cfg.env, ...ctx.serviceEnv }, signal: ctx.signal, timeoutMs: ctx.timeoutMs, log: ctx.log,
    captureStdout: STDOUT_CAP,
  });
  const { usage, error } = parse(outcome.stdout);
  const base = outcomeStatus(outcome);
  if (base.status === "succeeded" && error) return { status: "failed", exitCode: outcome.exitCode, error, usage };
  return { ...base, exitCode: outcome.exitCode, usage };
}

export const claudeAdapter: Adapter = async (ctx) => {
  const cfg = ctx.run.adapterConfig;
  const instructions = await readInstructions(ctx);
  if (instructions.error) return failed(instructions.error);
  const args = ["-p", heartbeatPrompt(ctx.run, ctx.serviceEnv), "--output-format", "json"];
  if (cfg.model) args.push("--model", cfg.model);
  if (instructions.text) args.push("--append-system-prompt", instructions.text);
  if (cfg.dangerouslySkipPermissions) args.push("--dangerously-skip-permissions");
  args.push(...(cfg.extraArgs ?? []));
  return runCli(ctx, cfg.command ?? "claude", args, (stdout) => {
    const parsed = parseClaudeOutput(stdout, cfg.model ?? "claude");
    if (!parsed) return { usage: [], error: null };
    return { usage: parsed.usage, error: parsed.isError ? `claude reported an error: ${(parsed.resultText ?? "").slice(0, 500)}` : null };
  });
};

export const codexAdapter: Adapter = async (ctx) => {
  const cfg = ctx.run.adapterConfig;
  const instructions = await readInstructions(ctx);
  if (instructions.error) return failed(instructions.error);
  const prompt = [instructions.text, heartbeatPrompt(ctx.run, ctx.serviceEnv)].filter(Boolean).join("\n\n");
  const args = ["exec", "--json", "--skip-git-repo-check"];
  if (cfg.model) args.push("--model", cfg.model);
  if (cfg.dangerouslySkipPermissions) args.push("--dangerously-bypass-approvals-and-sandbox");
  args.push(...(cfg.extraArgs ?? []), prompt);
  return runCli(ctx, cfg.command ?? "codex", args, (stdout) => {
    const parsed = parseCodexOutput(stdout, cfg.model ?? "codex");
    return { usage: parsed.usage, error: parsed.failed };
  });
};
