// GET and POST /token (the tool-server rules: docs/design.md §9)
import type { NextRequest } from "next/server";
import { requestParams } from "@/lib/oauth/params";
import { token } from "@/lib/oauth/token";
import { tokenStrict } from "@/lib/oauth/token-strict";
import { oauthProfile } from "@/lib/oauth/config";
import { noHead, oauthRoute, preflight } from "@/lib/http/oauth-route";

export const dynamic = "force-dynamic";

// strict (default): RFC 6749's POST-only token endpoint (lib/oauth/token-strict.ts); seed: the spec's
const handler = oauthRoute(async (req: NextRequest) => (oauthProfile() === "strict" ? tokenStrict(req) : token(req.method, await requestParams(req))));
export const GET = handler;
export const POST = handler;
export const OPTIONS = preflight("GET, POST");
export const HEAD = () => noHead(oauthProfile() === "strict" ? "POST, OPTIONS" : "GET, POST, OPTIONS")();
