// next-auth answers some of its errors as plain text ("This action with HTTP GET is not supported",
// "[object Object]") or throws (GET /api/auth/callback/credentials), where every other /api answer
// is the API's JSON error. This wrapper refuses what next-auth does not serve before it runs, and
// turns any other non-JSON error of next-auth into the JSON body. Its HTML pages and redirects (the
// sign-in, sign-out and error pages a browser is sent to) stay as they are: they are not errors.
import { AppError, type ErrorCode } from "@/lib/http/errors";
import { errorResponse } from "@/lib/http/respond";
import { log } from "@/lib/log";

export type NextAuthHandler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

/** next-auth 4's actions and the methods each takes (next-auth/core's own table); credentials sign in by POST only. */
const actions: Record<string, string[]> = {
  providers: ["GET"], session: ["GET", "POST"], csrf: ["GET"], signin: ["GET", "POST"], signout: ["GET", "POST"],
  callback: ["GET", "POST"], "verify-request": ["GET"], error: ["GET"], _log: ["POST"],
};

const codeOfStatus: Record<number, ErrorCode> = { 401: "unauthenticated", 403: "forbidden", 404: "not_found", 405: "method_not_allowed", 413: "payload_too_large" };

/** What next-auth does not serve: an unknown action (404) or a method the action does not take (405 with Allow). */
function refusal(req: Request, segments: string[], requestId: string): Response | null {
  const [action = "", provider] = segments;
  if (!Object.hasOwn(actions, action) || segments.length > 2) return errorResponse(new AppError("not_found", "No such sign-in endpoint"), requestId);
  const allowed = action === "callback" && provider === "credentials" ? ["POST"] : actions[action];
  if (allowed.includes(req.method)) return null;
  return errorResponse(new AppError("method_not_allowed", `${req.method} is not allowed here`), requestId, { Allow: allowed.join(", ") });
}

export function withJsonErrors(handler: NextAuthHandler): NextAuthHandler {
  return async (req, ctx) => {
    const requestId = crypto.randomUUID();
    const refused = refusal(req, ([] as string[]).concat((await ctx.params).nextauth ?? []), requestId);
    if (refused) return refused;
    let res: Response;
    try {
      res = await handler(req, ctx);
    } catch (err) {
      // next-auth throws on requests it cannot read; none of them is the server's fault
      log.warn("sign-in request refused", { requestId, error: err instanceof Error ? err.message : String(err) });
      return errorResponse(new AppError("validation_error", "The sign-in request could not be processed"), requestId);
    }
    if (res.status < 400 || (res.headers.get("content-type") ?? "").includes("json")) return res;
    const status = res.status >= 500 ? 400 : res.status;
    return errorResponse(new AppError(codeOfStatus[status] ?? "validation_error", "The sign-in request could not be processed"), requestId);
  };
}
