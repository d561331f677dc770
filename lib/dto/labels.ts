import type { Label } from "@/lib/generated/prisma/client";

export function labelDto(row: Label) {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    color: row.color,
    createdAt: row.createdAt.toISOString(),
  };
}

export type LabelDto = ReturnType<typeof labelDto>;
