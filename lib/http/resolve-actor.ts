// Bearer token first, then the board session cookie. Missing or invalid: 401 with WWW-Authenticate.
import type { NextRequest } from "next/server";
import { actorFromBearer, boardActorForSession, type Actor } from "@/lib/auth/actor";
import { bearerToken, digestToken, tokenKind } from "@/lib/auth/tokens";
import { sessionClaims } from "@/lib/auth/session";
import { requestHost } from "@/lib/auth/request-origin";
import { env } from "@/lib/env";
import { AppError } from "@/lib/http/errors";
import { touchRunActivityByKey } from "@/lib/services/liveness/remedies/run-activity";

const unauthenticated = (message: string) => new AppError("unauthenticated", message);
export const invalidBearer = () => unauthenticated("The bearer token is invalid, revoked or expired");

/** The digest of the caller's agent key (or run key), or null when the caller sends something else. */
export function agentKeyDigest(req: NextRequest): string | null {
  const token = bearerToken(req.headers.get("authorization"));
  const kind = token ? tokenKind(token) : null;
  return token && (kind === "agentKey" || kind === "runKey") ? digestToken(token) : null;
}

/** A run key's call answered without resolveActor (the byAgentKey fast paths) is its run's sign of life too. */
export function touchRunOfKey(req: NextRequest, keyDigest: string): void {
  const token = bearerToken(req.headers.get("authorization"));
  if (token && tokenKind(token) === "runKey") touchRunActivityByKey(keyDigest);
}

export async function resolveActor(req: NextRequest): Promise<Actor> {
  const header = req.headers.get("authorization");
  if (header) {
    const token = bearerToken(header);
    if (!token) throw unauthenticated("Use the Authorization: Bearer <token> scheme");
    const actor = await actorFromBearer(token);
    if (!actor) throw invalidBearer();
    return actor;
  }
  const claims = await sessionClaims(req.cookies);
  if (claims) {
    assertSameOrigin(req);
    const actor = await boardActorForSession(claims);
    if (actor) return actor;
  }
  throw unauthenticated("Authentication required: send Authorization: Bearer <token>");
}

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

function originOf(value: string | null): URL | null {
  try {
    return value ? new URL(value) : null;
  } catch {
    return null;
  }
}

/**
 * Cookie-authenticated writes must come from our own pages (defence against cross-site requests):
 * an Origin (or, without one, a Referer) of PUBLIC_BASE_URL or of the host the request was sent to.
 * The forwarded host counts only behind a trusted proxy (TRUST_PROXY).
 */
function assertSameOrigin(req: NextRequest) {
  if (safeMethods.has(req.method)) return;
  const from = originOf(req.headers.get("origin") ?? req.headers.get("referer"));
  const configured = env().PUBLIC_BASE_URL;
  const ok = from !== null && ((configured !== undefined && from.origin === new URL(configured).origin) || from.host.toLowerCase() === (requestHost(req.headers) ?? req.nextUrl.host));
  if (!ok) throw new AppError("forbidden", "Cross-site requests with a session cookie are refused: send an Origin header of this site");
}
