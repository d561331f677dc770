import type { Goal } from "@/lib/generated/prisma/client";

export function goalDto(row: Goal) {
  return {
    id: row.id,
    companyId: row.companyId,
    title: row.title,
    description: row.description,
    level: row.level,
    status: row.status,
    parentId: row.parentId,
    ownerAgentId: row.ownerAgentId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type GoalDto = ReturnType<typeof goalDto>;
