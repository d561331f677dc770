import { apiHandler } from "@/lib/http/api-handler";
import { changeMyPassword } from "@/lib/services/passwords";
import { changePasswordSchema } from "@/lib/schemas/password";
import { clientAddress } from "@/lib/auth/request-origin";
import { sessionSetCookie } from "@/lib/auth/session";

export const POST = apiHandler(
  {
    summary: "Change the signed-in board user's password; every session of the user ends (the caller's browser gets a fresh one)",
    body: changePasswordSchema,
    status: 204,
    response: null,
    errors: ["unprocessable", "too_many_requests"],
  },
  async ({ ctx, body, req }) => {
    const freshSessionId = await changeMyPassword(ctx, body, clientAddress(req.headers));
    const setCookie = freshSessionId && ctx.actor.kind === "board" ? await sessionSetCookie(req.cookies, { userId: ctx.actor.userId, sessionId: freshSessionId }, ctx.actor.email) : null;
    return new Response(null, { status: 204, headers: setCookie ? { "Set-Cookie": setCookie } : {} });
  },
);
