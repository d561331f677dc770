// docs/design.md §4: one error body, X-Request-Id everywhere, 401 with WWW-Authenticate, and no input
// that produces a 500 (tests/support/api.ts fails any test that meets a 5xx).
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { mintToken } from "@/lib/auth/tokens";
import { call, client } from "../support/api";
import { createWorld } from "../factories";

const U = "0190a0a0-0000-7000-8000-000000000000";

const endpoints: [string, string][] = [
  ["GET", "/api/companies"],
  ["POST", "/api/companies"],
  ["GET", `/api/companies/${U}`],
  ["PATCH", `/api/companies/${U}`],
  ["POST", `/api/companies/${U}/logo`],
  ["GET", `/api/assets/${U}`],
  ["GET", `/api/companies/${U}/agents`],
  ["POST", `/api/companies/${U}/agents`],
  ["GET", `/api/companies/${U}/org`],
  ["GET", `/api/companies/${U}/activity`],
  ["GET", "/api/agents/me"],
  ["GET", `/api/agents/${U}`],
  ["PATCH", `/api/agents/${U}`],
  ["POST", `/api/agents/${U}/pause`],
  ["POST", `/api/agents/${U}/resume`],
  ["POST", `/api/agents/${U}/terminate`],
  ["GET", `/api/agents/${U}/keys`],
  ["POST", `/api/agents/${U}/keys`],
  ["DELETE", `/api/agents/${U}/keys/${U}`],
  ["PATCH", `/api/agents/${U}/instructions-path`],
  ["GET", `/api/agents/${U}/config-revisions`],
  ["POST", `/api/agents/${U}/config-revisions/${U}/rollback`],
  ["GET", `/api/companies/${U}/members`],
  ["POST", `/api/companies/${U}/members`],
  ["PATCH", `/api/companies/${U}/members/${U}`],
  ["DELETE", `/api/companies/${U}/members/${U}`],
  ["GET", "/api/board/me"],
  ["PATCH", "/api/board/me"],
  ["GET", "/api/board/tokens"],
  ["POST", "/api/board/tokens"],
  ["DELETE", `/api/board/tokens/${U}`],
  ["PUT", `/api/board/me/notifications/companies/${U}`],
  ["DELETE", `/api/board/me/notifications/companies/${U}`],
];

describe("401 unauthenticated", () => {
  it.each(endpoints)("%s %s without, with an unknown and with a malformed credential", async (method, url) => {
    const attempts = [{}, { token: mintToken("boardToken").token }, { token: "not-a-charter-token" }, { headers: { authorization: "Basic dXNlcjpwYXNz" } }];
    for (const opts of attempts) {
      const res = await call(method, url, { ...opts, body: method === "GET" || method === "DELETE" ? undefined : {} });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe("Bearer");
      expect(res.body).toEqual({ error: expect.any(String), code: "unauthenticated", requestId: res.headers.get("x-request-id") });
    }
  });

  it("an agent key that has expired does not authenticate", async () => {
    const w = await createWorld();
    await db().agentKey.updateMany({ where: { agentId: w.engineer.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await client(w.tokens.engineer).get("/api/agents/me")).status).toBe(401);
  });
});

describe("request bodies", () => {
  it("malformed JSON is 400 invalid_json", async () => {
    const w = await createWorld();
    for (const raw of ["{bad json", "{\"name\": }", "[1,2", "\"unterminated"]) {
      const res = await call("PATCH", `/api/companies/${w.company.id}`, { token: w.tokens.owner, rawBody: raw, headers: { "content-type": "application/json" } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "invalid_json", requestId: expect.any(String) });
    }
  });

  it("wrong types are 400 validation_error with details [{path, message}]", async () => {
    const w = await createWorld();
    const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/agents`, { name: 42, budgetMonthlyCents: "lots", adapterConfig: [] });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_error");
    expect(res.body.details.map((d: { path: string }) => d.path).sort()).toEqual(["body.adapterConfig", "body.budgetMonthlyCents", "body.name"]);
    for (const d of res.body.details) expect(d).toEqual({ path: expect.any(String), message: expect.any(String) });
    for (const body of [null, [], "a string", 7]) {
      const bad = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/agents`, body);
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe("validation_error");
    }
  });

  it("a body over 1 MiB is 413, whether or not Content-Length says so", async () => {
    const w = await createWorld();
    const huge = JSON.stringify({ description: "x".repeat(1024 * 1024 + 10) });
    const streamed = await call("PATCH", `/api/companies/${w.company.id}`, { token: w.tokens.owner, rawBody: huge, headers: { "content-type": "application/json" } });
    expect(streamed.status).toBe(413);
    expect(streamed.body.code).toBe("payload_too_large");
    const declared = await call("PATCH", `/api/companies/${w.company.id}`, {
      token: w.tokens.owner, rawBody: huge, headers: { "content-type": "application/json", "content-length": String(huge.length) },
    });
    expect(declared.status).toBe(413);
    expect((await db().company.findUniqueOrThrow({ where: { id: w.company.id } })).description).toBe("");
  });

  it("a body that is not JSON is 415", async () => {
    const w = await createWorld();
    const res = await call("PATCH", `/api/companies/${w.company.id}`, { token: w.tokens.owner, rawBody: "name=x", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe("unsupported_media_type");
  });

  it("NUL characters anywhere in a body are 400, never a database error", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const attempts: [string, string, unknown][] = [
      ["PATCH", `/api/companies/${w.company.id}`, { description: "a\u0000b" }],
      ["POST", `/api/companies/${w.company.id}/agents`, { name: "Nul\u0000" }],
      ["POST", `/api/companies/${w.company.id}/agents`, { name: "Nul", adapterConfig: { env: { A: "\u0000" } } }],
      ["POST", `/api/companies/${w.company.id}/agents`, { name: "Nul", adapterConfig: { "k\u0000": 1 } }],
      ["PATCH", `/api/agents/${w.engineer.id}`, { title: "\u0000" }],
      ["POST", `/api/agents/${w.engineer.id}/keys`, { name: "k\u0000" }],
      ["POST", "/api/board/tokens", { name: "t\u0000" }],
    ];
    for (const [method, url, body] of attempts) {
      const res = method === "POST" ? await api.post(url, body) : await api.patch(url, body);
      expect(res.status, `${method} ${url}`).toBe(400);
      expect(res.body.code).toBe("validation_error");
    }
  });

  it("absurdly deep JSON is refused, not a crash", async () => {
    const w = await createWorld();
    for (const depth of [5_000, 200_000]) {
      const nested = "[".repeat(depth) + "]".repeat(depth);
      const raw = `{"name":"Deep ${depth}","adapterConfig":{"a":${nested}}}`;
      const res = await call("POST", `/api/companies/${w.company.id}/agents`, { token: w.tokens.owner, rawBody: raw, headers: { "content-type": "application/json" } });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([expect.objectContaining({ message: expect.stringContaining("nest") })]);
    }
    const ten = JSON.parse("[".repeat(10) + "]".repeat(10));
    const ok = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/agents`, { name: "Nested", adapterConfig: { command: "true", a: ten } });
    expect(ok.status).toBe(201);
  });

  it("numbers beyond what the database holds are 400", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const big = 2 ** 31;
    expect((await api.patch(`/api/companies/${w.company.id}`, { budgetMonthlyCents: big })).status).toBe(400);
    expect((await api.post(`/api/companies/${w.company.id}/agents`, { adapterConfig: { command: "true" }, name: "Rich", budgetMonthlyCents: big })).status).toBe(400);
    expect((await api.patch(`/api/agents/${w.engineer.id}`, { budgetMonthlyCents: 1e15 })).status).toBe(400);
    expect((await api.patch(`/api/agents/${w.engineer.id}`, { budgetMonthlyCents: big - 1 })).status).toBe(200);
  });
});

describe("paths and query strings", () => {
  it("a malformed id in a path is 404, not 400 or 500", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const urls = [
      "/api/assets/not-a-uuid",
      `/api/agents/${w.engineer.id}/keys/not-a-uuid`,
      `/api/agents/${w.engineer.id}/config-revisions/12345/rollback`,
      "/api/board/tokens/xyz",
      `/api/agents/${"a".repeat(300)}`,
      `/api/companies/${"B".repeat(300)}`,
      "/api/agents/%00",
      "/api/companies/%00",
      `/api/agents/${U.slice(0, -1)}`,
      `/api/companies/${U}x`,
    ];
    for (const url of urls) {
      const method = url.endsWith("rollback") ? "POST" : url.includes("/keys/") || url.includes("/board/tokens/") ? "DELETE" : "GET";
      const res = await call(method, url, { token: w.tokens.owner });
      expect(res.status, url).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
    expect((await api.get(`/api/agents/${U}`)).status).toBe(404);
  });

  it("NUL characters in a query are 400", async () => {
    const w = await createWorld();
    for (const qs of ["action=%00", "entityType=a%00", "entityId=%00"]) {
      const res = await client(w.tokens.owner).get(`/api/companies/${w.company.id}/activity?${qs}`);
      expect(res.status, qs).toBe(400);
    }
  });

  it("a cursor that was not issued by the server is 400, whatever it decodes to", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
    const lists = [
      `/api/companies/${w.company.id}/agents`,
      `/api/companies/${w.company.id}/activity`,
      `/api/agents/${w.engineer.id}/config-revisions`,
      `/api/agents/${w.engineer.id}/keys`,
      "/api/companies",
      "/api/board/tokens",
    ];
    const forged = ["garbage", enc(["x", "y"]), enc([{ d: "2024-01-01T00:00:00Z" }, "nope"]), enc(["nope"]), enc([5.5]), enc(["5"]), enc([1, 2]), enc([null]), enc([null, null]), enc({ a: 1 }), enc([{ d: "never" }, U]), enc([{ d: "-200000-01-01T00:00:00Z" }, U]), enc(["A\u0000", U]), enc([2 ** 40])];
    for (const url of lists) {
      for (const cursor of forged) {
        const res = await api.get(`${url}?cursor=${cursor}`);
        expect(res.status, `${url} ${cursor}`).toBe(400);
        expect(res.body).toMatchObject({ code: "validation_error", details: [{ path: "cursor" }] });
      }
    }
  });

  it("an unknown /api path is a JSON 404 with a request id", async () => {
    const w = await createWorld();
    for (const [method, url] of [["GET", "/api/nope"], ["POST", "/api/companies/x/y/z"], ["DELETE", `/api/agents/${w.engineer.id}/keys/${U}/extra`]]) {
      const res = await call(method, url, { token: w.tokens.owner });
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.body).toMatchObject({ code: "not_found", requestId: res.headers.get("x-request-id") });
    }
  });
});

describe("X-Request-Id", () => {
  it("is on every response, success or error, JSON or not, and matches the body", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const responses = [
      await api.get(`/api/companies/${w.company.id}`),
      await api.post(`/api/agents/${w.engineer.id}/keys`, { name: "k" }),
      await api.get(`/api/companies/${w.company.id}/agents?limit=1`),
      await api.patch(`/api/companies/${w.company.id}`, { nope: 1 }),
      await client(w.tokens.engineer).patch(`/api/companies/${w.company.id}`, { name: "x" }),
      await api.get(`/api/agents/${U}`),
      await api.post(`/api/companies/${w.company.id}/agents`, { adapterConfig: { command: "true" }, name: w.engineer.name }),
      await api.patch(`/api/companies/${w.company.id}`, { spentMonthlyCents: 1 }),
      await call("GET", "/api/health"),
      await call("GET", "/api/agents/me"),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 201, 200, 400, 403, 404, 409, 422, 200, 401]);
    for (const res of responses) {
      const id = res.headers.get("x-request-id");
      expect(id).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
      if (res.status >= 400) expect(res.body.requestId).toBe(id);
    }
  });

  it("echoes a well-formed incoming id and replaces a malformed one", async () => {
    const w = await createWorld();
    const ok = await call("GET", `/api/companies/${w.company.id}`, { token: w.tokens.owner, headers: { "x-request-id": "trace-123.abc" } });
    expect(ok.headers.get("x-request-id")).toBe("trace-123.abc");
    const bad = await call("GET", `/api/companies/${w.company.id}`, { token: w.tokens.owner, headers: { "x-request-id": "bad id with spaces" } });
    expect(bad.headers.get("x-request-id")).not.toBe("bad id with spaces");
    expect(bad.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
