// Where a request came from and which address it was sent to. X-Forwarded-* headers are believed only
// with TRUST_PROXY (a proxy in front sets them); otherwise any client could claim another address,
// host or https. Without a proxy the client's address is the socket's, stamped by the server hook lib/http/front-door.ts.
import { env } from "@/lib/env";

export interface HeaderSource {
  get(name: string): string | null;
}

/** The header lib/http/front-door.ts writes on every request (any client-sent value is overwritten). */
export const PEER_ADDRESS_HEADER = "x-charter-peer-address";

/** The value a proxy appended last: the only one a client cannot have written itself. */
function lastValue(value: string | null): string | null {
  const parts = value?.split(",").map((p) => p.trim()).filter(Boolean) ?? [];
  return parts.at(-1) ?? null;
}

const trustProxy = (): boolean => env().TRUST_PROXY;

/** The client's address, for rate limits; "unknown" when neither a trusted proxy nor the socket says. */
export function clientAddress(headers: HeaderSource): string {
  const forwarded = trustProxy() ? lastValue(headers.get("x-forwarded-for")) : null;
  return (forwarded ?? headers.get(PEER_ADDRESS_HEADER) ?? "unknown").replace(/^::ffff:/, "");
}

/** The host the client addressed (`name:port`), lowercase, or null. */
export function requestHost(headers: HeaderSource): string | null {
  const host = (trustProxy() ? lastValue(headers.get("x-forwarded-host")) : null) ?? headers.get("host");
  return host ? host.toLowerCase() : null;
}

/**
 * The protocol the client used: a trusted proxy's X-Forwarded-Proto, else http (the Node server speaks
 * plain http; Next builds even a request's URL from a client's X-Forwarded-Proto, so that is no witness).
 */
export function requestProto(headers: HeaderSource): "http" | "https" {
  const forwarded = trustProxy() ? lastValue(headers.get("x-forwarded-proto"))?.toLowerCase() : null;
  return forwarded === "https" ? "https" : "http";
}

/** Whether the browser reached Charter over https (PUBLIC_BASE_URL says so, or a trusted proxy does). */
export function servedOverHttps(headers: HeaderSource): boolean {
  const configured = env().PUBLIC_BASE_URL;
  if (configured) return configured.startsWith("https:");
  return requestProto(headers) === "https";
}
