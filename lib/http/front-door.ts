// The server's one hook into Node's HTTP server, installed before Next creates it (preloaded by
// scripts/serve.mjs through lib/http/preload-front-door.cjs). For every request, before Next sees it:
// - the stamp: the socket's address goes on the request (Next's handlers never see the socket, and
//   Next passes a client's own X-Forwarded-For through, so without it a client's address would be
//   whatever it claims), over any client-sent value; HSTS goes on the answer only when the browser
//   came over https (PUBLIC_BASE_URL, or a trusted proxy, says so).
// - the front door: the path is resolved the way Next's router will (lib/http/route-table.ts), then
//   what Next would answer with a 500 or an empty, non-JSON error is answered here with the API's JSON
//   error body {error, code, requestId}: a target that is no path or whose percent-encoding is not UTF-8
//   (400), a method the route does not export or a page does not take (405 with Allow; TRACE included,
//   which Next answers with a 500), any method on an unknown /api path the catch-all does not take
//   (404), and requests Node's parser refuses (400/408/431). So a method is checked against the route
//   that will run, whatever the path's spelling.
import crypto from "node:crypto";
import http from "node:http";
import { syncBuiltinESMExports } from "node:module";
import path from "node:path";
import type { Socket } from "node:net";
import { PEER_ADDRESS_HEADER, servedOverHttps, type HeaderSource } from "@/lib/auth/request-origin";
import { allowedMethods, routeOf, routerPath, routeTable, STANDARD_METHODS, type RouteRow } from "@/lib/http/route-table";

/** One year, subdomains left alone (other services of the domain may not speak https). */
const HSTS = "max-age=31536000";

/** What a path without a route file (a page, an asset) takes. */
const PAGE_METHODS = ["GET", "HEAD"];
/** `next dev`'s own endpoints (the dev overlay POSTs to some): they answer their methods themselves. */
const NEXT_DEV_ENDPOINT = /^\/__nextjs_/;

/** The API's catch-all: any method it does not take on an unknown /api path is a 404, as the catch-all answers. */
const API_CATCH_ALL = "api/[...path]";

export interface Refusal {
  status: number;
  code: string;
  error: string;
  headers: Record<string, string>;
}

const refusal = (status: number, code: string, error: string, headers: Record<string, string> = {}): Refusal => ({ status, code, error, headers });

function brokenEncoding(pathname: string): boolean {
  return pathname.split("/").some((segment) => {
    try {
      decodeURIComponent(segment);
      return false;
    } catch {
      return true;
    }
  });
}

/** The answer the front door gives itself, or null to let Next answer. Pure: `table` from routeTable. */
export function frontDoorAnswer(method: string, url: string, table: RouteRow[]): Refusal | null {
  const resolved = routerPath(url);
  if (resolved === null) return refusal(400, "validation_error", "The request target is not a path");
  if (brokenEncoding(url.split("?", 1)[0]) || brokenEncoding(resolved)) {
    return refusal(400, "validation_error", "The path is not valid percent-encoded UTF-8");
  }
  const route = routeOf(resolved, table);
  if (route?.file === API_CATCH_ALL && !route.methods.includes(method)) return refusal(404, "not_found", "No such API endpoint");
  // a page or an asset is read only (no server actions here): Next would render a page for PUT, answer
  // OPTIONS with an empty 400 and an asset's other methods with a text 405
  const allow = route ? allowedMethods(route) : PAGE_METHODS;
  if (allow.includes(method) || (!route && NEXT_DEV_ENDPOINT.test(resolved) && STANDARD_METHODS.includes(method))) return null;
  return refusal(405, "method_not_allowed", `${method} is not allowed here`, { Allow: allow.join(", ") });
}

const requestIdPattern = /^[A-Za-z0-9._-]{1,64}$/;

function send(req: http.IncomingMessage, res: http.ServerResponse, answer: Refusal) {
  const incoming = req.headers["x-request-id"];
  const requestId = typeof incoming === "string" && requestIdPattern.test(incoming) ? incoming : crypto.randomUUID();
  const body = JSON.stringify({ error: answer.error, code: answer.code, requestId });
  res.writeHead(answer.status, {
    ...answer.headers,
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    "X-Request-Id": requestId,
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

/** Node's parser refused the request (no method, path or headers to go on): a JSON 400, 408 or 431. */
function onClientError(err: NodeJS.ErrnoException, socket: Socket & { _httpMessage?: { headersSent?: boolean } }) {
  const started = socket._httpMessage?.headersSent;
  if (err.code === "ECONNRESET" || !socket.writable || started) return socket.destroy();
  const status = err.code === "HPE_HEADER_OVERFLOW" ? 431 : err.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
  const body = JSON.stringify({ error: "The request is not valid HTTP", code: "validation_error", requestId: crypto.randomUUID() });
  socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

/** The stamp: the socket's address over any client-sent value, and HSTS when the browser came over https. */
function stamp(req: http.IncomingMessage, res: http.ServerResponse) {
  req.headers[PEER_ADDRESS_HEADER] = req.socket?.remoteAddress ?? "unknown";
  const headers: HeaderSource = {
    get: (name) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v.join(", ") : (v ?? null);
    },
  };
  if (servedOverHttps(headers)) res.setHeader("Strict-Transport-Security", HSTS);
}

type Listener = (req: http.IncomingMessage, res: http.ServerResponse) => void;
const installed = Symbol.for("charter.frontDoor");

/** Wraps the request listener of every http server this process creates from now on (Next's is one). */
export function installFrontDoor(appDir = path.join(process.cwd(), "app")): void {
  const g = globalThis as { [installed]?: boolean };
  if (g[installed]) return;
  g[installed] = true;
  const table = routeTable(appDir);
  const createServer = http.createServer as (...args: unknown[]) => http.Server;
  http.createServer = function frontDoorServer(this: unknown, ...args: unknown[]) {
    const i = args.findIndex((a) => typeof a === "function");
    if (i >= 0) {
      const inner = args[i] as Listener;
      args[i] = function frontDoor(this: http.Server, req: http.IncomingMessage, res: http.ServerResponse) {
        stamp(req, res);
        const answer = frontDoorAnswer(req.method ?? "", req.url ?? "/", table);
        return answer ? send(req, res, answer) : inner.call(this, req, res);
      };
    }
    const server = createServer.apply(this, args);
    if (i >= 0) server.on("clientError", onClientError);
    return server;
  } as typeof http.createServer;
  // `import { createServer } from "node:http"` sees the wrapper too
  syncBuiltinESMExports();
}
