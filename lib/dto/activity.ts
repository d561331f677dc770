import type { ActivityLog } from "@/lib/generated/prisma/client";
import { redactSecrets } from "@/lib/secrets";

export function activityDto(row: ActivityLog) {
  return {
    id: row.id,
    companyId: row.companyId,
    actorType: row.actorType,
    actorId: row.actorId,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    details: redactSecrets(row.details) as ActivityLog["details"],
    createdAt: row.createdAt.toISOString(),
  };
}

export type ActivityDto = ReturnType<typeof activityDto>;
