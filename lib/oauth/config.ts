// The operator's OAuth settings (docs/design.md §9). Missing client credentials do not stop the server:
// the endpoints that need them answer 500 server_error, as the spec says.
import { env } from "@/lib/env";
import { requestHost, requestProto } from "@/lib/auth/request-origin";
import { isLoopbackHost } from "@/lib/loopback";

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

/** The callback address /register hands out: Claude's hosted connector. */
export const REGISTERED_CALLBACK = "https://claude.ai/api/mcp/auth_callback";
export const CLIENT_NAME = "Charter MCP client";
export const CODE_TTL_SECONDS = 300;
export const TOKEN_TTL_SECONDS = 3600;

/** The configured client, or null when either credential is missing or empty. */
export function oauthClient(): OAuthClient | null {
  const { OAUTH_CLIENT_ID: clientId, OAUTH_CLIENT_SECRET: clientSecret } = env();
  if (!clientId?.trim() || !clientSecret?.trim()) return null;
  return { clientId, clientSecret };
}

export function oauthProfile(): "strict" | "seed" {
  return env().OAUTH_PROFILE;
}

/** OAUTH_REDIRECT_URIS: exact addresses, separated by commas or whitespace. */
function configuredRedirectUris(): string[] {
  return (env().OAUTH_REDIRECT_URIS ?? "").split(/[\s,]+/).filter(Boolean);
}

/**
 * The strict profile's allowlist: a loopback address on any port (native clients such as Claude
 * Code and the MCP Inspector listen there), the callback /register names, and OAUTH_REDIRECT_URIS.
 */
export function redirectAllowed(uri: string): boolean {
  if (uri === REGISTERED_CALLBACK || configuredRedirectUris().includes(uri)) return true;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  return (url.protocol === "http:" || url.protocol === "https:") && isLoopbackHost(url.hostname) && !url.username && !url.password && !url.hash && !uri.includes("#");
}

/**
 * {base_url}: PUBLIC_BASE_URL when set (behind a proxy), else the address the request came to: its
 * Host (the forwarded host and protocol only behind a trusted proxy, TRUST_PROXY); no trailing slash.
 */
export function baseUrl(req: Request): string {
  return baseUrlOf(req.headers, req.url);
}

export function baseUrlOf(headers: Headers, requestUrl?: string): string {
  const configured = env().PUBLIC_BASE_URL;
  if (configured) return configured.replace(/\/+$/, "");
  const host = requestHost(headers) ?? (requestUrl ? new URL(requestUrl).host : `${env().HOST}:${env().PORT}`);
  return `${requestProto(headers)}://${host}`.replace(/\/+$/, "");
}
