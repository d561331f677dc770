// The OpenAPI document: every route and method in it (and nothing else), a valid OpenAPI 3.1
// document, public, without secrets. That real answers match it is checked on every call() of the
// suite (tests/support/openapi.ts); the last block shows that check refuses what it should.
import fs from "node:fs";
import path from "node:path";
import { validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { apiHandler } from "@/lib/http/api-handler";
import { buildOpenApiDocument, methodsOf, pathOfRouteFile } from "@/lib/openapi/document";
import { openApiDocument } from "@/app/api/api-document";
import { NEXT_AUTH_ROUTE } from "@/lib/openapi/next-auth";
import { describeRoute } from "@/lib/openapi/route-doc";
import { labelResponseSchema } from "@/lib/schemas/labels";
import { apiRouteFiles, generatedFile, renderRouteList, unlistedRoutes } from "../../scripts/openapi-routes.mjs";
import { call } from "../support/api";
import { checkAnswer } from "../support/openapi";
import { createWorld } from "../factories";

const root = path.resolve(import.meta.dirname, "../..");

/** Every route.ts under app/api, found on disk (not through the generated list). */
function routeFilesOnDisk(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (e.isDirectory()) walk(`${dir}/${e.name}`);
      else if (e.name === "route.ts") out.push(`${dir}/${e.name}`);
    }
  };
  walk("app/api");
  return out.sort();
}

describe("the OpenAPI document", () => {
  it("lists every method of every route file under app/api, and nothing else", async () => {
    const expected = new Set<string>();
    let nextAuthMethods: string[] = [];
    for (const file of routeFilesOnDisk()) {
      if (file === "app/api/[...path]/route.ts") continue; // the 404 of unknown paths
      const mod = (await import(/* @vite-ignore */ path.join(root, file))) as Record<string, unknown>;
      if (file === NEXT_AUTH_ROUTE) nextAuthMethods = methodsOf(mod);
      else for (const m of methodsOf(mod)) expected.add(`${m} ${pathOfRouteFile(file)}`);
    }
    const doc = openApiDocument();
    const documented = new Set<string>();
    const auth = new Set<string>();
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const m of Object.keys(ops)) (p.startsWith("/api/auth/") ? auth : documented).add(`${m.toUpperCase()} ${p}`);
    }
    expect([...documented].sort()).toEqual([...expected].sort());
    // next-auth's catch-all answers its endpoints with the methods it exports; each is documented
    expect(nextAuthMethods.sort()).toEqual(["GET", "POST"]);
    expect(new Set([...auth].map((k) => k.split(" ")[0]))).toEqual(new Set(nextAuthMethods));
    expect(auth).toContain("GET /api/auth/session");
    expect(auth).toContain("POST /api/auth/callback/credentials");
  });

  it("is built from a route list that is current (node scripts/openapi-routes.mjs)", () => {
    expect(apiRouteFiles()).toEqual(routeFilesOnDisk().filter((f) => !unlistedRoutes.includes(f)));
    expect(fs.readFileSync(generatedFile, "utf8"), "app/api/routes.generated.ts is stale: run node scripts/openapi-routes.mjs").toBe(renderRouteList());
  });

  it("refuses a route without a response schema, and a handler nobody described", () => {
    // @ts-expect-error: apiHandler requires a response; the document refuses one that slipped through
    const undescribedResponse = apiHandler({ params: z.object({ id: z.string() }) }, async () => ({}));
    expect(() => buildOpenApiDocument([{ file: "app/api/things/[id]/route.ts", module: { GET: undescribedResponse } }]))
      .toThrow("GET /api/things/{id}: the route has no response schema");
    const described = describeRoute(async () => new Response("{}"), { summary: "no answer described" });
    expect(() => buildOpenApiDocument([{ file: "app/api/things/route.ts", module: { PUT: described } }])).toThrow("PUT /api/things: the route has no response schema");
    const raw = async () => new Response("hi");
    expect(() => buildOpenApiDocument([{ file: "app/api/raw/route.ts", module: { POST: raw } }])).toThrow("POST /api/raw: the handler is not described");
    // a list answers an array
    const list = apiHandler({ list: true, response: labelResponseSchema }, async () => ({}));
    expect(() => buildOpenApiDocument([{ file: "app/api/labels/route.ts", module: { GET: list } }])).toThrow("a list answers a JSON array");
  });

  it("is valid OpenAPI 3.1", async () => {
    const doc = openApiDocument();
    expect(doc.openapi).toBe("3.1.0");
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it("documents request schemas, list parameters, statuses and public operations from the routes", () => {
    const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, any>> };
    const list = doc.paths["/api/companies/{companyId}/issues"].get;
    const names = list.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`);
    expect(names).toEqual(expect.arrayContaining(["path:companyId", "query:status", "query:q", "query:limit", "query:cursor"]));
    expect(list.responses["200"].content["application/json"].schema).toEqual({ type: "array", items: { $ref: "#/components/schemas/Issue" } });
    expect(Object.keys(list.responses["200"].headers)).toEqual(expect.arrayContaining(["Link", "X-Next-Cursor"]));
    const create = doc.paths["/api/companies/{companyId}/issues"].post;
    expect(create.requestBody.required).toBe(true);
    expect(create.requestBody.content["application/json"].schema.properties.title).toMatchObject({ type: "string", minLength: 1 });
    expect(create.responses).toHaveProperty("201");
    expect(doc.paths["/api/agents/{agentId}/wakeup"].post.responses).toHaveProperty("202");
    expect(doc.paths["/api/labels/{labelId}"].delete.responses["204"]).not.toHaveProperty("content");
    expect(doc.paths["/api/companies/{companyId}/logo"].post.requestBody.content).toHaveProperty("multipart/form-data");
    expect(doc.paths["/api/companies/{companyId}/events"].get.responses["200"].content).toHaveProperty("text/event-stream");
    expect(doc.paths["/api/issues/{issueId}/checkout"].post.responses["409"]).toEqual({ $ref: "#/components/responses/Error409" });
    for (const [p, method] of [["/api/health", "get"], ["/api/ping", "get"], ["/api/setup", "post"], ["/api/openapi.json", "get"],
      ["/api/invites/{token}/onboarding.txt", "get"], ["/api/invites/{token}/accept", "post"], ["/api/auth/session", "get"]]) {
      expect(doc.paths[p][method].security, `${method} ${p} is public`).toEqual([]);
    }
    expect(doc.paths["/api/agents/me"].get).not.toHaveProperty("security");
  });
});

describe("GET /api/openapi.json", () => {
  it("answers the document without credentials", async () => {
    const res = await call("GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    expect(res.body.paths["/api/openapi.json"].get.security).toEqual([]);
  });

  it("holds no secret: no credentials, no settings from the environment", async () => {
    const w = await createWorld();
    const text = (await call("GET", "/api/openapi.json")).text;
    expect(text).not.toMatch(/chk_[a-z]+_[A-Za-z0-9_-]{20,}/);
    for (const value of [process.env.SESSION_SECRET, process.env.DATABASE_URL, w.tokens.engineer]) {
      expect(value).toBeTruthy();
      expect(text).not.toContain(value);
    }
  });
});

describe("the check of every answer against the document (tests/support/openapi.ts)", () => {
  const label = { id: "0190a4b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b", companyId: "0190a4b2-7c3d-7e4f-8a9b-0c1d2e3f4a5c", name: "bug", color: "#6b7280", createdAt: "2026-01-02T03:04:05.678Z" };
  const ok = (status: number, body: unknown) => ({ status, contentType: "application/json", text: JSON.stringify(body), body });

  it("passes a body of the documented shape", () => {
    expect(() => checkAnswer("GET", "/api/labels/{labelId}", ok(200, label))).not.toThrow();
    expect(() => checkAnswer("GET", "/api/labels/{labelId}", ok(404, { error: "Label not found", code: "not_found", requestId: "r1" }))).not.toThrow();
  });

  it("refuses a missing field, an extra field, a wrong type, an undocumented status and a wrong error code", () => {
    const { color: _color, ...missing } = label;
    expect(() => checkAnswer("GET", "/api/labels/{labelId}", ok(200, missing))).toThrow("does not match");
    expect(() => checkAnswer("GET", "/api/labels/{labelId}", ok(200, { ...label, secret: "x" }))).toThrow("does not match");
    expect(() => checkAnswer("GET", "/api/labels/{labelId}", ok(200, { ...label, createdAt: "yesterday" }))).toThrow("does not match");
    expect(() => checkAnswer("GET", "/api/labels/{labelId}", ok(201, label))).toThrow("a status the OpenAPI document does not list");
    expect(() => checkAnswer("GET", "/api/labels/{labelId}", ok(404, { error: "x", code: "conflict", requestId: "r1" }))).toThrow("does not match");
    expect(() => checkAnswer("DELETE", "/api/labels/{labelId}", { status: 204, contentType: "", text: "{}", body: {} })).toThrow("where the document says none");
    expect(() => checkAnswer("GET", "/api/nothing", ok(200, {}))).toThrow("not in the OpenAPI document");
  });
});
