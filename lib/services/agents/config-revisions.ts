// Every change to an agent's configuration is a numbered revision; rollback re-applies an old one
// as a new revision, so the history only grows.
import type { Agent, Prisma } from "@/lib/generated/prisma/client";
import { boardUserId, type Actor } from "@/lib/auth/actor";
import { notFound } from "@/lib/http/errors";
import { keysetPage, type ListQuery } from "@/lib/http/pagination";
import { configRevisionDto } from "@/lib/dto/agents";
import { inTx, type ServiceContext, type Tx } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { agentWithChain, getAgentOrThrow } from "@/lib/services/agents/queries";
import { AppError } from "@/lib/http/errors";
import { bundleSnapshot, readInstructionsBundle, replaceBundleFiles, snapshotFiles } from "@/lib/services/agents/instructions-files";

export const configKeys = ["adapterType", "adapterConfig", "runtimeConfig"] as const;

interface ConfigSnapshot {
  adapterType: Agent["adapterType"];
  adapterConfig: Prisma.JsonValue;
  runtimeConfig: Prisma.JsonValue;
  /** the managed instructions bundle; absent in revisions taken before bundles existed */
  instructions?: Prisma.JsonValue;
}

async function snapshot(tx: Tx, a: Agent) {
  const bundle = await readInstructionsBundle(tx, a.companyId, a.id);
  return { adapterType: a.adapterType, adapterConfig: a.adapterConfig, runtimeConfig: a.runtimeConfig, instructions: bundleSnapshot(bundle.files) };
}

export async function recordConfigRevision(
  tx: Tx, actor: Actor | null, agent: Agent, changedKeys: string[], reason: string, rolledBackFromId: string | null = null,
) {
  // Serialises concurrent changes of one agent so revision numbers stay dense and unique.
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${agent.id}, 0))`;
  const last = await tx.agentConfigRevision.findFirst({
    where: { companyId: agent.companyId, agentId: agent.id }, orderBy: { revision: "desc" }, select: { revision: true },
  });
  return tx.agentConfigRevision.create({
    data: {
      companyId: agent.companyId, agentId: agent.id, revision: (last?.revision ?? 0) + 1,
      config: (await snapshot(tx, agent)) as unknown as Prisma.InputJsonObject, changedKeys, reason, rolledBackFromId,
      createdByAgentId: actor?.kind === "agent" ? actor.agentId : null,
      createdByUserId: boardUserId(actor),
    },
  });
}

const order = [["revision", "desc", "int"]] as const;

export async function listConfigRevisions(ctx: ServiceContext, agentRef: string, query: ListQuery) {
  const agent = await getAgentOrThrow(ctx, agentRef, "agent.read");
  return keysetPage(query, order, ({ after, ...page }) => ctx.db.agentConfigRevision.findMany({
    where: { companyId: agent.companyId, agentId: agent.id, ...after },
    ...page,
  }), configRevisionDto);
}

export async function rollbackConfig(ctx: ServiceContext, agentRef: string, revisionId: string) {
  const agent = await getAgentOrThrow(ctx, agentRef, "agent.config.rollback");
  if (agent.status === "terminated") throw new AppError("invalid_transition", "A terminated agent cannot be changed");
  const target = await ctx.db.agentConfigRevision.findFirst({ where: { id: revisionId, companyId: agent.companyId, agentId: agent.id } });
  if (!target) throw notFound("Config revision");
  const config = target.config as unknown as ConfigSnapshot;
  const files = snapshotFiles(config.instructions);
  const updated = await inTx(ctx, async (tx) => {
    if (files) await replaceBundleFiles(tx, agent.companyId, agent.id, files);
    const row = await tx.agent.update({
      where: { id: agent.id },
      data: {
        adapterType: config.adapterType,
        adapterConfig: (config.adapterConfig ?? {}) as Prisma.InputJsonObject,
        runtimeConfig: (config.runtimeConfig ?? {}) as Prisma.InputJsonObject,
      },
    });
    const revision = await recordConfigRevision(tx, ctx.actor, row, [...configKeys, ...(files ? ["instructions"] : [])], "rollback", target.id);
    await recordActivity(tx, ctx.actor, {
      companyId: row.companyId, action: "agent.config_rolled_back", entityType: "agent", entityId: row.id,
      details: { toRevision: target.revision, newRevision: revision.revision },
    });
    return row;
  });
  return agentWithChain(ctx.db, updated);
}
