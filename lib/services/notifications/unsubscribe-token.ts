// The signed token of a one-click unsubscribe link (RFC 8058): the user's id, for mail about one
// company that company's id too, and an HMAC over them keyed by SESSION_SECRET, so a link works
// without signing in and cannot be forged for another user or turned into another company's.
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { isUuid } from "@/lib/schemas/common";

/** Whose mail a token stops: one company's (`companyId`), or all of it (null, also every older token). */
export type UnsubscribeScope = { userId: string; companyId: string | null };

function mac({ userId, companyId }: UnsubscribeScope): string {
  const secret = env().SESSION_SECRET;
  if (!secret) throw new Error("SESSION_SECRET is not set (npm start generates one for the embedded database)");
  // the user-only message is the one links carried before companies were scoped: those still hold
  return createHmac("sha256", secret).update(companyId ? `unsubscribe:${userId}:${companyId}` : `unsubscribe:${userId}`).digest("base64url");
}

export function unsubscribeToken(userId: string, companyId: string | null = null): string {
  return [userId, companyId, mac({ userId, companyId })].filter(Boolean).join(".");
}

/** What a token names, or null when it is malformed or its signature does not hold. */
export function scopeOfUnsubscribeToken(token: string): UnsubscribeScope | null {
  const parts = token.split(".");
  if (parts.length !== 2 && parts.length !== 3) return null;
  const sig = parts.pop()!;
  const [userId, companyId = null] = parts;
  if (!sig || !isUuid(userId) || (companyId !== null && !isUuid(companyId))) return null;
  const scope = { userId, companyId };
  const want = Buffer.from(mac(scope));
  const got = Buffer.from(sig);
  return got.length === want.length && timingSafeEqual(got, want) ? scope : null;
}
