// GET /authorize (the tool-server rules and profiles: docs/design.md §9)
import type { NextRequest } from "next/server";
import { sessionUserId } from "@/lib/auth/session";
import { authorize } from "@/lib/oauth/authorize";
import { baseUrl } from "@/lib/oauth/config";
import { noHead, oauthRoute } from "@/lib/http/oauth-route";

export const dynamic = "force-dynamic";

export const GET = oauthRoute((req: NextRequest) =>
  authorize(req.nextUrl, {
    // a live session of a user that still exists (lib/auth/session.ts)
    sessionUserId: () => sessionUserId(req),
    issuer: baseUrl(req),
  }),
  { cors: false }, // a browser navigation, not a cross-origin fetch
);
export const HEAD = noHead("GET");
