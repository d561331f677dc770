// POST (and, seed, GET) /register: the stub registration; any request body is ignored.
import { oauthClient, oauthProfile } from "@/lib/oauth/config";
import { registration } from "@/lib/oauth/metadata";
import { oauthError, oauthJson, serverError } from "@/lib/oauth/respond";
import { oauthRoute, preflight } from "@/lib/http/oauth-route";

export const dynamic = "force-dynamic";

// strict: registration is a POST answered 201 Created (RFC 7591 §3.2.1); seed: the spec's 200, GET too
async function register(): Promise<Response> {
  const client = oauthClient();
  return client ? oauthJson(registration(client.clientId), oauthProfile() === "strict" ? 201 : 200) : serverError();
}
export const GET = oauthRoute(async () =>
  oauthProfile() === "strict" ? oauthError(405, "invalid_request", "Register a client with POST (RFC 7591)", { Allow: "POST, OPTIONS" }) : register(),
);
export const POST = oauthRoute(register);
export const OPTIONS = preflight("GET, POST");
