// The front door (lib/http/front-door.ts) knows each path's methods by reading the route files'
// exports as text; this holds that reading against the real modules, so a route written in a shape
// the reader misses cannot be answered 405 for a method it serves. Its answers on a real server are
// e2e/hostile-http.spec.ts's.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { methodsOf } from "@/lib/openapi/document";
import { apiRouteModules } from "@/app/api/routes.generated";
import * as frontDoor from "@/lib/http/front-door";
import { routeOf, routerPath, routeTable } from "@/lib/http/route-table";

const root = path.resolve(import.meta.dirname, "../..");
const table = routeTable(path.join(root, "app"));
const exportsOf = (mod: Record<string, unknown>) => [...methodsOf(mod), ...(typeof mod.OPTIONS === "function" ? ["OPTIONS"] : [])].sort();

describe("the front door's method table", () => {
  it("lists every route file, each with exactly the methods its module exports", async () => {
    const files = [...apiRouteModules.map((r) => r.file), "app/api/[...path]/route.ts", "app/api/openapi.json/route.ts", "app/mcp/route.ts", "app/(oauth)/token/route.ts", "app/(oauth)/authorize/route.ts", "app/(oauth)/register/route.ts", "app/llms/skill.md/route.ts", "app/docs/api/route.ts"];
    for (const file of files) {
      const mod = (await import(/* @vite-ignore */ path.join(root, file))) as Record<string, unknown>;
      const row = table.find((r) => `app/${r.file}/route.ts` === file);
      expect(row, file).toBeDefined();
      expect([...row!.methods].sort(), file).toEqual(exportsOf(mod));
    }
  });

  it("answers what Next would fail on and lets everything a route serves through", () => {
    const answer = (m: string, u: string) => frontDoor.frontDoorAnswer(m, u, table);
    expect(answer("GET", "/api/issues/%zz")).toMatchObject({ status: 400, code: "validation_error" });
    expect(answer("GET", "/api/issues/%ED%A0%80")).toMatchObject({ status: 400 });
    expect(answer("TRACE", "/api/health")).toMatchObject({ status: 405, headers: { Allow: "GET, HEAD, OPTIONS" } });
    expect(answer("PUT", "/api/issues/abc")).toMatchObject({ status: 405, code: "method_not_allowed" });
    expect(answer("PROPFIND", "/api/no/such/thing")).toMatchObject({ status: 404, code: "not_found" });
    expect(answer("TRACE", "/some/board/page")).toMatchObject({ status: 405, headers: { Allow: "GET, HEAD" } });
    for (const [m, u] of [["GET", "/api/health"], ["HEAD", "/api/health"], ["OPTIONS", "/api/health"], ["PATCH", "/api/issues/abc?x=%zz"], ["POST", "/mcp"], ["GET", "/api/nope"], ["GET", "/"]]) {
      expect(answer(m, u), `${m} ${u}`).toBeNull();
    }
  });

  it("resolves the path the way Next's router will: dot segments (also percent-encoded), repeated slashes, encoded slashes", () => {
    expect(routerPath("/api/x/%2e%2e/health")).toBe("/api/health");
    expect(routerPath("/api/issues/%2E%2e/%2e/./health?x=/../y")).toBe("/api/health");
    expect(routerPath("/api//issues///abc")).toBe("/api/issues/abc");
    expect(routerPath("/api\\health")).toBe("/api/health");
    expect(routerPath("/api/../../../../health")).toBe("/health");
    expect(routerPath("http://elsewhere.example/api/health")).toBe("/api/health");
    expect(routerPath("*")).toBeNull();
    const file = (u: string) => routeOf(routerPath(u)!, table)?.file;
    expect(file("/api/x/%2e%2e/health")).toBe("api/health");
    // routes are matched on the path still encoded, as the router does: an encoded slash or letter is no separator or name
    expect(file("/api%2Fhealth")).toBeUndefined();
    expect(file("/api/%68ealth")).toBe("api/[...path]");
    expect(file("/api/issues/a%2Fb")).toBe("api/issues/[issueId]");
    expect(file("/api/issues%2Fabc")).toBe("api/[...path]");
    expect(file("/some/board/page")).toBeUndefined();
  });

  it("checks the method against the route that will run, however the path is spelled", () => {
    const answer = (m: string, u: string) => frontDoor.frontDoorAnswer(m, u, table);
    const healthOnly = { status: 405, code: "method_not_allowed", headers: { Allow: "GET, HEAD, OPTIONS" } };
    // the API's catch-all takes DELETE (a 404), so the raw spelling would have let these through to /api/health
    for (const u of ["/api/x/%2e%2e/health", "/api/x/%2E%2E/health", "/api/x/../health", "/api//health", "/api/health/.", "/api\\health", "/api/x/y/%2e%2e/%2e%2e/health/"]) {
      expect(answer("DELETE", u), u).toMatchObject(healthOnly);
    }
    // a board page (no route file) resolved into a route
    expect(answer("DELETE", "/docs/%2e%2e/api/health")).toMatchObject(healthOnly);
    expect(answer("PUT", "/api/%2e%2e/mcp")).toMatchObject({ status: 405, headers: { Allow: "GET, HEAD, POST, DELETE, OPTIONS" } });
    expect(answer("PROPFIND", "/api/x/%2e%2e/nope")).toMatchObject({ status: 404, code: "not_found" });
    expect(answer("GET", "*")).toMatchObject({ status: 400, code: "validation_error" });
    expect(answer("GET", "/api/%2e%2e/%zz")).toMatchObject({ status: 400, code: "validation_error" });
    // a page or an asset is read only: GET and HEAD
    for (const u of ["/api%2Fhealth", "/login", "/icon.svg", "/_next/static/x.js", "/api/%2e%2e"]) {
      for (const m of ["PUT", "POST", "OPTIONS"]) expect(answer(m, u), `${m} ${u}`).toMatchObject({ status: 405, headers: { Allow: "GET, HEAD" } });
    }
    // next dev's own endpoints answer for themselves (the dev overlay POSTs to them); not TRACE
    expect(answer("POST", "/__nextjs_restart_dev")).toBeNull();
    expect(answer("TRACE", "/__nextjs_restart_dev")).toMatchObject({ status: 405 });
    expect(answer("DELETE", "/api/x/%2e%2e/issues/abc")).toMatchObject({ status: 405, headers: { Allow: "GET, HEAD, PATCH, OPTIONS" } });
    for (const [m, u] of [["GET", "/api/x/%2e%2e/health"], ["PATCH", "/api/x/%2e%2e/issues/abc"], ["POST", "/api//%2e%2e/mcp"], ["GET", "/api%2Fhealth"]]) {
      expect(answer(m, u), `${m} ${u}`).toBeNull();
    }
  });
});
