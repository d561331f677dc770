// GET /authorize (spec: tool-server-oauth.md; profiles: DESIGN §9)
import type { NextRequest } from "next/server";
import { sessionUserId } from "@/lib/auth/session";
import { userExists } from "@/lib/oauth/store";
import { authorize } from "@/lib/oauth/authorize";
import { noHead, oauthRoute } from "@/lib/http/oauth-route";

export const dynamic = "force-dynamic";

export const GET = oauthRoute((req: NextRequest) =>
  authorize(req.nextUrl, {
    sessionUserId: async () => {
      const userId = await sessionUserId(req);
      return userId && (await userExists(userId)) ? userId : null;
    },
  }),
  { cors: false }, // a browser navigation, not a cross-origin fetch
);
export const HEAD = noHead("GET");
