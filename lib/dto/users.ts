import type { BoardToken, User } from "@/lib/generated/prisma/client";

export function userDto(row: User) {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    isInstanceAdmin: row.isInstanceAdmin,
    createdAt: row.createdAt.toISOString(),
  };
}

export function boardTokenDto(row: BoardToken) {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
