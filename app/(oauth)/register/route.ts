// GET and POST /register: the stub registration; any request body is ignored.
import { oauthClient } from "@/lib/oauth/config";
import { registration } from "@/lib/oauth/metadata";
import { oauthJson, serverError } from "@/lib/oauth/respond";
import { oauthRoute, preflight } from "@/lib/http/oauth-route";

export const dynamic = "force-dynamic";

const handler = oauthRoute(async () => {
  const client = oauthClient();
  return client ? oauthJson(registration(client.clientId)) : serverError();
});
export const GET = handler;
export const POST = handler;
export const OPTIONS = preflight("GET, POST");
