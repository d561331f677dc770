import type { ActivityLog } from "@/lib/generated/prisma/client";

export function activityDto(row: ActivityLog) {
  return {
    id: row.id,
    companyId: row.companyId,
    actorType: row.actorType,
    actorId: row.actorId,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
  };
}

export type ActivityDto = ReturnType<typeof activityDto>;
