// GET and POST /token (spec: tool-server-oauth.md)
import type { NextRequest } from "next/server";
import { requestParams } from "@/lib/oauth/params";
import { token } from "@/lib/oauth/token";
import { noHead, oauthRoute, preflight } from "@/lib/http/oauth-route";

export const dynamic = "force-dynamic";

const handler = oauthRoute(async (req: NextRequest) => token(req.method, await requestParams(req)));
export const GET = handler;
export const POST = handler;
export const OPTIONS = preflight("GET, POST");
export const HEAD = noHead("GET, POST, OPTIONS");
