// Hostile input, property-based: every operation of the OpenAPI document (so every route the suite
// knows, with the very zod schemas it validates with) gets path ids, query values and bodies drawn
// from values an attacker tries (NUL, lone surrogates, prototype names, huge and deep values, other
// companies' ids, wrong types). Whatever comes in: no 5xx (call() throws on one), the answer is one
// the document describes, errors are the JSON error body, and a refused request changes nothing of
// the company's rows. The real-server side (percent-encoding, TRACE, 405s) is e2e/hostile-http.spec.ts.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { z } from "zod";
import { db } from "@/lib/db/client";
import type { NextAuthHandler } from "@/lib/http/next-auth-errors";
import { apiEndpoints } from "@/app/api/api-document";
import { createBoardUser, createWorld } from "../factories";
import { call } from "../support/api";
import { companySnapshot } from "../support/snapshot";

type World = Awaited<ReturnType<typeof createWorld>>;

const deep = (n: number): unknown => (n === 0 ? "bottom" : { d: deep(n - 1) });
const hostileStrings = [
  "", " ", "\u0000", "a\u0000b", "\ud800", "x\udc00", "\ud83d", "constructor", "__proto__", "prototype", "toString", "hasOwnProperty",
  "../../etc/passwd", "%zz", "%00", "' OR 1=1 --", "\"; DROP TABLE \"Issue\"; --", "<script>alert(1)</script>", "😀", "\u202e", "null",
  "NaN", "-1", "1e309", "00000000-0000-0000-0000-000000000000", "ZZZZZ-999999999999", "x".repeat(5000),
];
const hostileValues: unknown[] = [
  ...hostileStrings, 0, -1, 1.5, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), Number.MAX_VALUE, true, false, null, [], [null], ["\u0000"],
  {}, { __proto__: { polluted: true } }, JSON.parse('{"__proto__": {"polluted": true}}'), { constructor: { prototype: { x: 1 } } },
  deep(70), Array.from({ length: 300 }, (_, i) => i),
];

let w: World;
let other: World;
let adminToken: string;
/** Real ids by path parameter name: this company's (deep paths run) and another's (tenancy). */
const known = new Map<string, string[]>();

async function seed() {
  w = await createWorld();
  other = await createWorld();
  adminToken = (await createBoardUser({ isInstanceAdmin: true })).token;
  const owner = { token: w.tokens.owner };
  const cid = w.company.id;
  const issue = await call("POST", `/api/companies/${cid}/issues`, { ...owner, body: { title: "Seed", assigneeAgentId: w.engineer.id } });
  await call("POST", `/api/issues/${issue.body.id}/comments`, { ...owner, body: { body: "hello" } });
  await call("POST", `/api/issues/${issue.body.id}/work-products`, { ...owner, body: { kind: "pull_request", title: "Seed PR", url: "https://example.test/pr/1", status: "open" } });
  await call("POST", `/api/companies/${cid}/projects`, { ...owner, body: { name: "Seed project" } });
  await call("POST", `/api/companies/${cid}/goals`, { ...owner, body: { title: "Seed goal" } });
  await call("POST", `/api/companies/${cid}/labels`, { ...owner, body: { name: "seed", color: "#112233" } });
  for (const [world, token] of [[w, w.tokens.owner], [other, other.tokens.owner]] as const) {
    const routine = await call("POST", `/api/companies/${world.company.id}/routines`, { token, body: { name: "Seed routine", assigneeAgentId: world.engineer.id } });
    await call("POST", `/api/routines/${routine.body.id}/triggers`, { token, body: { kind: "webhook" } });
    await call("POST", `/api/routines/${routine.body.id}/triggers`, { token, body: { kind: "schedule", cron: "0 9 * * *", timezone: "UTC" } });
  }
  const rows = async (companyId: string) => ({
    companyId: [companyId],
    agentId: (await db().agent.findMany({ where: { companyId } })).map((r) => r.id),
    issueId: (await db().issue.findMany({ where: { companyId } })).flatMap((r) => [r.id, r.identifier ?? r.id]),
    commentId: (await db().issueComment.findMany({ where: { companyId } })).map((r) => r.id),
    workProductId: (await db().workProduct.findMany({ where: { companyId } })).map((r) => r.id),
    projectId: (await db().project.findMany({ where: { companyId } })).map((r) => r.id),
    goalId: (await db().goal.findMany({ where: { companyId } })).map((r) => r.id),
    labelId: (await db().label.findMany({ where: { companyId } })).map((r) => r.id),
    approvalId: (await db().approval.findMany({ where: { companyId } })).map((r) => r.id),
    keyId: (await db().agentKey.findMany({ where: { companyId } })).map((r) => r.id),
    revisionId: (await db().agentConfigRevision.findMany({ where: { companyId } })).map((r) => r.id),
    userId: (await db().membership.findMany({ where: { companyId } })).map((r) => r.userId),
    routineId: (await db().routine.findMany({ where: { companyId } })).map((r) => r.id),
    triggerId: (await db().routineTrigger.findMany({ where: { companyId } })).map((r) => r.id),
    publicId: (await db().routineTrigger.findMany({ where: { companyId, kind: "webhook" } })).map((r) => r.publicId!),
  });
  const mine = await rows(cid);
  const theirs = await rows(other.company.id);
  for (const [name, ids] of Object.entries(mine)) known.set(name, [...ids, ...(theirs[name as keyof typeof theirs] ?? []).slice(0, 1)]);
  known.get("companyId")!.push(w.company.issuePrefix);
}

/** A path segment as a client would send it (lone surrogates cannot be percent-encoded: the real-server test sends those raw). */
const segment = (v: string) => {
  try {
    return encodeURIComponent(v) || "%20";
  } catch {
    return "x";
  }
};

const bodyKeys = (schema: z.ZodType | undefined): string[] => (schema instanceof z.ZodObject ? Object.keys(schema.shape) : []);
const queryKeys = (schema: z.ZodObject | undefined, list: boolean | undefined) => [...(schema ? Object.keys(schema.shape) : []), ...(list ? ["limit", "cursor"] : [])];

const endpoints = apiEndpoints().filter(({ path, doc }) =>
  // next-auth's form endpoints are held to JSON errors in hostile-signin below; the event stream never ends
  !path.startsWith("/api/auth/") && !(doc?.response && "mediaType" in doc.response && doc.response.mediaType === "text/event-stream"),
);

function requestArb(path: string, doc: NonNullable<(typeof endpoints)[number]["doc"]>) {
  const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const paramArb = (name: string) => fc.oneof(fc.constantFrom(...hostileStrings), fc.constantFrom(...(known.get(name)?.length ? known.get(name)! : ["none"])), fc.string());
  const keys = queryKeys(doc.query, doc.list);
  const bkeys = bodyKeys(doc.body);
  const valueArb = fc.oneof(fc.constantFrom(...hostileValues), fc.string(), fc.integer(), fc.constantFrom(...[...known.values()].flat()));
  return fc.record({
    params: fc.tuple(...params.map(paramArb)),
    query: fc.dictionary(fc.constantFrom(...keys, "unknown", "__proto__", "constructor"), fc.constantFrom(...hostileStrings, ...[...known.values()].flat()), { maxKeys: 3 }),
    body: fc.oneof(
      { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...bkeys, "unknown", "__proto__"), valueArb, { maxKeys: Math.max(2, bkeys.length) }) },
      { weight: 1, arbitrary: fc.constantFrom(...hostileValues) },
    ),
    as: fc.constantFrom("owner", "owner", "admin", "engineer", "ceo", "none"),
  });
}

function urlOf(path: string, params: string[], query: Record<string, string>) {
  let i = 0;
  const url = path.replace(/\{(\w+)\}/g, () => segment(params[i++]));
  const qs = new URLSearchParams(Object.entries(query)).toString();
  return qs ? `${url}?${qs}` : url;
}

const tokenOf = (as: string) => (as === "none" ? null : as === "admin" ? adminToken : w.tokens[as as keyof World["tokens"]]);

beforeAll(seed, 60_000);

describe("hostile input to every operation", () => {
  it("the property covers every operation of the document but the event stream and next-auth's", () => {
    expect(endpoints.length).toBeGreaterThan(60);
  });

  // 4 requests per operation (~100 operations, a company snapshot around each) keeps the file near a minute on two cores
  for (const { method, path, doc } of endpoints) {
    it(`${method} ${path}: no 5xx, a documented answer, JSON errors, and nothing changed when refused`, async () => {
      await fc.assert(
        fc.asyncProperty(requestArb(path, doc!), async ({ params, query, body, as }) => {
          const url = urlOf(path, params, query);
          const before = await companySnapshot(w.company.id);
          const res = await call(method, url, { token: tokenOf(as), ...(method === "GET" || method === "DELETE" ? {} : { body }) });
          if (res.status < 400) return;
          expect(res.headers.get("content-type"), `${method} ${url}`).toMatch(/application\/json/);
          expect(res.body, `${method} ${url}`).toMatchObject({ error: expect.any(String), code: expect.any(String), requestId: expect.any(String) });
          expect(await companySnapshot(w.company.id), `${method} ${url} (${res.status}) changed the company`).toEqual(before);
        }),
        { numRuns: 4, endOnFailure: true },
      );
    });
  }
});

describe("hostile input by class", () => {
  // a world of its own: the properties above may (successfully) terminate its agents or revoke their keys
  let w: World;
  beforeAll(async () => {
    w = await createWorld();
  });

  it("text PostgreSQL cannot store is a 400 naming the field, in a body and in a query", async () => {
    const api = (url: string, body?: unknown) => call(body === undefined ? "GET" : "POST", url, { token: w.tokens.owner, body });
    for (const title of ["a\u0000b", "\ud800", "x\udc00y"]) {
      const res = await api(`/api/companies/${w.company.id}/issues`, { title });
      expect(res.status, JSON.stringify(title)).toBe(400);
      expect(res.body.details).toEqual([{ path: "body.title", message: expect.any(String) }]);
    }
    const nested = await api(`/api/companies/${w.company.id}/issues`, { title: "ok", description: "fine", labelIds: ["\u0000"] });
    expect(nested.status).toBe(400);
    const raw = await call("POST", `/api/companies/${w.company.id}/issues`, { token: w.tokens.owner, rawBody: '{"title":"\\ud800"}', headers: { "content-type": "application/json" } });
    expect(raw.status).toBe(400);
    expect(raw.body.details[0].path).toBe("body.title");
    const q = await api(`/api/companies/${w.company.id}/issues?q=a%00b`);
    expect(q.status).toBe(400);
    expect(q.body.details[0].path).toBe("query.q");
  });

  it("prototype names and garbage as ids or company references are 404, never a 500", async () => {
    for (const ref of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "ZZZZZ", "%00"]) {
      for (const as of [w.tokens.owner, w.tokens.ceo]) {
        const res = await call("GET", `/api/companies/${encodeURIComponent(ref)}/agents`, { token: as });
        expect(res.status, ref).toBe(404);
        expect((await call("GET", `/api/issues/${encodeURIComponent(ref)}`, { token: as })).status, ref).toBe(404);
      }
    }
  });

  it("an instance admin naming 'constructor' as a company gets 404 (it once fell through to a uuid query)", async () => {
    const admin = await createWorld();
    await db().user.update({ where: { id: admin.owner.id }, data: { isInstanceAdmin: true } });
    for (const ref of ["constructor", "__proto__", "toString"]) {
      for (const url of [`/api/companies/${ref}`, `/api/companies/${ref}/agents`, `/api/companies/${ref}/issues`, `/api/companies/${ref}/dashboard`]) {
        expect((await call("GET", url, { token: admin.tokens.owner })).status, url).toBe(404);
      }
    }
  });
});

// next-auth's undocumented paths are called on the route module itself (call() holds answers to the document)
async function nextAuth(method: string, url: string, init: { body?: string; headers?: Record<string, string> } = {}) {
  const mod = (await import("@/app/api/auth/[...nextauth]/route")) as unknown as Record<string, NextAuthHandler>;
  const req = new NextRequest(new URL(url, "http://charter.test"), { method, ...init });
  const segments = url.replace(/^\/api\/auth\//, "").split("/");
  const res = await mod[method](req, { params: Promise.resolve({ nextauth: segments }) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: (res.headers.get("content-type") ?? "").includes("json") ? JSON.parse(text) : text };
}

describe("hostile-signin: next-auth's endpoints answer errors as JSON", () => {
  it.each([
    ["GET", "/api/auth/nope", 404], ["POST", "/api/auth/nope/deeper/still", 404], ["GET", "/api/auth/_log", 405],
    ["GET", "/api/auth/callback/credentials", 405], ["POST", "/api/auth/csrf", 405], ["GET", "/api/auth/constructor", 404],
  ])("%s %s → %i with the JSON error body", async (method, url, status) => {
    const res = await nextAuth(method, url);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ code: expect.any(String), requestId: expect.any(String) });
    if (status === 405) expect(res.headers.get("allow")).toBeTruthy();
  });

  // outside a Next request next-auth throws (it reads next/headers): the wrapper's catch; its text answers are e2e/hostile-http.spec.ts's
  it("a request next-auth throws on is a JSON 400, never a 500", async () => {
    const res = await nextAuth("POST", "/api/auth/session", { body: "{", headers: { "content-type": "application/json" } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body).toMatchObject({ code: expect.any(String), requestId: expect.any(String) });
  });
});
