// What only Node's HTTP server knows, put on each request before Next sees it. Next's route handlers
// never see the socket, and Next passes a client's own X-Forwarded-For through unchanged, so without
// a proxy the client's address would be whatever the client claims: the socket's address is stamped
// on every request (overwriting any client-sent value). HSTS is decided here too, per request: only
// an answer the browser received over https may carry it (PUBLIC_BASE_URL, or a trusted proxy, says so).
import http from "node:http";
import { PEER_ADDRESS_HEADER, servedOverHttps, type HeaderSource } from "@/lib/auth/request-origin";

const g = globalThis as unknown as { __charterRequestStamp?: boolean };

/** One year, subdomains left alone (other services of the domain may not speak https). */
export const HSTS = "max-age=31536000";

function stamp(req: http.IncomingMessage, res: http.ServerResponse | undefined) {
  req.headers[PEER_ADDRESS_HEADER] = req.socket?.remoteAddress ?? "unknown";
  const headers: HeaderSource = {
    get: (name) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v.join(", ") : (v ?? null);
    },
  };
  if (res && !res.headersSent && servedOverHttps(headers)) res.setHeader("Strict-Transport-Security", HSTS);
}

export function installRequestStamp(): void {
  if (g.__charterRequestStamp) return;
  g.__charterRequestStamp = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") stamp(args[0] as http.IncomingMessage, args[1] as http.ServerResponse | undefined);
    return (emit as (...a: unknown[]) => boolean).apply(this, [event, ...args]);
  } as typeof emit;
}
