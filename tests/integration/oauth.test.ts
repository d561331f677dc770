// spec/tool-server-oauth.md, rule by rule, in both profiles of docs/design.md §9 (strict and seed). Each test
// names the rule it pins down. Real PostgreSQL, real session cookies, real codes and tokens.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { digestToken } from "@/lib/auth/tokens";
import { resetEnvCache } from "@/lib/env";
import { createUser } from "../factories";
import {
  authorizeUrl, BASE, callTool, CLIENT_ID, CLIENT_SECRET, oauthCall, pkcePair, redirectParams, setOAuthEnv, type OAuthResponse,
} from "../support/oauth";

const REDIRECT = "http://127.0.0.1:8765/callback";
type Profile = "strict" | "seed";

function useProfile(profile: Profile) {
  // each test counts the rows it makes
  beforeEach(() => db().$executeRaw`TRUNCATE "OAuthCode", "OAuthToken"`);
  beforeEach(() => setOAuthEnv({ OAUTH_CLIENT_ID: CLIENT_ID, OAUTH_CLIENT_SECRET: CLIENT_SECRET, OAUTH_PROFILE: profile, OAUTH_REDIRECT_URIS: undefined, PUBLIC_BASE_URL: undefined }));
}
afterAll(() => setOAuthEnv({ OAUTH_CLIENT_ID: undefined, OAUTH_CLIENT_SECRET: undefined, OAUTH_PROFILE: undefined, PUBLIC_BASE_URL: undefined }));

/** TRUST_PROXY: X-Forwarded-* count only behind a trusted proxy */
function setTrustProxy(value: string | undefined) {
  if (value === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = value;
  resetEnvCache();
}

let boardUserId: string;
async function signedInUser(): Promise<string> {
  boardUserId ??= (await createUser()).id;
  return boardUserId;
}

/** A successful authorization request in either profile (strict: signed in, PKCE, allowed redirect). */
async function authorizeOk(extra: Record<string, string> = {}, opts: { pkce?: boolean } = {}) {
  const pkce = pkcePair();
  const q: Record<string, string> = { response_type: "code", client_id: CLIENT_ID, redirect_uri: REDIRECT, state: "st-1", ...extra };
  if (opts.pkce !== false) Object.assign(q, { code_challenge: pkce.challenge, code_challenge_method: "S256" });
  const res = await oauthCall("GET", authorizeUrl(q), { sessionUserId: await signedInUser() });
  return { res, ...redirectParams(res), verifier: pkce.verifier };
}

const post = (form: Record<string, string>) => oauthCall("POST", "/token", { form });
const expectError = (res: OAuthResponse, status: number, error: string, described = true) => {
  expect(res.status).toBe(status);
  expect(res.body.error).toBe(error);
  if (described) expect(typeof res.body.error_description).toBe("string");
  else expect(Object.keys(res.body)).toEqual(["error"]);
};

describe.each(["strict", "seed"] as const)("spec rules, profile %s", (profile) => {
  useProfile(profile);
  // where the strict profile follows the RFCs instead (tests/integration/oauth-strict.test.ts)
  const seedOnly = it.runIf(profile === "seed");

  describe("GET /authorize", () => {
    seedOnly("order 1: response_type other than code is 400 unsupported_response_type, before the credentials check", async () => {
      setOAuthEnv({ OAUTH_CLIENT_ID: undefined });
      const res = await oauthCall("GET", authorizeUrl({ response_type: "token", client_id: CLIENT_ID, redirect_uri: REDIRECT }));
      expectError(res, 400, "unsupported_response_type", false);
      const missing = await oauthCall("GET", authorizeUrl({ client_id: CLIENT_ID }));
      expectError(missing, 400, "unsupported_response_type", false);
    });

    it("order 2: missing or empty operator credentials answer 500 server_error, before the client check", async () => {
      setOAuthEnv({ OAUTH_CLIENT_SECRET: "" });
      const res = await oauthCall("GET", authorizeUrl({ response_type: "code", client_id: "someone-else", redirect_uri: REDIRECT }), { allow500: true });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: "server_error" });
      setOAuthEnv({ OAUTH_CLIENT_SECRET: CLIENT_SECRET, OAUTH_CLIENT_ID: undefined });
      const noId = await oauthCall("GET", authorizeUrl({ response_type: "code", client_id: CLIENT_ID, redirect_uri: REDIRECT }), { allow500: true });
      expect(noId.body).toEqual({ error: "server_error" });
    });

    seedOnly("order 3: another client_id is 401 invalid_client with a description, before the method check", async () => {
      const res = await oauthCall("GET", authorizeUrl({ response_type: "code", client_id: "intruder", redirect_uri: REDIRECT, code_challenge_method: "plain" }));
      expectError(res, 401, "invalid_client");
    });

    seedOnly("order 4: a code_challenge_method other than S256 is 400 invalid_request", async () => {
      const res = await oauthCall("GET", authorizeUrl({ response_type: "code", client_id: CLIENT_ID, redirect_uri: REDIRECT, code_challenge: pkcePair().challenge, code_challenge_method: "plain" }));
      expectError(res, 400, "invalid_request");
      expect(await db().oAuthCode.count()).toBe(0);
    });

    it("order 5: success is a 302 (not 307) to redirect_uri with code and state", async () => {
      const { res, code, state, location } = await authorizeOk();
      expect(res.status).toBe(302);
      expect(location.startsWith(`${REDIRECT}?code=`)).toBe(true);
      expect(code).toMatch(/^chk_code_/);
      expect(state).toBe("st-1");
    });

    it("state is left out of the redirect when it was empty", async () => {
      const { location, state } = await authorizeOk({ state: "" });
      expect(state).toBeNull();
      expect(location).not.toContain("state");
    });

    seedOnly("the query is joined with & when redirect_uri already has a ?", async () => {
      const { location } = await authorizeOk({ redirect_uri: `${REDIRECT}?tenant=a` });
      expect(location).toMatch(new RegExp(`^${REDIRECT.replace(/[.?]/g, "\\$&")}\\?tenant=a&code=chk_code_[^&]+&state=st-1$`));
    });

    it("an empty code_challenge_method is accepted (S256 is the only method)", async () => {
      const pkce = pkcePair();
      const res = await oauthCall("GET", authorizeUrl({ response_type: "code", client_id: CLIENT_ID, redirect_uri: REDIRECT, code_challenge: pkce.challenge, code_challenge_method: "" }), { sessionUserId: await signedInUser() });
      const { code } = redirectParams(res);
      const tok = await post({ code: code!, client_id: CLIENT_ID, code_verifier: pkce.verifier });
      expect(tok.status).toBe(200);
    });

    it("codes are stored as digests only and live 300 seconds", async () => {
      const { code } = await authorizeOk();
      const rows = await db().oAuthCode.findMany();
      expect(rows).toHaveLength(1);
      expect(rows[0].codeHash).toBe(digestToken(code!));
      expect(JSON.stringify(rows)).not.toContain(code!);
      expect(rows[0].expiresAt.getTime() - rows[0].createdAt.getTime()).toBeGreaterThanOrEqual(299_000);
      expect(rows[0].expiresAt.getTime() - rows[0].createdAt.getTime()).toBeLessThanOrEqual(301_000);
    });
  });

  describe("GET and POST /token", () => {
    seedOnly("rule 1: a GET with no parameters answers 200 with the metadata object", async () => {
      const res = await oauthCall("GET", "/token");
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        grant_types_supported: ["authorization_code", "client_credentials"],
        token_endpoint_auth_methods_supported: ["client_secret_post", "none"],
        code_challenge_methods_supported: ["S256"],
      });
    });

    it("rule 2: without grant_type, a code means the authorization_code grant", async () => {
      const { code, verifier } = await authorizeOk();
      const res = await post({ code: code!, client_id: CLIENT_ID, code_verifier: verifier });
      expect(res.status).toBe(200);
    });

    seedOnly("rule 3: an unknown or absent grant type is 400 unsupported_grant_type", async () => {
      expectError(await post({ grant_type: "password", client_id: CLIENT_ID }), 400, "unsupported_grant_type");
      expectError(await post({ client_id: CLIENT_ID }), 400, "unsupported_grant_type");
      expectError(await oauthCall("POST", "/token"), 400, "unsupported_grant_type");
      expectError(await oauthCall("GET", "/token?client_id=x"), 400, "unsupported_grant_type");
    });

    seedOnly("parameters come from the query string, and the body's values override them", async () => {
      const { code, verifier } = await authorizeOk();
      const res = await oauthCall("POST", `/token?client_id=wrong&code=${encodeURIComponent(code!)}`, { form: { client_id: CLIENT_ID, code_verifier: verifier } });
      expect(res.status).toBe(200);
      const cc = await oauthCall("GET", `/token?${new URLSearchParams({ grant_type: "client_credentials", client_id: CLIENT_ID, client_secret: CLIENT_SECRET })}`);
      expect(cc.status).toBe(200);
    });

    it("a JSON body is read when the content type contains application/json", async () => {
      const res = await oauthCall("POST", "/token", { json: { grant_type: "client_credentials", client_id: CLIENT_ID, client_secret: CLIENT_SECRET }, headers: { "content-type": "application/json; charset=utf-8" } });
      expect(res.status).toBe(200);
    });

    it("any other content type is read as a form", async () => {
      const body = new URLSearchParams({ grant_type: "client_credentials", client_id: CLIENT_ID, client_secret: CLIENT_SECRET }).toString();
      const res = await oauthCall("POST", "/token", { raw: body, headers: { "content-type": "text/plain" } });
      expect(res.status).toBe(200);
    });

    seedOnly("an unreadable body is ignored: the query's values still count", async () => {
      const q = new URLSearchParams({ grant_type: "client_credentials", client_id: CLIENT_ID, client_secret: CLIENT_SECRET });
      const res = await oauthCall("POST", `/token?${q}`, { raw: "{not json", headers: { "content-type": "application/json" } });
      expect(res.status).toBe(200);
      const bad = await oauthCall("POST", "/token", { raw: "{not json", headers: { "content-type": "application/json" } });
      expectError(bad, 400, "unsupported_grant_type");
      const binary = await oauthCall("POST", `/token?${q}`, { raw: new Uint8Array([0xff, 0xfe, 0x00, 0x80]), headers: { "content-type": "application/x-www-form-urlencoded" } });
      expect(binary.status).toBe(200);
    });

    it("authorization_code: an unknown code is 400 invalid_grant", async () => {
      expectError(await post({ grant_type: "authorization_code", code: "chk_code_nope", client_id: CLIENT_ID }), 400, "invalid_grant");
      expectError(await post({ grant_type: "authorization_code", client_id: CLIENT_ID }), 400, "invalid_grant");
    });

    it("authorization_code: an expired code is 400 invalid_grant, and expired codes are removed", async () => {
      const { code, verifier } = await authorizeOk();
      await db().oAuthCode.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
      expectError(await post({ code: code!, client_id: CLIENT_ID, code_verifier: verifier }), 400, "invalid_grant");
      await authorizeOk();
      const { code: stale } = await authorizeOk();
      await db().oAuthCode.updateMany({ where: { codeHash: digestToken(stale!) }, data: { expiresAt: new Date(Date.now() - 1000) } });
      await authorizeOk();
      expect(await db().oAuthCode.count({ where: { codeHash: digestToken(stale!) } })).toBe(0);
    });

    it("authorization_code: another client_id is 401 invalid_client, and the code is consumed anyway", async () => {
      const { code, verifier } = await authorizeOk();
      expectError(await post({ code: code!, client_id: "intruder", code_verifier: verifier }), 401, "invalid_client");
      expectError(await post({ code: code!, client_id: CLIENT_ID, code_verifier: verifier }), 400, "invalid_grant");
    });

    it("a code is consumed by any token request naming it, even one asking for another grant", async () => {
      const a = await authorizeOk();
      expectError(await post({ grant_type: "password", code: a.code! }), 400, "unsupported_grant_type");
      expectError(await post({ code: a.code!, client_id: CLIENT_ID, code_verifier: a.verifier }), 400, "invalid_grant");
      const b = await authorizeOk();
      expect((await post({ grant_type: "client_credentials", client_id: CLIENT_ID, client_secret: CLIENT_SECRET, code: b.code! })).status).toBe(200);
      expectError(await post({ code: b.code!, client_id: CLIENT_ID, code_verifier: b.verifier }), 400, "invalid_grant");
    });

    it("authorization_code: a redirect_uri that differs is 400 invalid_grant; an absent one is not checked", async () => {
      const a = await authorizeOk();
      expectError(await post({ code: a.code!, client_id: CLIENT_ID, code_verifier: a.verifier, redirect_uri: "http://127.0.0.1:8765/other" }), 400, "invalid_grant");
      const b = await authorizeOk();
      expect((await post({ code: b.code!, client_id: CLIENT_ID, code_verifier: b.verifier, redirect_uri: REDIRECT })).status).toBe(200);
      const c = await authorizeOk();
      expect((await post({ code: c.code!, client_id: CLIENT_ID, code_verifier: c.verifier })).status).toBe(200);
    });

    it("authorization_code: a bound challenge without code_verifier is 400 invalid_request (and the code is spent)", async () => {
      const { code, verifier } = await authorizeOk();
      expectError(await post({ code: code!, client_id: CLIENT_ID }), 400, "invalid_request");
      expectError(await post({ code: code!, client_id: CLIENT_ID, code_verifier: verifier }), 400, "invalid_grant");
    });

    it("authorization_code: a verifier whose S256 differs from the challenge is 400 invalid_grant", async () => {
      const { code } = await authorizeOk();
      expectError(await post({ code: code!, client_id: CLIENT_ID, code_verifier: pkcePair().verifier }), 400, "invalid_grant");
    });

    it("authorization_code: all checks pass → 200 {access_token, token_type Bearer, expires_in 3600}, no-store, digest only", async () => {
      const { code, verifier } = await authorizeOk();
      const res = await post({ grant_type: "authorization_code", code: code!, client_id: CLIENT_ID, code_verifier: verifier, redirect_uri: REDIRECT });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(["access_token", "expires_in", "token_type"]);
      expect(res.body).toMatchObject({ token_type: "Bearer", expires_in: 3600 });
      expect(res.body.access_token).toMatch(/^chk_oat_[A-Za-z0-9_-]{43}$/);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const row = await db().oAuthToken.findUniqueOrThrow({ where: { tokenHash: digestToken(res.body.access_token) } });
      expect(JSON.stringify(row)).not.toContain(res.body.access_token);
      expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThanOrEqual(3599_000);
      expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(3601_000);
    });

    it("codes are single use: a replayed code is 400 invalid_grant", async () => {
      const { code, verifier } = await authorizeOk();
      expect((await post({ code: code!, client_id: CLIENT_ID, code_verifier: verifier })).status).toBe(200);
      expectError(await post({ code: code!, client_id: CLIENT_ID, code_verifier: verifier }), 400, "invalid_grant");
    });

    it("codes are claimed atomically: ten concurrent exchanges of one code give exactly one token", async () => {
      const { code, verifier } = await authorizeOk();
      const results = await Promise.all(Array.from({ length: 10 }, () => post({ code: code!, client_id: CLIENT_ID, code_verifier: verifier })));
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.filter((r) => r.status === 400 && r.body.error === "invalid_grant")).toHaveLength(9);
      expect(await db().oAuthToken.count()).toBe(1);
    });

    it("client_credentials: missing credentials on the server answer 500 server_error", async () => {
      setOAuthEnv({ OAUTH_CLIENT_SECRET: undefined });
      const res = await oauthCall("POST", "/token", { form: { grant_type: "client_credentials", client_id: CLIENT_ID, client_secret: CLIENT_SECRET }, allow500: true });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: "server_error" });
      expect(res.headers.get("cache-control")).toBe("no-store");
    });

    it("client_credentials: a wrong id or secret (of any length) is 401 invalid_client", async () => {
      expectError(await post({ grant_type: "client_credentials", client_id: "intruder", client_secret: CLIENT_SECRET }), 401, "invalid_client");
      expectError(await post({ grant_type: "client_credentials", client_id: CLIENT_ID, client_secret: "x" }), 401, "invalid_client");
      expectError(await post({ grant_type: "client_credentials", client_id: CLIENT_ID, client_secret: CLIENT_SECRET + "x".repeat(500) }), 401, "invalid_client");
      expectError(await post({ grant_type: "client_credentials", client_id: CLIENT_ID }), 401, "invalid_client");
    });

    it("client_credentials: a match is 200 {access_token, token_type Bearer, expires_in 3600} with no-store", async () => {
      const res = await post({ grant_type: "client_credentials", client_id: CLIENT_ID, client_secret: CLIENT_SECRET });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ access_token: expect.stringMatching(/^chk_oat_/), token_type: "Bearer", expires_in: 3600 });
      expect(res.headers.get("cache-control")).toBe("no-store");
    });
  });

  describe("discovery and registration", () => {
    seedOnly("GET /.well-known/oauth-authorization-server lists the endpoints under the request's base address", async () => {
      const res = await oauthCall("GET", "/.well-known/oauth-authorization-server");
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        issuer: BASE,
        authorization_endpoint: `${BASE}/authorize`,
        token_endpoint: `${BASE}/token`,
        registration_endpoint: `${BASE}/register`,
        token_endpoint_auth_methods_supported: ["none"],
        grant_types_supported: ["authorization_code"],
        response_types_supported: ["code"],
        code_challenge_methods_supported: ["S256"],
        scopes_supported: ["mcp"],
      });
    });

    it("the base address follows the request's host, never with a trailing slash; PUBLIC_BASE_URL overrides it", async () => {
      const forwarded = { host: "tools.example:8443", "x-forwarded-proto": "https", "x-forwarded-host": "evil.example" };
      const untrusted = await oauthCall("GET", "/.well-known/oauth-authorization-server", { headers: forwarded });
      expect(untrusted.body.issuer).toBe("http://tools.example:8443");
      setTrustProxy("true");
      const viaHost = await oauthCall("GET", "/.well-known/oauth-authorization-server", { headers: { ...forwarded, "x-forwarded-host": "tools.example:8443" } });
      setTrustProxy(undefined);
      expect(viaHost.body.issuer).toBe("https://tools.example:8443");
      setOAuthEnv({ PUBLIC_BASE_URL: "https://charter.example.com/" });
      const configured = await oauthCall("GET", "/.well-known/oauth-authorization-server");
      expect(configured.body.issuer).toBe("https://charter.example.com");
      expect(configured.body.token_endpoint).toBe("https://charter.example.com/token");
    });

    seedOnly("both protected-resource documents name the base address as resource and authorization server", async () => {
      for (const path of ["/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp"]) {
        const res = await oauthCall("GET", path);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ resource: BASE, authorization_servers: [BASE], scopes_supported: ["mcp"], bearer_methods_supported: ["header"] });
      }
    });

    seedOnly("GET and POST /register answer the stub registration, ignoring any body", async () => {
      const expected = {
        client_id: CLIENT_ID, client_name: "Charter MCP client", redirect_uris: ["https://claude.ai/api/mcp/auth_callback"],
        grant_types: ["authorization_code"], response_types: ["code"], token_endpoint_auth_method: "none",
      };
      expect((await oauthCall("GET", "/register")).body).toEqual(expected);
      const posted = await oauthCall("POST", "/register", { json: { client_id: "mine", redirect_uris: ["http://evil.example/cb"] } });
      expect(posted.status).toBe(200);
      expect(posted.body).toEqual(expected);
      expect((await oauthCall("POST", "/register", { raw: "{garbage", headers: { "content-type": "application/json" } })).body).toEqual(expected);
    });

    it("/register answers 500 server_error when the credentials are missing", async () => {
      setOAuthEnv({ OAUTH_CLIENT_ID: "" });
      const res = await oauthCall("POST", "/register", { allow500: true });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: "server_error" });
    });
  });

  describe("authentication with issued tokens", () => {
    it("an issued token works as a bearer token in the header, at /mcp", async () => {
      await createUser({ isInstanceAdmin: true });
      const { body } = await post({ grant_type: "client_credentials", client_id: CLIENT_ID, client_secret: CLIENT_SECRET });
      expect((await callTool(body.access_token, "whoami")).isError).toBe(false);
    });

    it("an expired token is no longer valid, and expired tokens are dropped", async () => {
      await createUser({ isInstanceAdmin: true });
      const { body } = await post({ grant_type: "client_credentials", client_id: CLIENT_ID, client_secret: CLIENT_SECRET });
      await db().oAuthToken.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
      const res = await oauthCall("POST", "/mcp", { headers: { authorization: `Bearer ${body.access_token}` }, json: { jsonrpc: "2.0", id: 1, method: "tools/list" } });
      expect(res.status).toBe(401);
      await post({ grant_type: "client_credentials", client_id: CLIENT_ID, client_secret: CLIENT_SECRET });
      expect(await db().oAuthToken.count({ where: { tokenHash: digestToken(body.access_token) } })).toBe(0);
    });
  });
});

describe("profile strict (default)", () => {
  useProfile("strict");

  it("is the default when OAUTH_PROFILE is unset", async () => {
    setOAuthEnv({ OAUTH_PROFILE: undefined });
    const res = await oauthCall("GET", authorizeUrl({ response_type: "code", client_id: CLIENT_ID, redirect_uri: REDIRECT, code_challenge: pkcePair().challenge }));
    expect(res.headers.get("location")).toMatch(/^\/login\?/);
  });

  it("a visitor who is not signed in goes to the login page, which comes back to the same authorization request", async () => {
    const url = authorizeUrl({ response_type: "code", client_id: CLIENT_ID, redirect_uri: REDIRECT, code_challenge: pkcePair().challenge, state: "s" });
    const res = await oauthCall("GET", url);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location")!, BASE);
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("callbackUrl")).toBe(url);
    expect(await db().oAuthCode.count()).toBe(0);
  });

  it("a session of a user that no longer exists approves nothing", async () => {
    const gone = await createUser();
    await db().user.delete({ where: { id: gone.id } });
    const res = await oauthCall("GET", authorizeUrl({ response_type: "code", client_id: CLIENT_ID, redirect_uri: REDIRECT, code_challenge: pkcePair().challenge }), { sessionUserId: gone.id });
    expect(res.headers.get("location")).toMatch(/^\/login\?/);
  });

  it("redirect_uri must be on the allowlist: loopback on any port, the registered callback, OAUTH_REDIRECT_URIS", async () => {
    const user = await signedInUser();
    const tryUri = (uri: string) => oauthCall("GET", authorizeUrl({ response_type: "code", client_id: CLIENT_ID, redirect_uri: uri, code_challenge: pkcePair().challenge }), { sessionUserId: user });
    for (const uri of ["http://localhost:1/cb", "http://127.0.0.1:54321/oauth/callback", "http://[::1]:9999/x", "https://claude.ai/api/mcp/auth_callback"]) {
      expect((await tryUri(uri)).status, uri).toBe(302);
    }
    for (const uri of ["https://evil.example/cb", "http://localhost.evil.example/cb", "http://user@127.0.0.1:1/cb", "https://app.example/cb", "not a url", ""]) {
      const res = await tryUri(uri);
      expectError(res, 400, "invalid_request");
      expect(res.headers.get("location"), uri).toBeNull();
    }
    setOAuthEnv({ OAUTH_REDIRECT_URIS: "https://app.example/cb, https://other.example/cb" });
    expect((await tryUri("https://app.example/cb")).status).toBe(302);
    expect((await tryUri("https://app.example/cb2")).status).toBe(400);
  });

  it("PKCE is required: no code_challenge is invalid_request, sent back to redirect_uri with state and iss", async () => {
    const res = await oauthCall("GET", authorizeUrl({ response_type: "code", client_id: CLIENT_ID, redirect_uri: REDIRECT, state: "p" }), { sessionUserId: await signedInUser() });
    const back = new URL(redirectParams(res).location);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(Object.fromEntries(back.searchParams)).toEqual({ error: "invalid_request", error_description: expect.stringContaining("code_challenge"), state: "p", iss: BASE });
    expect(await db().oAuthCode.count()).toBe(0);
  });

  it("a signed-in board user is approved without a consent screen, and the token acts as that user", async () => {
    const { code, verifier } = await authorizeOk();
    const { body } = await post({ code: code!, client_id: CLIENT_ID, code_verifier: verifier });
    const me = await callTool(body.access_token, "whoami");
    expect(me.value.id).toBe(boardUserId);
  });
});

describe("profile seed", () => {
  useProfile("seed");

  it("anonymous requests are approved (the spec's auto-approval) and act as the (oldest) instance admin", async () => {
    await createUser({ isInstanceAdmin: true });
    const admin = await db().user.findFirstOrThrow({ where: { isInstanceAdmin: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    const res = await oauthCall("GET", authorizeUrl({ response_type: "code", client_id: CLIENT_ID, redirect_uri: "https://anywhere.example/cb", state: "x" }));
    const { code, state } = redirectParams(res);
    expect(state).toBe("x");
    const tok = await post({ code: code!, client_id: CLIENT_ID });
    expect(tok.status).toBe(200);
    const me = await callTool(tok.body.access_token, "whoami");
    expect(me.value.id).toBe(admin.id);
  });

  it("without a bound challenge no PKCE check is made", async () => {
    const { code } = await authorizeOk({}, { pkce: false });
    expect((await post({ code: code!, client_id: CLIENT_ID, code_verifier: "anything" })).status).toBe(200);
  });

  it("a redirect_uri is still required, and must be an address", async () => {
    expectError(await oauthCall("GET", authorizeUrl({ response_type: "code", client_id: CLIENT_ID })), 400, "invalid_request");
    expectError(await oauthCall("GET", authorizeUrl({ response_type: "code", client_id: CLIENT_ID, redirect_uri: "no\nway" })), 400, "invalid_request");
  });
});

describe.each(["strict", "seed"] as const)("edges found in review, profile %s", (profile) => {
  useProfile(profile);

  it("HEAD /token with a code is 405 and leaves the code unspent", async () => {
    const { code, verifier } = await authorizeOk();
    const head = await oauthCall("HEAD", `/token?code=${code}&client_id=${CLIENT_ID}`);
    expect(head.status).toBe(405);
    expect((await oauthCall("HEAD", authorizeUrl({ response_type: "code", client_id: CLIENT_ID }))).status).toBe(405);
    expect((await post({ code: code!, client_id: CLIENT_ID, code_verifier: verifier })).status).toBe(200);
  });

  it("a JSON body is read whatever the case of its content type", async () => {
    const { code, verifier } = await authorizeOk();
    const res = await oauthCall("POST", "/token", { json: { code, client_id: CLIENT_ID, code_verifier: verifier }, headers: { "content-type": "Application/JSON; charset=UTF-8" } });
    expect(res.status).toBe(200);
    expect(typeof res.body.access_token).toBe("string");
  });
});

describe("profile seed: values PostgreSQL cannot store", () => {
  useProfile("seed");

  it("a NUL in code_challenge or redirect_uri is a 400 invalid_request, and no code is issued", async () => {
    const before = await db().oAuthCode.count();
    expectError(await oauthCall("GET", authorizeUrl({ response_type: "code", client_id: CLIENT_ID, redirect_uri: REDIRECT, code_challenge: "\u0000" })), 400, "invalid_request");
    expectError(await oauthCall("GET", authorizeUrl({ response_type: "code", client_id: CLIENT_ID, redirect_uri: `${REDIRECT}\u0000` })), 400, "invalid_request");
    expect(await db().oAuthCode.count()).toBe(before);
  });
});
