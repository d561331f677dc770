// approval.created, from every path that creates an approval (a strategy request, a gated hire).
import type { Approval } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/auth/actor";
import type { Tx } from "@/lib/services/context";
import { emitEvent } from "@/lib/services/outbox/emit";

export async function emitApprovalCreated(tx: Tx, actor: Actor | null, approval: Approval): Promise<void> {
  await emitEvent(tx, actor, {
    companyId: approval.companyId, type: "approval.created", subject: { type: "approval", id: approval.id },
    data: {
      approvalId: approval.id, approvalType: approval.type, requestedByAgentId: approval.requestedByAgentId,
      requestedByUserId: approval.requestedByUserId, subjectAgentId: approval.subjectAgentId,
    },
  });
}
