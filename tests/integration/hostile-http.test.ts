// The front door (lib/http/front-door.cjs) knows each path's methods by reading the route files'
// exports as text; this holds that reading against the real modules, so a route written in a shape
// the reader misses cannot be answered 405 for a method it serves. Its answers on a real server are
// e2e/hostile-http.spec.ts's.
import path from "node:path";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { methodsOf } from "@/lib/openapi/document";
import { apiRouteModules } from "@/app/api/routes.generated";

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, "../..");
const frontDoor = require(path.join(root, "lib/http/front-door.cjs")) as {
  routeTable: (appDir: string) => Array<{ file: string; regex: RegExp; methods: string[] }>;
  frontDoorAnswer: (method: string, url: string, table: unknown) => { status: number; code: string; headers: Record<string, string> } | null;
};
const table = frontDoor.routeTable(path.join(root, "app"));
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
});
