// PATCH /api/agents/:agentId/instructions-path, the spec's four rules.
import path from "node:path";
import type { Agent, Prisma } from "@/lib/generated/prisma/client";
import { AppError, forbidden } from "@/lib/http/errors";
import type { InstructionsPathInput } from "@/lib/schemas/agents";
import { inTx, type ServiceContext } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { agentWithChain, chainOfCommand, getAgentOrThrow } from "@/lib/services/agents/queries";
import { recordConfigRevision } from "@/lib/services/agents/config-revisions";
import { adapterConfigSchema } from "@/lib/runtime/config";

const localAdapters = new Set(["claude_local", "codex_local"]);

/**
 * Settings the runtime acts on (the command it spawns, its environment, the URL it posts to…): only
 * the board changes those (PATCH the agent). An instructions path may name any other key, or
 * instructionsFilePath itself.
 */
const runtimeKeys = new Set(Object.keys(adapterConfigSchema.shape).filter((k) => k !== "instructionsFilePath"));

/** Rule 1: the agent itself or a manager above it in its chain (and the board). */
async function assertMayEdit(ctx: ServiceContext, agent: Agent) {
  const actor = ctx.actor;
  if (actor.kind === "board" || actor.agentId === agent.id) return;
  const chain = await chainOfCommand(ctx.db, agent);
  if (!chain.some((manager) => manager.id === actor.agentId)) {
    throw forbidden("Only the agent itself or a manager above it may set its instructions path");
  }
}

/** Rules 3 and 4: which adapterConfig key holds the path, and where a relative path points. */
function resolveTarget(agent: Agent, input: InstructionsPathInput): { key: string; value: string | null } {
  const config = (agent.adapterConfig ?? {}) as Record<string, unknown>;
  const isLocal = localAdapters.has(agent.adapterType);
  // rule 3: the local adapters keep it under instructionsFilePath, whatever the body names
  const key = isLocal ? "instructionsFilePath" : input.adapterConfigKey ?? null;
  if (key && runtimeKeys.has(key)) {
    throw new AppError("unprocessable", `adapterConfig.${key} is a setting the runtime executes, not an instructions path; only the board changes it (PATCH /api/agents/:agentId)`);
  }
  if (!key) {
    // a well-formed body this agent's adapter cannot take: 422, as for every check against state
    throw new AppError("unprocessable", `Adapter ${agent.adapterType} has no default instructions key: pass adapterConfigKey`, [
      { path: "body.adapterConfigKey", message: "required for this adapter type" },
    ]);
  }
  if (input.path === null || path.isAbsolute(input.path)) return { key, value: input.path };
  const cwd = typeof config.cwd === "string" && config.cwd ? config.cwd : null;
  if (!cwd) {
    if (isLocal) {
      throw new AppError("unprocessable", "A relative instructions path needs adapterConfig.cwd to resolve against; set cwd or send an absolute path");
    }
    return { key, value: input.path };
  }
  return { key, value: path.resolve(cwd, input.path) };
}

export async function setInstructionsPath(ctx: ServiceContext, agentRef: string, input: InstructionsPathInput) {
  const agent = await getAgentOrThrow(ctx, agentRef, "agent.instructions");
  await assertMayEdit(ctx, agent);
  if (agent.status === "terminated") throw new AppError("invalid_transition", "A terminated agent cannot be changed");
  const { key, value } = resolveTarget(agent, input);
  const config = { ...((agent.adapterConfig ?? {}) as Record<string, unknown>) };
  if (value === null) delete config[key];
  else config[key] = value;
  const updated = await inTx(ctx, async (tx) => {
    const row = await tx.agent.update({ where: { id: agent.id }, data: { adapterConfig: config as Prisma.InputJsonObject } });
    await recordConfigRevision(tx, ctx.actor, row, ["adapterConfig"], "instructions_path");
    await recordActivity(tx, ctx.actor, {
      companyId: row.companyId, action: "agent.instructions_path_set", entityType: "agent", entityId: row.id, details: { key, path: value },
    });
    return row;
  });
  return agentWithChain(ctx.db, updated);
}
