import type { BoardInvite } from "@/lib/generated/prisma/client";

export function boardInviteDto(row: BoardInvite) {
  return {
    id: row.id,
    companyId: row.companyId,
    role: row.role,
    email: row.email,
    expiresAt: row.expiresAt.toISOString(),
    createdByUserId: row.createdByUserId,
    createdAt: row.createdAt.toISOString(),
  };
}

export type BoardInviteDto = ReturnType<typeof boardInviteDto>;
