// Bearer token first, then the board session cookie. Missing or invalid: 401 with WWW-Authenticate.
import type { NextRequest } from "next/server";
import { actorFromBearer, boardActorForUser, type Actor } from "@/lib/auth/actor";
import { digestToken, tokenKind } from "@/lib/auth/tokens";
import { sessionUserId } from "@/lib/auth/session";
import { AppError } from "@/lib/http/errors";

export const unauthenticated = (message: string) => new AppError("unauthenticated", message);
export const invalidBearer = () => unauthenticated("The bearer token is invalid, revoked or expired");

/** The digest of the caller's agent key (or run key), or null when the caller sends something else. */
export function agentKeyDigest(req: NextRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get("authorization") ?? "");
  const kind = match ? tokenKind(match[1]) : null;
  return match && (kind === "agentKey" || kind === "runKey") ? digestToken(match[1]) : null;
}

export async function resolveActor(req: NextRequest): Promise<Actor> {
  const header = req.headers.get("authorization");
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw unauthenticated("Use the Authorization: Bearer <token> scheme");
    const actor = await actorFromBearer(match[1]);
    if (!actor) throw invalidBearer();
    return actor;
  }
  const userId = await sessionUserId(req);
  if (userId) {
    assertSameOrigin(req);
    const actor = await boardActorForUser(userId, "session");
    if (actor) return actor;
  }
  throw unauthenticated("Authentication required: send Authorization: Bearer <token>");
}

/** Cookie-authenticated writes must come from our own pages (defence against cross-site requests). */
function assertSameOrigin(req: NextRequest) {
  if (req.method === "GET" || req.method === "HEAD") return;
  const origin = req.headers.get("origin");
  if (!origin) return;
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  let originHost: string | null;
  try {
    originHost = new URL(origin).host;
  } catch {
    originHost = null;
  }
  if (originHost !== host) throw new AppError("forbidden", "Cross-site requests with a session cookie are refused");
}
