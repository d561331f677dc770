// Hostile HTTP against the real server (`npm start`: Node's http server, Next's router, the front
// door lib/http/front-door.ts): what the in-process API tests cannot send. Broken percent-encoding,
// methods a route does not export (TRACE included, which a fetch Request cannot even carry), paths
// spelled to reach another route than they name (`%2e%2e`, `//`, encoded slashes), requests Node's
// parser refuses, and next-auth's own error answers: never a 5xx, always the JSON error body.
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { routeTable } from "../lib/http/route-table";
import { expect, test } from "./fixtures";

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
const routes = routeTable(path.resolve(import.meta.dirname, "../app"))
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

/** Spellings of /api/health the router resolves to it; each must be checked against health's methods. */
const healthSpellings = [
  "/api/x/%2e%2e/health", "/api/x/%2E%2e/health", "/api/x/.%2e/health", "/api/x/../health", "/api/./health", "/api/%2e/health",
  "/api/x/y/%2e%2e/%2e%2e/health", "/api//health", "/api///x/%2e%2e//health", "/api\\health", "/api/health/", "/api/health/.",
  "/docs/%2e%2e/api/health", "/%2e%2e/api/health", "/login/%2e%2e/api/x/%2e%2e/health",
];

test("a path spelled with %2e%2e, %2e, // or \\ is checked against the route the router runs", async ({ baseURL }) => {
  for (const p of healthSpellings) {
    // the methods health lacks are refused as health refuses them, whichever route the raw spelling names
    for (const method of ["DELETE", "PUT", "POST", "PATCH", "TRACE"]) {
      const res = await raw(baseURL!, method, p);
      expectJsonError(res, 405, `${method} ${p}`);
      expect(res.headers.allow, `${method} ${p}`).toBe("GET, HEAD, OPTIONS");
    }
    // and what health takes reaches health, or Next's redirect to the collapsed path
    const got = await raw(baseURL!, "GET", p);
    if (got.status === 308) expect(new URL(got.headers.location!, baseURL).pathname, p).toBe("/api/health");
    else {
      expect(got.status, `GET ${p}: ${got.text.slice(0, 200)}`).toBe(200);
      expect(JSON.parse(got.text), p).toMatchObject({ ok: true, database: "up" });
    }
  }
});

test("an encoded slash or letter is no separator or name to the router, nor to the front door", async ({ baseURL }) => {
  // /api%2Fhealth is the company page /[prefix] (a redirect to sign in), so it takes GET and HEAD only
  expect((await raw(baseURL!, "GET", "/api%2Fhealth")).status).toBe(307);
  const put = await raw(baseURL!, "PUT", "/api%2Fhealth");
  expectJsonError(put, 405, "PUT /api%2Fhealth");
  expect(put.headers.allow).toBe("GET, HEAD");
  // the API's catch-all: an unknown endpoint for any method
  for (const p of ["/api/%68ealth", "/api/health%2F", "/api/issues%2Fabc"]) {
    expectJsonError(await raw(baseURL!, "GET", p), 404, `GET ${p}`);
    expectJsonError(await raw(baseURL!, "PROPFIND", p), 404, `PROPFIND ${p}`);
  }
  // an encoded slash inside a dynamic segment is part of the id
  expectJsonError(await raw(baseURL!, "GET", "/api/issues/a%2Fb"), 401, "GET /api/issues/a%2Fb");
  const del = await raw(baseURL!, "DELETE", "/api/issues/a%2Fb");
  expectJsonError(del, 405, "DELETE /api/issues/a%2Fb");
  expect(del.headers.allow).toBe("GET, HEAD, PATCH, OPTIONS");
});

test("no answer to a hostile spelling is an empty 405, an empty 400 or a 5xx", async ({ baseURL }) => {
  const spellings = [
    ...healthSpellings, "/api%2Fhealth", "/api/%68ealth",
    "/api/issues/%2e%2e/%2e%2e/mcp", "/api//issues", "/api//issues/abc", "/api/issues%2Fabc", "/api/issues/a%2Fb", "/api/x/%2e%2e/issues/abc",
    "/api/%2e%2e", "/api/%2e%2e/", "/%2e%2e/%2e%2e/etc/passwd", "/api/companies/%2e%2e/%2e%2e/openapi.json", "/mcp/%2e%2e/token",
    "/api/x/%2e%2e/auth/session", "/login/%2e%2e/api/ping", "/login", "/icon.svg", "/_next/static/x.js", "/",
  ];
  for (const p of spellings) {
    for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND"]) {
      const res = await raw(baseURL!, method, p);
      const where = `${method} ${p}`;
      expect(res.status, `${where}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
      if (res.status === 405) {
        expect(res.headers.allow, where).toBeTruthy();
        // the API's error body, or an OAuth endpoint's own (RFC 6749: /token answers GET and HEAD itself)
        if (method !== "HEAD") {
          expect(res.headers["content-type"], where).toMatch(/application\/json/);
          expect(JSON.parse(res.text), where).toMatchObject({ error: expect.any(String) });
        }
      } else if (res.status >= 400 && method !== "HEAD") expect(res.text, where).not.toBe("");
    }
  }
});

test("a request target that is no path is a JSON 400; one in absolute form is checked by its path", async ({ baseURL }) => {
  const star = await socket(baseURL!, "OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  expect(star).toMatch(/^HTTP\/1\.1 400/);
  expect(star).toContain('"code":"validation_error"');
  const absolute = await socket(baseURL!, "DELETE http://elsewhere.example/api/x/%2e%2e/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  expect(absolute).toMatch(/^HTTP\/1\.1 405/);
  expect(absolute).toMatch(/allow: GET, HEAD, OPTIONS/i);
  expect(absolute).toContain('"code":"method_not_allowed"');
});
