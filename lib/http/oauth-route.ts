// The OAuth endpoints' wrapper: a request id on every answer, and an unexpected failure (say, the
// database is down) becomes the RFC's {error: "server_error"} with the detail in the log only.
import type { NextRequest } from "next/server";
import { log } from "@/lib/log";
import { serverError } from "@/lib/oauth/respond";

export function oauthRoute(fn: (req: NextRequest) => Promise<Response>) {
  return async (req: NextRequest): Promise<Response> => {
    const requestId = crypto.randomUUID();
    let res: Response;
    try {
      res = await fn(req);
    } catch (err) {
      log.error("oauth endpoint failed", { requestId, path: req.nextUrl.pathname, err: err instanceof Error ? err.stack : String(err) });
      res = serverError();
    }
    res.headers.set("X-Request-Id", requestId);
    return res;
  };
}
