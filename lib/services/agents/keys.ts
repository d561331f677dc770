// Agent API keys: minted by the board, shown once, stored as a digest, revoked by DELETE.
import { mintToken } from "@/lib/auth/tokens";
import { notFound } from "@/lib/http/errors";
import { agentKeyDto } from "@/lib/dto/agents";
import { AppError } from "@/lib/http/errors";
import { keysetPage, type ListQuery } from "@/lib/http/pagination";
import { inTx, type ServiceContext } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { getAgentOrThrow } from "@/lib/services/agents/queries";

export async function createAgentKey(ctx: ServiceContext, agentRef: string, name: string) {
  const agent = await getAgentOrThrow(ctx, agentRef, "agent.keys");
  if (agent.status === "terminated") throw new AppError("invalid_transition", "A terminated agent cannot get keys");
  const { token, digest } = mintToken("agentKey");
  const key = await inTx(ctx, async (tx) => {
    const row = await tx.agentKey.create({ data: { companyId: agent.companyId, agentId: agent.id, name, tokenHash: digest, kind: "api" } });
    await recordActivity(tx, ctx.actor, { companyId: agent.companyId, action: "agent_key.created", entityType: "agent", entityId: agent.id, details: { keyId: row.id, name } });
    return row;
  });
  return { ...agentKeyDto(key), token };
}

const order = [["createdAt", "desc", "date"], ["id", "desc", "uuid"]] as const;

export async function listAgentKeys(ctx: ServiceContext, agentRef: string, query: ListQuery) {
  const agent = await getAgentOrThrow(ctx, agentRef, "agent.keys");
  return keysetPage(query, order, ({ after, ...page }) => ctx.db.agentKey.findMany({
    where: { companyId: agent.companyId, agentId: agent.id, kind: "api", ...after },
    ...page,
  }), agentKeyDto);
}

export async function revokeAgentKey(ctx: ServiceContext, agentRef: string, keyId: string) {
  const agent = await getAgentOrThrow(ctx, agentRef, "agent.keys");
  const key = await ctx.db.agentKey.findFirst({ where: { id: keyId, companyId: agent.companyId, agentId: agent.id, kind: "api" } });
  if (!key) throw notFound("Key");
  if (key.revokedAt) return agentKeyDto(key);
  const revoked = await inTx(ctx, async (tx) => {
    await tx.agentKey.updateMany({ where: { id: key.id, revokedAt: null }, data: { revokedAt: new Date() } });
    await recordActivity(tx, ctx.actor, { companyId: agent.companyId, action: "agent_key.revoked", entityType: "agent", entityId: agent.id, details: { keyId: key.id } });
    return tx.agentKey.findUniqueOrThrow({ where: { id: key.id } });
  });
  return agentKeyDto(revoked);
}
