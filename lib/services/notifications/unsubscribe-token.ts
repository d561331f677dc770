// The signed token of a one-click unsubscribe link (RFC 8058): the user's id and an HMAC over it keyed
// by SESSION_SECRET, so a link works without signing in and cannot be forged for another user.
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { isUuid } from "@/lib/schemas/common";

function mac(userId: string): string {
  const secret = env().SESSION_SECRET;
  if (!secret) throw new Error("SESSION_SECRET is not set (npm start generates one for the embedded database)");
  return createHmac("sha256", secret).update(`unsubscribe:${userId}`).digest("base64url");
}

export function unsubscribeToken(userId: string): string {
  return `${userId}.${mac(userId)}`;
}

/** The user a token names, or null when it is malformed or its signature does not hold. */
export function userOfUnsubscribeToken(token: string): string | null {
  const [userId, sig, ...rest] = token.split(".");
  if (rest.length || !userId || !sig || !isUuid(userId)) return null;
  const want = Buffer.from(mac(userId));
  const got = Buffer.from(sig);
  return got.length === want.length && timingSafeEqual(got, want) ? userId : null;
}
