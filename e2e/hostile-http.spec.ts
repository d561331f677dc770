// Hostile HTTP against the real server (`npm start`: Node's http server, Next's router, the front
// door lib/http/front-door.cjs): what the in-process API tests cannot send. Broken percent-encoding,
// methods a route does not export (TRACE included, which a fetch Request cannot even carry), requests
// Node's parser refuses, and next-auth's own error answers: never a 5xx, always the JSON error body.
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { createRequire } from "node:module";
import { expect, test } from "./fixtures";

const require = createRequire(import.meta.url);
const frontDoor = require(path.resolve(import.meta.dirname, "../lib/http/front-door.cjs")) as {
  routeTable: (appDir: string) => Array<{ file: string; regex: RegExp; methods: string[] }>;
};

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One request with the path sent byte for byte as given (no URL normalisation on the way). */
function raw(baseURL: string, method: string, rawPath: string, body?: string, headers: Record<string, string> = {}): Promise<Raw> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, method, path: rawPath, headers: { ...headers, ...(body ? { "content-length": Buffer.byteLength(body) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Bytes straight onto the socket, for what no HTTP client will send; answers the status line and body. */
function socket(baseURL: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const s = net.connect(Number(port), hostname, () => s.end(bytes));
    let out = "";
    s.on("data", (c) => (out += c.toString("utf8")));
    s.on("end", () => resolve(out));
    s.on("error", reject);
  });
}

function expectJsonError(res: Raw, status: number, where: string) {
  expect(res.status, `${where}: ${res.text.slice(0, 200)}`).toBe(status);
  expect(res.headers["content-type"], where).toMatch(/application\/json/);
  expect(JSON.parse(res.text), where).toMatchObject({ error: expect.any(String), code: expect.any(String), requestId: expect.any(String) });
}

/** Every route file's URL with its dynamic segments filled in, and the methods it exports. */
const routes = frontDoor
  .routeTable(path.resolve(import.meta.dirname, "../app"))
  .map((r) => ({ ...r, url: "/" + r.file.split("/").filter((s) => !/^\(.*\)$/.test(s)).map((s) => (s.startsWith("[") ? "x" : s)).join("/") }));

test("broken percent-encoding in a path is a JSON 400, under /api and on board pages alike", async ({ baseURL }) => {
  for (const p of ["/api/issues/%zz", "/api/companies/%C0%AF/agents", "/api/issues/%ED%A0%80", "/api/nope/%E0%A4%A", "/api/auth/%zz", "/%zz", "/mcp%zz", "/api/issues/abc%"]) {
    expectJsonError(await raw(baseURL!, "GET", p), 400, p);
  }
  // a NUL or a prototype name, well encoded, is just an id that names nothing
  for (const p of ["/api/issues/abc%00", "/api/companies/constructor/agents", "/api/issues/__proto__"]) {
    const res = await raw(baseURL!, "GET", p);
    expect(res.status, p).toBeLessThan(500);
    expect(res.headers["content-type"], p).toMatch(/application\/json/);
  }
});

test("every route: TRACE, PROPFIND and an unexported standard method are 405 with Allow and the JSON body", async ({ baseURL }) => {
  expect(routes.length).toBeGreaterThan(60);
  for (const route of routes) {
    const catchAll = route.file === "api/[...path]";
    for (const method of ["TRACE", "PROPFIND", ...["PUT", "PATCH", "DELETE", "POST", "GET"].filter((m) => !route.methods.includes(m))]) {
      const res = await raw(baseURL!, method, route.url);
      const where = `${method} ${route.url}`;
      if (catchAll) {
        expectJsonError(res, 404, where);
        continue;
      }
      expectJsonError(res, 405, where);
      const allow = String(res.headers.allow).split(", ");
      expect(allow, where).toEqual(expect.arrayContaining([...route.methods, "OPTIONS"]));
      expect(allow, where).not.toContain(method);
    }
  }
});

test("what Node's parser refuses (an unknown method, oversized headers) is a JSON 400 or 431", async ({ baseURL }) => {
  const unknown = await socket(baseURL!, "FOO /api/health HTTP/1.1\r\nHost: x\r\n\r\n");
  expect(unknown).toMatch(/^HTTP\/1\.1 400/);
  expect(unknown).toMatch(/content-type: application\/json/i);
  expect(unknown).toContain('"code":"validation_error"');
  const huge = await socket(baseURL!, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(70_000)}\r\n\r\n`);
  expect(huge).toMatch(/^HTTP\/1\.1 431/);
  expect(huge).toContain('"code":"validation_error"');
});

test("the routes still answer what they export (the front door lets them through)", async ({ baseURL }) => {
  expect((await raw(baseURL!, "GET", "/api/health")).status).toBe(200);
  expect((await raw(baseURL!, "HEAD", "/api/health")).status).toBe(200);
  expect((await raw(baseURL!, "OPTIONS", "/api/health")).status).toBe(204);
  expectJsonError(await raw(baseURL!, "GET", "/api/nope"), 404, "GET /api/nope");
  expect((await raw(baseURL!, "GET", "/login")).status).toBe(200);
});

test("next-auth's endpoints: errors are the JSON body, documented answers unchanged", async ({ baseURL }) => {
  expectJsonError(await raw(baseURL!, "GET", "/api/auth/nope"), 404, "GET /api/auth/nope");
  expectJsonError(await raw(baseURL!, "GET", "/api/auth/callback/credentials"), 405, "GET callback/credentials");
  expectJsonError(await raw(baseURL!, "GET", "/api/auth/_log"), 405, "GET _log");
  expectJsonError(await raw(baseURL!, "DELETE", "/api/auth/session"), 405, "DELETE session");
  // next-auth answered this one with text/plain "[object Object]"
  const unreadable = await raw(baseURL!, "POST", "/api/auth/session", "{", { "content-type": "application/json" });
  expect(unreadable.status).toBeLessThan(500);
  if (unreadable.status >= 400) expectJsonError(unreadable, unreadable.status, "POST session");
  const csrf = await raw(baseURL!, "GET", "/api/auth/csrf");
  expect(csrf.status).toBe(200);
  expect(JSON.parse(csrf.text)).toEqual({ csrfToken: expect.any(String) });
});
