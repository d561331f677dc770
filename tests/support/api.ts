// Calls the real route handlers in-process, by URL, as an HTTP client would: the test names a
// method and a path, the path is matched against the app/ route files like Next's router does.
import fs from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { pathOfRouteFile } from "@/lib/openapi/document";
import { NEXT_AUTH_ROUTE } from "@/lib/openapi/next-auth";
import { frontDoorAnswer } from "@/lib/http/front-door";
import { routeTable } from "@/lib/http/route-table";
import { checkAnswer } from "./openapi";

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

interface Route {
  file: string;
  regex: RegExp;
  names: string[];
  rank: number;
}

const root = path.resolve(import.meta.dirname, "../..");
const appDir = path.join(root, "app");

/** The OpenAPI path of the route file that answered, or null outside the document (the 404 catch-all, /mcp, OAuth). */
function documentedPath(file: string, pathname: string): string | null {
  const rel = path.relative(root, file);
  if (!rel.startsWith("app/api/") || rel === "app/api/[...path]/route.ts") return null;
  return rel === NEXT_AUTH_ROUTE ? pathname : pathOfRouteFile(rel);
}

function collectRoutes(): Route[] {
  const out: Route[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), [...segments, entry.name]);
      else if (entry.name === "route.ts") {
        const names: string[] = [];
        let rank = 0;
        const parts = segments.filter((s) => !/^\(.*\)$/.test(s)).map((s) => {
          const catchAll = /^\[\.\.\.(\w+)\]$/.exec(s);
          if (catchAll) { names.push(catchAll[1]); rank += 100; return "(.+)"; }
          const param = /^\[(\w+)\]$/.exec(s);
          if (param) { names.push(param[1]); rank += 1; return "([^/]+)"; }
          return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        });
        // of two catch-alls the deeper one is the more specific (/api/auth/[...nextauth] before /api/[...path])
        out.push({ file: path.join(dir, entry.name), regex: new RegExp(`^/${parts.join("/")}$`), names, rank: rank - parts.length / 1000 });
      }
    }
  };
  walk(appDir, []);
  // static segments win over dynamic ones, as in Next
  return out.sort((a, b) => a.rank - b.rank);
}

const routes = collectRoutes();
const frontDoorTable = routeTable(appDir);

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  rawBody?: BodyInit;
  headers?: Record<string, string>;
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
  bytes: Uint8Array;
}

export async function call<T = any>(method: string, url: string, opts: CallOptions = {}): Promise<ApiResponse<T>> {
  // what the server's front door answers itself (a path resolved by the router, a method the route lacks)
  const refused = frontDoorAnswer(method, url, frontDoorTable);
  if (refused) {
    const text = JSON.stringify({ error: refused.error, code: refused.code, requestId: crypto.randomUUID() });
    const headers = new Headers({ ...refused.headers, "content-type": "application/json" });
    return { status: refused.status, headers, body: JSON.parse(text) as T, text, bytes: new TextEncoder().encode(text) };
  }
  const full = new URL(url, "http://charter.test");
  const route = routes.find((r) => r.regex.test(full.pathname));
  if (!route) throw new Error(`no route file matches ${full.pathname}`);
  const match = route.regex.exec(full.pathname)!;
  const params: Record<string, string | string[]> = {};
  route.names.forEach((n, i) => {
    const v = decodeURIComponent(match[i + 1]);
    params[n] = route.regex.source.includes("(.+)") && i === route.names.length - 1 && route.rank >= 100 ? v.split("/") : v;
  });
  const mod = (await import(/* @vite-ignore */ route.file)) as Record<string, Handler | undefined>;
  const handler = mod[method];
  if (!handler) return { status: 405, headers: new Headers(), body: undefined as T, text: "", bytes: new Uint8Array() };
  const headers = new Headers(opts.headers);
  if (opts.token) headers.set("authorization", `Bearer ${opts.token}`);
  let body: BodyInit | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const req = new NextRequest(full, { method, headers, body });
  const res = await handler(req, { params: Promise.resolve(params) });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = Buffer.from(bytes).toString("utf8");
  // docs/design.md §4: no input may produce a 500, so every test that reaches one fails here
  if (res.status >= 500) throw new Error(`${method} ${url} answered ${res.status}: ${text}`);
  let parsed: unknown = text;
  if ((res.headers.get("content-type") ?? "").includes("json") && text) parsed = JSON.parse(text);
  // every answer must be one the OpenAPI document describes (tests/support/openapi.ts)
  const documented = documentedPath(route.file, full.pathname);
  if (documented) checkAnswer(method, documented, { status: res.status, contentType: res.headers.get("content-type") ?? "", text, body: parsed });
  return { status: res.status, headers: res.headers, body: parsed as T, text, bytes };
}

/** A client bound to one credential. */
export function client(token: string | null) {
  return {
    get: <T = any>(url: string, o: Omit<CallOptions, "token"> = {}) => call<T>("GET", url, { ...o, token }),
    post: <T = any>(url: string, body?: unknown, o: Omit<CallOptions, "token" | "body"> = {}) => call<T>("POST", url, { ...o, body, token }),
    patch: <T = any>(url: string, body?: unknown, o: Omit<CallOptions, "token" | "body"> = {}) => call<T>("PATCH", url, { ...o, body, token }),
    put: <T = any>(url: string, body?: unknown, o: Omit<CallOptions, "token" | "body"> = {}) => call<T>("PUT", url, { ...o, body, token }),
    delete: <T = any>(url: string, o: Omit<CallOptions, "token"> = {}) => call<T>("DELETE", url, { ...o, token }),
    /** multipart/form-data POST with one file part (the logo upload) */
    upload: <T = any>(url: string, file: { bytes: Uint8Array; name: string; type?: string }, field = "file") => {
      const form = new FormData();
      form.append(field, new File([Buffer.from(file.bytes)], file.name, { type: file.type ?? "application/octet-stream" }));
      return call<T>("POST", url, { rawBody: form, token });
    },
  };
}
