// Each MCP tool takes the fields of the API route it mirrors, validated alike: the same JSON Schema
// (descriptions aside) and the same verdict on awkward values, so a field changed in the API reaches
// the tool. Where a tool differs on purpose, its `mirrors` entry says which field and why.
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { apiRouteModules } from "@/app/api/routes.generated";
import { listQuerySchema } from "@/lib/http/pagination";
import { routeDocOf } from "@/lib/openapi/route-doc";
import { mcpTools } from "@/lib/mcp/server";

type Field = z.ZodType;

const modules = new Map(apiRouteModules.map((r) => [r.file, r.module]));

/** The route's fields by name: path parameters, query (with limit and cursor for a list) and body. */
function routeFields(route: string, method: string): Map<string, Field> {
  const handler = modules.get(route)?.[method];
  const doc = routeDocOf(handler);
  if (!doc) throw new Error(`${method} ${route} is not an API route`);
  const shapes = [doc.params?.shape, doc.query?.shape, doc.list ? listQuerySchema.shape : undefined, doc.body instanceof z.ZodObject ? doc.body.shape : undefined];
  return new Map(shapes.flatMap((s) => Object.entries(s ?? {})) as [string, Field][]);
}

const withoutDescriptions = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(withoutDescriptions)
    : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).filter(([k]) => k !== "description").map(([k, x]) => [k, withoutDescriptions(x)]))
      : v;

/** The field's JSON Schema as a request reads it, whether or not it is optional. */
const jsonOf = (f: Field) => withoutDescriptions((z.toJSONSchema(z.object({ f }), { io: "input", unrepresentable: "any" }) as unknown as { properties: { f: unknown } }).properties.f);
const required = (f: Field) => !f.safeParse(undefined).success;

const probes: unknown[] = [
  null, "", " ", "x", "me", "todo", "todo,done", ["todo"], [], {}, true, 0, -1, 1.5, 7, 500, 501, 2 ** 31, "12",
  "ACME-12", "00000000-0000-4000-8000-000000000000", "1969-12-31T23:59:59Z", "2026-01-01T00:00:00Z", "2026-01-01", "x".repeat(100_001),
];

describe("MCP tool schemas", () => {
  it("every tool with fields names the API route it mirrors, and that route exists", () => {
    for (const t of mcpTools) {
      if (!t.mirrors) expect(Object.keys(t.input.shape), `${t.name} takes fields: name the route it mirrors`).toEqual([]);
      else expect(() => routeFields(t.mirrors!.route, t.mirrors!.method), t.name).not.toThrow();
    }
  });

  for (const t of mcpTools.filter((x) => x.mirrors)) {
    it(`${t.name} takes the fields of ${t.mirrors!.method} ${t.mirrors!.route}`, () => {
      const { route, method, differs = {}, relaxed = {} } = t.mirrors!;
      const api = routeFields(route, method);
      const tool = t.input.shape as Record<string, Field>;
      for (const [name, field] of Object.entries(tool)) {
        if (name in differs) continue;
        const own = api.get(name);
        expect(own, `${t.name}.${name} is no field of ${method} ${route}: take it from the route's schema, or name it in mirrors.differs with why`).toBeDefined();
        expect(jsonOf(field), `${t.name}.${name}: the JSON Schema differs from the route's`).toEqual(jsonOf(own!));
        const mayRelax = name === "companyId" || name in relaxed;
        if (!mayRelax) expect(required(field), `${t.name}.${name}: required in one, optional in the other`).toBe(required(own!));
        for (const v of probes) {
          expect(field.safeParse(v).success, `${t.name}.${name} on ${JSON.stringify(v)?.slice(0, 40)}: the tool and the route disagree`).toBe(own!.safeParse(v).success);
        }
      }
      for (const name of api.keys()) {
        expect(name in tool || name in relaxed, `${method} ${route} takes ${name}, which ${t.name} lacks: add it (from the route's schema) or name it in mirrors.relaxed with why`).toBe(true);
      }
    });
  }

  it("report_cost holds the cost event's rules: occurredAt not before 1970, issueId nullable", () => {
    const report = mcpTools.find((x) => x.name === "report_cost")!;
    const base = { provider: "p", model: "m", costCents: 1 };
    expect(report.input.safeParse({ ...base, occurredAt: "1969-12-31T23:59:59Z" }).success).toBe(false);
    expect(report.input.safeParse({ ...base, issueId: null, projectId: null }).success).toBe(true);
  });
});
