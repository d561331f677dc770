// The HTTP front door: requests that Next itself answers with a 500 or an empty, non-JSON error are
// answered here, in Node's http server, before Next sees them (preloaded with `--require` by
// scripts/serve.mjs). Three kinds, all with the API's JSON error body {error, code, requestId}:
// - a path whose percent-encoding is not UTF-8 (/api/issues/%zz): Next's router throws → 400 here;
// - a method a route file does not export (PUT /api/health, PROPFIND, TRACE…): Next answers an empty
//   405 or 400, and for TRACE/TRACK/CONNECT a 500 (a fetch Request cannot carry them) → 405 with Allow;
// - a request Node's parser refuses (an unknown method, oversized headers) → 400/431 with a JSON body.
// Which methods a path takes is read once at start from the route files' exports under app/
// (tests/integration/hostile-http.test.ts checks that reading against the real modules).
// Plain CommonJS, no imports from the app: it must load before Next, in Next's own process.
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, preloaded with node --require */
"use strict";
const crypto = require("node:crypto");
const fs = require("node:fs");
const http = require("node:http");
const path = require("node:path");

const STANDARD = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const EXPORTABLE = STANDARD.filter((m) => m !== "HEAD");
/** The API's catch-all: any method on an unknown /api path is a 404, as the catch-all answers. */
const API_CATCH_ALL = "api/[...path]";

/** The methods a route file exports: `export const GET`, `export async function POST`, `export { h as GET }`. */
function exportedMethods(source) {
  const out = new Set();
  for (const m of source.matchAll(/export\s+(?:const|let|async\s+function|function)\s+([A-Z]+)\b/g)) out.add(m[1]);
  for (const m of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of m[1].split(",")) out.add(part.trim().split(/\s+as\s+/).pop());
  }
  return EXPORTABLE.filter((m) => out.has(m));
}

function segmentPattern(segment) {
  if (/^\[\[\.\.\.\w+\]\]$/.test(segment)) return { re: "(?:/.+)?", rank: 200 };
  if (/^\[\.\.\.\w+\]$/.test(segment)) return { re: "/.+", rank: 100 };
  if (/^\[\w+\]$/.test(segment)) return { re: "/[^/]+", rank: 1 };
  return { re: "/" + segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), rank: 0 };
}

/** Every route file under appDir as {file, regex, methods}, most specific first (static before dynamic, as in Next). */
function routeTable(appDir) {
  const out = [];
  const walk = (dir, segments) => {
    let entries;
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), [...segments, entry.name]);
      else if (/^route\.(ts|js)$/.test(entry.name)) {
        const parts = segments.filter((s) => !/^\(.*\)$/.test(s) && !s.startsWith("@")).map(segmentPattern);
        const methods = exportedMethods(fs.readFileSync(path.join(dir, entry.name), "utf8"));
        const rank = parts.reduce((n, p) => n + p.rank, 0) - parts.length / 1000;
        out.push({ file: segments.join("/"), regex: new RegExp(`^${parts.map((p) => p.re).join("") || "/"}/?$`), methods, rank });
      }
    }
  };
  walk(appDir, []);
  return out.sort((a, b) => a.rank - b.rank);
}

/** What a route answers besides its exports: HEAD wherever GET is, OPTIONS everywhere (Next adds both). */
function allowed(route) {
  const set = new Set(route.methods);
  if (set.has("GET")) set.add("HEAD");
  set.add("OPTIONS");
  return STANDARD.filter((m) => set.has(m));
}

const refusal = (status, code, error, extra = {}) => ({ status, code, error, headers: extra });

/**
 * The answer the front door gives itself, or null to let Next answer. Pure: `table` from routeTable.
 */
function frontDoorAnswer(method, url, table) {
  const pathname = url.split(/[?#]/)[0] || "/";
  for (const segment of pathname.split("/")) {
    try {
      decodeURIComponent(segment);
    } catch {
      return refusal(400, "validation_error", "The path is not valid percent-encoded UTF-8");
    }
  }
  const route = table.find((r) => r.regex.test(pathname));
  if (route && route.file === API_CATCH_ALL && !route.methods.includes(method)) return refusal(404, "not_found", "No such API endpoint");
  const allow = route ? allowed(route) : ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
  if (allow.includes(method)) return null;
  // a page or an asset takes only GET and HEAD; anything else that is not a standard verb stops here
  return refusal(405, "method_not_allowed", `${method} is not allowed here`, { Allow: (route ? allow : ["GET", "HEAD"]).join(", ") });
}

const requestIdPattern = /^[A-Za-z0-9._-]{1,64}$/;

function send(req, res, answer) {
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
function onClientError(err, socket) {
  const started = socket._httpMessage && socket._httpMessage.headersSent;
  if (err.code === "ECONNRESET" || !socket.writable || started) return socket.destroy();
  const status = err.code === "HPE_HEADER_OVERFLOW" ? 431 : err.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
  const body = JSON.stringify({ error: "The request is not valid HTTP", code: "validation_error", requestId: crypto.randomUUID() });
  socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

/** Wraps every http server this process creates with a request listener (Next's is one). */
function install(appDir = path.join(process.cwd(), "app")) {
  const table = routeTable(appDir);
  const createServer = http.createServer;
  http.createServer = function patched(...args) {
    const i = args.findIndex((a) => typeof a === "function");
    if (i >= 0) {
      const inner = args[i];
      args[i] = function frontDoor(req, res) {
        const answer = frontDoorAnswer(req.method || "", req.url || "/", table);
        return answer ? send(req, res, answer) : inner.call(this, req, res);
      };
    }
    const server = createServer.apply(this, args);
    if (i >= 0) server.on("clientError", onClientError);
    return server;
  };
}

module.exports = { exportedMethods, routeTable, frontDoorAnswer, install };

if (process.env.CHARTER_FRONT_DOOR === "1" && !http.createServer.name.startsWith("patched")) install();
