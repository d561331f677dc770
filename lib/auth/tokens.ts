// Opaque credentials: ≥ 32 random bytes behind a readable prefix, stored only as a SHA-256 digest.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export const tokenPrefixes = {
  agentKey: "chk_agent_",
  runKey: "chk_run_",
  boardToken: "chk_board_",
  oauthAccess: "chk_oat_",
  oauthCode: "chk_code_",
  invite: "chk_inv_",
  boardInvite: "chk_join_",
  setup: "chk_setup_",
} as const;

export type TokenKind = keyof typeof tokenPrefixes;

export function mintToken(kind: TokenKind): { token: string; digest: string } {
  const token = tokenPrefixes[kind] + randomBytes(32).toString("base64url");
  return { token, digest: digestToken(token) };
}

export function digestToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** The token of an `Authorization: Bearer <token>` header (scheme case-insensitive, RFC 6750), else null. */
export function bearerToken(header: string | null | undefined): string | null {
  return /^Bearer\s+(\S+)\s*$/i.exec(header ?? "")?.[1] ?? null;
}

export function tokenKind(token: string): TokenKind | null {
  for (const [kind, prefix] of Object.entries(tokenPrefixes)) {
    if (token.startsWith(prefix)) return kind as TokenKind;
  }
  return null;
}

/** Constant-time comparison that never throws on unequal lengths. */
export function safeEqual(a: string, b: string): boolean {
  const da = createHash("sha256").update(a).digest();
  const db = createHash("sha256").update(b).digest();
  return timingSafeEqual(da, db) && a.length === b.length;
}
