// The coding CLI sessions an agent keeps per issue (lib/runtime/sessions.ts): the board's reset.
// A reset makes every next wake start a fresh session; a run going on keeps its own.
import { inTx, type ServiceContext } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { getAgentOrThrow } from "@/lib/services/agents/queries";

/** DELETE /api/agents/:agentId/sessions (agent.lifecycle): forgets every stored session of the agent. */
export async function resetAgentSessions(ctx: ServiceContext, agentRef: string): Promise<void> {
  const agent = await getAgentOrThrow(ctx, agentRef, "agent.lifecycle");
  await inTx(ctx, async (tx) => {
    const { count } = await tx.agentTaskSession.deleteMany({ where: { companyId: agent.companyId, agentId: agent.id } });
    await recordActivity(tx, ctx.actor, {
      companyId: agent.companyId, action: "agent.sessions_reset", entityType: "agent", entityId: agent.id, details: { sessions: count },
    });
  });
}
