import type { NextRequest } from "next/server";
import { baseUrl, oauthProfile } from "@/lib/oauth/config";
import { protectedResourceMetadata } from "@/lib/oauth/metadata";
import { oauthJson } from "@/lib/oauth/respond";
import { oauthRoute, preflight } from "@/lib/http/oauth-route";

export const dynamic = "force-dynamic";

export const GET = oauthRoute(async (req: NextRequest) => oauthJson(protectedResourceMetadata(baseUrl(req), oauthProfile())));
export const OPTIONS = preflight("GET");
