// The strict OAuth profile (the default) where it follows the RFCs instead of the seed spec: what an
// RFC-minded client relies on, and the MCP SDK's own client auth run against the in-process handlers
// from the metadata alone. The seed profile's rules stay in oauth.test.ts.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { auth, discoverAuthorizationServerMetadata, discoverOAuthProtectedResourceMetadata, type OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { ClientCredentialsProvider } from "@modelcontextprotocol/sdk/client/auth-extensions.js";
import type { OAuthClientInformationMixed, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { db } from "@/lib/db/client";
import { PEER_ADDRESS_HEADER } from "@/lib/auth/request-origin";
import { createUser } from "../factories";
import {
  authorizeUrl, BASE, callTool, CLIENT_ID, CLIENT_SECRET, oauthCall, oauthFetch, pkcePair, redirectParams, sessionCookie, setOAuthEnv, type OAuthResponse,
} from "../support/oauth";

const REDIRECT = "http://127.0.0.1:8765/callback";
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString("base64")}`;
const ccForm = { grant_type: "client_credentials", client_id: CLIENT_ID, client_secret: CLIENT_SECRET };
const expectError = (res: OAuthResponse, status: number, error: string) => {
  expect(res.status, res.text).toBe(status);
  expect(res.body.error).toBe(error);
};

beforeEach(async () => {
  await db().$executeRaw`TRUNCATE "OAuthCode", "OAuthToken", rate_limits`;
  setOAuthEnv({ OAUTH_CLIENT_ID: CLIENT_ID, OAUTH_CLIENT_SECRET: CLIENT_SECRET, OAUTH_PROFILE: undefined, OAUTH_REDIRECT_URIS: undefined, PUBLIC_BASE_URL: undefined });
});
afterAll(() => setOAuthEnv({ OAUTH_CLIENT_ID: undefined, OAUTH_CLIENT_SECRET: undefined, OAUTH_PROFILE: undefined, PUBLIC_BASE_URL: undefined }));

describe("POST /token (RFC 6749 §3.2, §2.3.1, §5.2)", () => {
  it("GET /token is 405 with Allow: POST, and issues no token even with good client credentials", async () => {
    for (const url of ["/token", `/token?${new URLSearchParams(ccForm)}`]) {
      const res = await oauthCall("GET", url);
      expectError(res, 405, "invalid_request");
      expect(res.headers.get("allow")).toBe("POST, OPTIONS");
      expect(res.body.access_token).toBeUndefined();
    }
    expect((await oauthCall("HEAD", "/token")).headers.get("allow")).toBe("POST, OPTIONS");
    expect(await db().oAuthToken.count()).toBe(0);
  });

  it("a client_secret in the query string is refused (400 invalid_request), also when the body has the credentials", async () => {
    const res = await oauthCall("POST", `/token?client_secret=${CLIENT_SECRET}`, { form: ccForm });
    expectError(res, 400, "invalid_request");
    expect(res.body.error_description).toMatch(/query string/);
    expect(await db().oAuthToken.count()).toBe(0);
  });

  it("HTTP Basic client authentication works, and a 401 always carries a Basic challenge", async () => {
    const ok = await oauthCall("POST", "/token", { form: { grant_type: "client_credentials" }, headers: { authorization: basic(CLIENT_ID, CLIENT_SECRET) } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.token_type).toBe("Bearer");
    const wrongBasic = await oauthCall("POST", "/token", { form: { grant_type: "client_credentials" }, headers: { authorization: basic(CLIENT_ID, "nope") } });
    const wrongPost = await oauthCall("POST", "/token", { form: { ...ccForm, client_secret: "nope" } });
    const malformed = await oauthCall("POST", "/token", { form: { grant_type: "client_credentials" }, headers: { authorization: "Basic !!!" } });
    for (const res of [wrongBasic, wrongPost, malformed]) {
      expectError(res, 401, "invalid_client");
      expect(res.headers.get("www-authenticate")).toMatch(/^Basic realm="charter"/);
    }
  });

  it("one client authentication method only: Basic plus a body secret is 400", async () => {
    const res = await oauthCall("POST", "/token", { form: ccForm, headers: { authorization: basic(CLIENT_ID, CLIENT_SECRET) } });
    expectError(res, 400, "invalid_request");
  });

  it("the authorization-code grant: a wrong secret presented with it is 401 and spends the code", async () => {
    const user = await createUser();
    const pkce = pkcePair();
    const res = await oauthCall("GET", authorizeUrl({ response_type: "code", client_id: CLIENT_ID, redirect_uri: REDIRECT, code_challenge: pkce.challenge }), { sessionUserId: user.id });
    const { code } = redirectParams(res);
    const wrong = await oauthCall("POST", "/token", { form: { code: code!, client_id: CLIENT_ID, code_verifier: pkce.verifier, client_secret: "nope" } });
    expectError(wrong, 401, "invalid_client");
    expect(wrong.headers.get("www-authenticate")).toMatch(/^Basic/);
    expectError(await oauthCall("POST", "/token", { form: { code: code!, client_id: CLIENT_ID, code_verifier: pkce.verifier } }), 400, "invalid_grant");
  });

  it("failed client authentications back off per (client, address): 5 free, then 429 with Retry-After, even for the right secret", async () => {
    const from = (address: string, form: Record<string, string>) => oauthCall("POST", "/token", { form, headers: { [PEER_ADDRESS_HEADER]: address } });
    for (let i = 0; i < 5; i++) expectError(await from("203.0.113.7", { ...ccForm, client_secret: `wrong-${i}` }), 401, "invalid_client");
    const limited = await from("203.0.113.7", ccForm);
    expectError(limited, 429, "too_many_requests");
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(14);
    expect(retryAfter).toBeLessThanOrEqual(15);
    expect(await db().oAuthToken.count()).toBe(0);
    // the same client from another address is not slowed down by this one
    expect((await from("198.51.100.1", ccForm)).status).toBe(200);
    // the wait over (its row expired), the right secret works and clears the pair's failures
    await db().$executeRaw`UPDATE rate_limits SET expire = 1 WHERE key LIKE 'token:wait:%'`;
    expect((await from("203.0.113.7", ccForm)).status).toBe(200);
    expectError(await from("203.0.113.7", { ...ccForm, client_secret: "wrong-again" }), 401, "invalid_client");
  });
});

describe("discovery and registration", () => {
  it("RFC 8414 metadata lists every grant and client authentication /token takes, and the iss response parameter", async () => {
    const res = await oauthCall("GET", "/.well-known/oauth-authorization-server");
    expect(res.body).toEqual({
      issuer: BASE,
      authorization_endpoint: `${BASE}/authorize`,
      token_endpoint: `${BASE}/token`,
      registration_endpoint: `${BASE}/register`,
      token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
      grant_types_supported: ["authorization_code", "client_credentials"],
      response_types_supported: ["code"],
      response_modes_supported: ["query"],
      code_challenge_methods_supported: ["S256"],
      scopes_supported: ["mcp"],
      authorization_response_iss_parameter_supported: true,
    });
  });

  it("RFC 9728 §3.3: each protected-resource document names the resource its well-known address was made from", async () => {
    const root = await oauthCall("GET", "/.well-known/oauth-protected-resource");
    expect(root.body).toEqual({ resource: BASE, authorization_servers: [BASE], scopes_supported: ["mcp"], bearer_methods_supported: ["header"] });
    const mcp = await oauthCall("GET", "/.well-known/oauth-protected-resource/mcp");
    expect(mcp.body).toEqual({ resource: `${BASE}/mcp`, authorization_servers: [BASE], scopes_supported: ["mcp"], bearer_methods_supported: ["header"] });
  });

  it("RFC 7591: POST /register answers 201 Created; GET is 405", async () => {
    const res = await oauthCall("POST", "/register", { json: { redirect_uris: [REDIRECT], client_name: "x" } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ client_id: CLIENT_ID, token_endpoint_auth_method: "none" });
    const get = await oauthCall("GET", "/register");
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST, OPTIONS");
  });
});

describe("GET /authorize (RFC 6749 §4.1.2.1, RFC 9207)", () => {
  const query = (extra: Record<string, string>) => ({ response_type: "code", client_id: CLIENT_ID, redirect_uri: REDIRECT, code_challenge: pkcePair().challenge, state: "s-1", ...extra });

  it("errors found once redirect_uri is valid go back to it with error, state and iss; no code is issued", async () => {
    const user = await createUser();
    const cases: [Record<string, string>, string][] = [
      [{ response_type: "token" }, "unsupported_response_type"],
      [{ code_challenge_method: "plain" }, "invalid_request"],
      [{ code_challenge: "" }, "invalid_request"],
    ];
    for (const [extra, error] of cases) {
      const res = await oauthCall("GET", authorizeUrl(query(extra)), { sessionUserId: user.id });
      const back = new URL(redirectParams(res).location);
      expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
      expect(back.searchParams.get("error"), JSON.stringify(extra)).toBe(error);
      expect(back.searchParams.get("state")).toBe("s-1");
      expect(back.searchParams.get("iss")).toBe(BASE);
      expect(back.searchParams.get("code")).toBeNull();
    }
    expect(await db().oAuthCode.count()).toBe(0);
  });

  it("an unknown client or a redirect_uri off the allowlist is never redirected to", async () => {
    const unknownClient = await oauthCall("GET", authorizeUrl(query({ client_id: "intruder", response_type: "token" })));
    expectError(unknownClient, 400, "invalid_client");
    const offList = await oauthCall("GET", authorizeUrl(query({ redirect_uri: "https://evil.example/cb", response_type: "token" })));
    expectError(offList, 400, "invalid_request");
    for (const res of [unknownClient, offList]) expect(res.headers.get("location")).toBeNull();
  });

  it("the authorization response carries iss, the metadata's issuer, beside code and state", async () => {
    const user = await createUser();
    const res = await oauthCall("GET", authorizeUrl(query({})), { sessionUserId: user.id });
    const { location, code, state } = redirectParams(res);
    expect(code).toMatch(/^chk_code_/);
    expect(state).toBe("s-1");
    const issuer = (await oauthCall("GET", "/.well-known/oauth-authorization-server")).body.issuer;
    expect(new URL(location).searchParams.get("iss")).toBe(issuer);
  });
});

describe("the MCP SDK's client auth, from the metadata alone", () => {
  const serverUrl = `${BASE}/mcp`;

  it("discovers the protected resource and its authorization server", async () => {
    const prm = await discoverOAuthProtectedResourceMetadata(serverUrl, undefined, oauthFetch);
    expect(prm.resource).toBe(serverUrl);
    const as = await discoverAuthorizationServerMetadata(prm.authorization_servers![0], { fetchFn: oauthFetch });
    expect(as?.grant_types_supported).toContain("client_credentials");
  });

  it("client credentials: auth() gets a token (client_secret_basic, chosen from the metadata) that /mcp accepts", async () => {
    await createUser({ isInstanceAdmin: true });
    const provider = new ClientCredentialsProvider({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, expectedIssuer: BASE });
    const tokenAuth: (string | null)[] = [];
    const fetchFn = (input: string | URL, init?: RequestInit) => {
      if (new URL(input).pathname === "/token") tokenAuth.push(new Headers(init?.headers).get("authorization"));
      return oauthFetch(input, init);
    };
    expect(await auth(provider, { serverUrl, fetchFn })).toBe("AUTHORIZED");
    expect(tokenAuth).toEqual([basic(CLIENT_ID, CLIENT_SECRET)]);
    const token = provider.tokens()!.access_token;
    expect((await callTool(token, "whoami")).isError).toBe(false);
  });

  it("authorization code with PKCE: registration, the signed-in user's approval, the exchange", async () => {
    const user = await createUser();
    let redirectedTo: URL | undefined;
    let verifier = "";
    let client: OAuthClientInformationMixed | undefined;
    let tokens: OAuthTokens | undefined;
    const provider: OAuthClientProvider = {
      redirectUrl: REDIRECT,
      clientMetadata: { redirect_uris: [REDIRECT], client_name: "SDK test", token_endpoint_auth_method: "none", grant_types: ["authorization_code"] },
      state: () => "sdk-state",
      clientInformation: () => client,
      saveClientInformation: (info) => void (client = info),
      tokens: () => tokens,
      saveTokens: (t) => void (tokens = t),
      redirectToAuthorization: (url) => void (redirectedTo = url),
      saveCodeVerifier: (v) => void (verifier = v),
      codeVerifier: () => verifier,
    };
    expect(await auth(provider, { serverUrl, fetchFn: oauthFetch })).toBe("REDIRECT");
    expect(client?.client_id).toBe(CLIENT_ID);
    expect(redirectedTo!.searchParams.get("code_challenge_method")).toBe("S256");
    // the person's browser: signed in, it follows the authorization URL
    const res = await oauthCall("GET", redirectedTo!.pathname + redirectedTo!.search, { headers: { cookie: await sessionCookie(user.id) } });
    const back = new URL(redirectParams(res).location);
    expect(back.searchParams.get("state")).toBe("sdk-state");
    expect(back.searchParams.get("iss")).toBe(BASE);
    expect(await auth(provider, { serverUrl, authorizationCode: back.searchParams.get("code")!, fetchFn: oauthFetch })).toBe("AUTHORIZED");
    expect((await callTool(tokens!.access_token, "whoami")).value.id).toBe(user.id);
  });
});
