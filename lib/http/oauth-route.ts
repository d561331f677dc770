// The OAuth and MCP endpoints' wrapper: a request id on every answer, CORS for browser-based MCP
// clients (the MCP Inspector discovers, registers and calls from its own origin; these endpoints
// take bearer tokens or client credentials, never cookies, so any origin may call them), and an
// unexpected failure (say, the database is down) becomes the RFC's {error: "server_error"} with the
// detail in the log only.
import type { NextRequest } from "next/server";
import { log } from "@/lib/log";
import { serverError } from "@/lib/oauth/respond";

const cors = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "WWW-Authenticate, Mcp-Session-Id, Mcp-Protocol-Version, X-Request-Id",
};

export function oauthRoute(fn: (req: NextRequest) => Promise<Response>, opts: { cors?: boolean } = { cors: true }) {
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
    if (opts.cors) for (const [k, v] of Object.entries(cors)) res.headers.set(k, v);
    return res;
  };
}

/** The CORS preflight answer (OPTIONS) of an endpoint with these methods. */
export function preflight(methods: string) {
  return async () =>
    new Response(null, {
      status: 204,
      headers: {
        ...cors,
        "Access-Control-Allow-Methods": `${methods}, OPTIONS`,
        "Access-Control-Allow-Headers": "Authorization, Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID",
        "Access-Control-Max-Age": "86400",
      },
    });
}

/**
 * HEAD on an endpoint whose GET has effects (a code issued or spent): 405. Next would otherwise run
 * the GET handler for a HEAD request and drop the body.
 */
export function noHead(allow: string) {
  return async () => new Response(null, { status: 405, headers: { Allow: allow, ...cors } });
}
