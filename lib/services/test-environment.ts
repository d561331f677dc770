// POST /api/agents/:agentId/test-environment: what a run of the agent would meet, checked without
// starting one. It reads the stored config with the runtime's own reader, and executes nothing
// but a CLI's `--version` (without a shell, in the run's base environment).
import { execFile } from "node:child_process";
import path from "node:path";
import type { Agent } from "@/lib/generated/prisma/client";
import { forbidden } from "@/lib/http/errors";
import { can } from "@/lib/auth/permissions";
import { readAdapterConfig, type AdapterConfig } from "@/lib/runtime/config";
import { signBody } from "@/lib/runtime/adapters/http";
import { fileChecks, type Check } from "@/lib/runtime/adapter-checks";
import type { ServiceContext } from "@/lib/services/context";
import { chainOfCommand, getAgentOrThrow } from "@/lib/services/agents/queries";
import { gitCheck } from "@/lib/services/workspaces/git";

const PROBE_TIMEOUT_MS = 5000;

/** Board users who may configure the agent, and the agents above it in its chain of command. */
async function assertMayTest(ctx: ServiceContext, agent: Agent) {
  if (ctx.actor.kind === "board") {
    if (!can(ctx.actor, "agent.update", agent.companyId)) throw forbidden();
    return;
  }
  const actorId = ctx.actor.agentId;
  const chain = await chainOfCommand(ctx.db, agent);
  if (!chain.some((m) => m.id === actorId)) throw forbidden("Only the board and the agent's managers may test its environment");
}

export async function testAgentEnvironment(ctx: ServiceContext, agentRef: string) {
  const agent = await getAgentOrThrow(ctx, agentRef, "agent.read");
  await assertMayTest(ctx, agent);
  const cfg = readAdapterConfig(agent.adapterConfig);
  const checks = agent.adapterType === "http" ? await httpChecks(agent, cfg) : await localChecks(agent.adapterType, cfg);
  // Charter itself makes issues' worktrees before any adapter starts, whatever the adapter
  checks.push(await gitCheck());
  return { ok: checks.every((c) => c.ok), checks };
}

async function localChecks(adapterType: string, cfg: AdapterConfig): Promise<Check[]> {
  const { checks, resolved, env, cli } = await fileChecks(adapterType, cfg);
  const cwdOk = checks.find((c) => c.name === "cwd")?.ok;
  if (cli) checks.push(await versionCheck(resolved, env, cwdOk ? cfg.cwd : undefined));
  return checks;
}

function versionCheck(resolved: string | null, env: Record<string, string>, cwd: string | undefined): Promise<Check> {
  if (!resolved) return Promise.resolve({ name: "version", ok: false, message: "Not asked: the CLI was not found" });
  return new Promise((resolve) => {
    execFile(resolved, ["--version"], { env: env as NodeJS.ProcessEnv, encoding: "utf8", cwd, timeout: PROBE_TIMEOUT_MS, maxBuffer: 64 * 1024, shell: false, windowsHide: true }, (err, stdout, stderr) => {
      const out = `${stdout}`.trim() || `${stderr}`.trim();
      const firstLine = out.split("\n")[0]?.slice(0, 200) ?? "";
      if (err) {
        const reason = (err as { killed?: boolean }).killed ? `did not answer within ${PROBE_TIMEOUT_MS / 1000} s` : `failed (${err.code ?? err.message})`;
        resolve({ name: "version", ok: false, message: `${path.basename(resolved)} --version ${reason}${firstLine ? `: ${firstLine}` : ""}` });
      } else {
        resolve({ name: "version", ok: true, message: firstLine || `${path.basename(resolved)} --version printed nothing` });
      }
    });
  });
}

async function httpChecks(agent: Agent, cfg: AdapterConfig): Promise<Check[]> {
  const secret: Check = cfg.secret
    ? { name: "secret", ok: true, message: "Set: wakes are signed (X-Charter-Signature)" }
    : { name: "secret", ok: false, message: "adapterConfig.secret is not set: wakes are only sent signed" };
  if (!cfg.url) return [{ name: "url", ok: false, message: "adapterConfig.url is not set: nowhere to deliver the wake" }, secret];
  return [await urlCheck(agent, cfg.url, cfg), secret];
}

/** One short signed POST marked X-Charter-Test: 1, so the endpoint can answer without working. */
async function urlCheck(agent: Agent, url: string, cfg: AdapterConfig): Promise<Check> {
  const body = JSON.stringify({ test: true, agentId: agent.id, companyId: agent.companyId });
  const headers: Record<string, string> = { ...cfg.headers, "content-type": "application/json", "x-charter-test": "1" };
  if (cfg.secret) headers["x-charter-signature"] = signBody(cfg.secret, Math.floor(Date.now() / 1000), body);
  try {
    const res = await fetch(url, { method: "POST", body, headers, redirect: "manual", signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    await res.body?.cancel();
    return res.ok
      ? { name: "url", ok: true, message: `${url} answered HTTP ${res.status}` }
      : { name: "url", ok: false, message: `${url} answered HTTP ${res.status}: a wake would fail` };
  } catch (e) {
    const err = e as Error;
    if (err.name === "TimeoutError") return { name: "url", ok: false, message: `${url} did not answer within ${PROBE_TIMEOUT_MS / 1000} s` };
    const cause = err.cause instanceof Error ? err.cause.message : err.message;
    return { name: "url", ok: false, message: `${url} cannot be reached: ${cause}` };
  }
}
