// /mcp: Charter's tools over MCP Streamable HTTP (stateless, JSON answers). Callers present an
// OAuth access token, an agent API key (or run key) or a board token as a bearer token (docs/design.md §9).
import type { NextRequest } from "next/server";
import { db } from "@/lib/db/client";
import { actorFromBearer } from "@/lib/auth/actor";
import { bearerToken } from "@/lib/auth/tokens";
import { baseUrl } from "@/lib/oauth/config";
import { handleMcpRequest } from "@/lib/mcp/server";
import { oauthRoute, preflight } from "@/lib/http/oauth-route";

export const dynamic = "force-dynamic";

/**
 * RFC 6750 §3: a request without a bearer token gets the bare challenge (and the RFC 9728 metadata
 * to find an authorization server); one whose token does not authenticate also gets error="invalid_token".
 */
function challenge(req: NextRequest, description: string, tokenSent: boolean): Response {
  const metadata = `resource_metadata="${baseUrl(req)}/.well-known/oauth-protected-resource/mcp"`;
  return Response.json({ error: "invalid_token", error_description: description }, {
    status: 401,
    headers: { "WWW-Authenticate": tokenSent ? `Bearer error="invalid_token", ${metadata}` : `Bearer ${metadata}` },
  });
}

const handler = oauthRoute(async (req: NextRequest) => {
  const token = bearerToken(req.headers.get("authorization"));
  if (!token) return challenge(req, "Send Authorization: Bearer <access token or agent API key>", false);
  const actor = await actorFromBearer(token);
  if (!actor) return challenge(req, "The bearer token is unknown, expired or revoked", true);
  // stateless: no server-initiated stream to open (GET) and no session to end (DELETE)
  if (req.method !== "POST") return Response.json({ error: "method_not_allowed", error_description: "POST JSON-RPC messages to /mcp" }, { status: 405, headers: { Allow: "POST" } });
  return handleMcpRequest(req, { db: db(), actor });
});

export const GET = handler;
export const POST = handler;
export const DELETE = handler;
export const OPTIONS = preflight("GET, POST, DELETE");
