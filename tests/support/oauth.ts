// Calls the OAuth and MCP route files in-process (they live outside /api, answer RFC 6749 bodies and
// must be able to answer 500 server_error, which tests/support/api.ts treats as a failure).
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { encode } from "next-auth/jwt";
import { resetEnvCache } from "@/lib/env";
import { startBoardSession } from "@/lib/auth/board-sessions";
import { isUuid } from "@/lib/schemas/common";

type Handler = (req: NextRequest) => Promise<Response>;

const routes: Record<string, () => Promise<object>> = {
  "/authorize": () => import("@/app/(oauth)/authorize/route"),
  "/token": () => import("@/app/(oauth)/token/route"),
  "/register": () => import("@/app/(oauth)/register/route"),
  "/.well-known/oauth-authorization-server": () => import("@/app/(oauth)/.well-known/oauth-authorization-server/route"),
  "/.well-known/oauth-protected-resource": () => import("@/app/(oauth)/.well-known/oauth-protected-resource/route"),
  "/.well-known/oauth-protected-resource/mcp": () => import("@/app/(oauth)/.well-known/oauth-protected-resource/mcp/route"),
  "/mcp": () => import("@/app/mcp/route"),
};

export const BASE = "http://charter.test";

export interface OAuthCallOptions {
  headers?: Record<string, string>;
  /** sent as JSON unless `form` or `raw` is given */
  json?: unknown;
  form?: Record<string, string>;
  raw?: BodyInit;
  /** signs the request in as this board user (a real next-auth session cookie) */
  sessionUserId?: string;
  /** a 500 is what the test expects (server_error); otherwise any 5xx fails the test */
  allow500?: boolean;
}

export interface OAuthResponse {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

/** A session cookie as signing in makes one: a JWT naming a fresh BoardSession row of the user. */
export async function sessionCookie(userId: string): Promise<string> {
  // an id that is no user's cannot own a row: its cookie names a session that does not exist
  const sid = isUuid(userId) ? await startBoardSession(userId) : randomUUID();
  const token = await encode({ token: { uid: userId, sub: userId, sid }, secret: process.env.SESSION_SECRET! });
  return `next-auth.session-token=${token}`;
}

export async function oauthCall(method: string, url: string, opts: OAuthCallOptions = {}): Promise<OAuthResponse> {
  const full = new URL(url, BASE);
  const load = routes[full.pathname];
  if (!load) throw new Error(`no OAuth route for ${full.pathname}`);
  const handler = (await load() as Record<string, Handler | undefined>)[method];
  if (!handler) return { status: 405, headers: new Headers(), body: undefined, text: "" };
  const headers = new Headers(opts.headers);
  let body: BodyInit | undefined = opts.raw;
  if (opts.form) {
    body = new URLSearchParams(opts.form).toString();
    if (!headers.has("content-type")) headers.set("content-type", "application/x-www-form-urlencoded");
  } else if (opts.json !== undefined) {
    body = JSON.stringify(opts.json);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  if (opts.sessionUserId) headers.set("cookie", await sessionCookie(opts.sessionUserId));
  const res = await handler(new NextRequest(full, { method, headers, body }));
  const text = await res.text();
  if (res.status >= 500 && !opts.allow500) throw new Error(`${method} ${url} answered ${res.status}: ${text}`);
  let parsed: unknown = text;
  if ((res.headers.get("content-type") ?? "").includes("json") && text) parsed = JSON.parse(text);
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/** fetch() over the in-process OAuth and MCP routes, for client libraries that take a fetch (the MCP SDK's auth). */
export async function oauthFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const req = new Request(input, init);
  const load = routes[new URL(req.url).pathname];
  if (!load) return new Response(null, { status: 404 });
  const handler = ((await load()) as Record<string, Handler | undefined>)[req.method];
  if (!handler) return new Response(null, { status: 405 });
  return handler(new NextRequest(req));
}

export const CLIENT_ID = "charter-test-client";
export const CLIENT_SECRET = "charter-test-secret-0123456789";

/** Points the OAuth settings at these values (undefined removes one) and drops the cached parse. */
export function setOAuthEnv(values: Partial<Record<"OAUTH_CLIENT_ID" | "OAUTH_CLIENT_SECRET" | "OAUTH_PROFILE" | "OAUTH_REDIRECT_URIS" | "PUBLIC_BASE_URL", string | undefined>>) {
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
}

export function pkcePair() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export const authorizeUrl = (q: Record<string, string>) => `/authorize?${new URLSearchParams(q)}`;

/** The code and state of a 302 from /authorize. */
export function redirectParams(res: OAuthResponse) {
  const location = res.headers.get("location");
  if (res.status !== 302 || !location) throw new Error(`expected a 302 with a Location, got ${res.status}: ${res.text}`);
  const url = new URL(location);
  return { location, code: url.searchParams.get("code"), state: url.searchParams.get("state") };
}

/** A JSON-RPC call to /mcp; returns the parsed JSON-RPC answer. */
export async function mcpCall(token: string, method: string, params: unknown = {}, id = 1) {
  const res = await oauthCall("POST", "/mcp", {
    headers: { authorization: `Bearer ${token}`, accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" },
    json: { jsonrpc: "2.0", id, method, params },
  });
  return res;
}

/** tools/call, with the tool's JSON answer parsed. */
export async function callTool(token: string, name: string, args: Record<string, unknown> = {}) {
  const res = await mcpCall(token, "tools/call", { name, arguments: args });
  if (res.status !== 200) throw new Error(`tools/call ${name}: ${res.status} ${res.text}`);
  const result = res.body.result as { isError?: boolean; content: { type: string; text: string }[] };
  return { isError: !!result.isError, value: JSON.parse(result.content[0].text) };
}
