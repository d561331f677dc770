// Board hardening on the real server: security headers on every kind of answer and
// pages that work under them, sign-in and /token backoff (a spoofed X-Forwarded-For changes nothing
// without TRUST_PROXY), sessions that end on the server (a copied cookie stops working after sign-out
// and after a password change), and the Origin check of cookie-authenticated writes from a real
// cross-origin page.
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { withE2eDatabase } from "./db";

const headerChecks = (headers: Record<string, string>, what: string) => {
  const csp = headers["content-security-policy"] ?? "";
  expect(csp, `${what}: CSP`).toContain("frame-ancestors 'none'");
  expect(csp, `${what}: CSP`).toContain("object-src 'none'");
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["referrer-policy"], what).toBe("same-origin");
  expect(headers["permissions-policy"], what).toContain("camera=()");
  // plain http, and no trusted proxy to say otherwise (TRUST_PROXY is off): no HSTS
  expect(headers["strict-transport-security"], what).toBeUndefined();
};

/** Records the page's CSP violations (Chromium reports each on the console). */
function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(msg.text())) seen.push(msg.text());
  });
  return seen;
}

test("every kind of answer carries the security headers; HSTS is not sent over plain http, whatever a client claims", async ({ request }) => {
  const paths = ["/login", "/companies", "/docs/api", "/api/health", "/api/openapi.json", "/.well-known/oauth-authorization-server", "/authorize?response_type=code", "/no-such-page"];
  for (const path of paths) {
    const res = await request.get(path, { maxRedirects: 0, headers: { "x-forwarded-proto": "https" } });
    headerChecks(res.headers(), path);
  }
});

test("the pages work under the policy, and another site cannot frame them", async ({ page, baseURL }) => {
  const violations = cspViolations(page);
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { name: "Charter API reference" })).toBeVisible();
  await signIn(page);
  await expect(page.getByTestId("user-name")).toBeVisible();
  expect(violations, "CSP violations of our own pages").toEqual([]);

  // a page of another origin framing the sign-in page gets nothing rendered in the frame
  const other = http.createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(`<iframe id="f" src="${baseURL}/login" width="600" height="400"></iframe>`));
  await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
  try {
    await page.goto(`http://127.0.0.1:${(other.address() as AddressInfo).port}/`);
    await page.waitForTimeout(1000);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(frame, "the frame").toBeDefined();
    expect(await frame!.getByRole("button", { name: "Sign in" }).count(), "the sign-in page rendered inside another site's frame").toBe(0);
  } finally {
    other.close();
  }
});

/** next-auth's credentials sign-in as the form makes it; the error it answers, or null on success. */
async function credentialsSignIn(api: APIRequestContext, email: string, password: string, headers: Record<string, string> = {}) {
  const { csrfToken } = await (await api.get("/api/auth/csrf")).json();
  const res = await api.post("/api/auth/callback/credentials", { form: { email, password, csrfToken, json: "true" }, headers });
  const { url } = await res.json();
  return { status: res.status(), error: new URL(url).searchParams.get("error") };
}

test("sign-in: an unknown account and a wrong password answer alike; after 5 failures the pair waits, a spoofed address too", async ({ page, baseURL }, testInfo) => {
  const api = await playwrightRequest.newContext({ baseURL });
  const stranger = `nobody-${Date.now()}@example.test`;
  expect(await credentialsSignIn(api, ADMIN.email, "not the password")).toEqual({ status: 401, error: "CredentialsSignin" });
  expect(await credentialsSignIn(api, stranger, "not the password")).toEqual({ status: 401, error: "CredentialsSignin" });
  for (let i = 0; i < 4; i++) await credentialsSignIn(api, stranger, `guess-${i}`);
  const limited = await credentialsSignIn(api, stranger, "guess-5", { "x-forwarded-for": `203.0.113.${Date.now() % 250}` });
  expect(limited.error).toMatch(/^TooManyAttempts:1[45]$/);
  await api.dispose();
  // the failures were counted for the socket's address (the server stamps it), not for "unknown"
  const pairKey = (addr: string) => `signin:fails:${createHash("sha256").update(`${stranger}\n${addr}`).digest("base64url")}`;
  const counted = await withE2eDatabase(async (db) =>
    (await db.query<{ key: string; points: number }>("SELECT key, points FROM rate_limits WHERE key = ANY($1)", [[pairKey("127.0.0.1"), pairKey("unknown")]])).rows);
  expect(counted).toEqual([{ key: pairKey("127.0.0.1"), points: 5 }]);

  // the form says so in words
  await page.goto("/login");
  await page.getByLabel("Email").fill(stranger);
  await page.getByLabel("Password").fill("guess-6");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText(/Too many attempts, try again in \d+ s/)).toBeVisible();
  await snap(page, testInfo, "sign-in-too-many-attempts");
  await page.setViewportSize({ width: 390, height: 800 });
  await snap(page, testInfo, "sign-in-too-many-attempts-390");
  await page.setViewportSize({ width: 1360, height: 900 });
  // the account's owner at this address was not slowed by a stranger's failures
  await signIn(page);
});

test("/token: POST only, a Basic challenge on 401, and 429 with Retry-After after 5 failed client authentications", async ({ request }) => {
  expect((await request.get("/token")).status()).toBe(405);
  const client = `no-such-client-${Date.now()}`;
  for (let i = 0; i < 5; i++) {
    const res = await request.post("/token", { form: { grant_type: "client_credentials", client_id: client, client_secret: `s${i}` } });
    expect(res.status()).toBe(401);
    expect(res.headers()["www-authenticate"]).toMatch(/^Basic realm=/);
  }
  const limited = await request.post("/token", { form: { grant_type: "client_credentials", client_id: client, client_secret: "s5" }, headers: { "x-forwarded-for": "198.51.100.9" } });
  expect(limited.status()).toBe(429);
  expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
  expect(await limited.json()).toMatchObject({ error: "too_many_requests" });
});

async function copyOfSession(page: Page, baseURL: string): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL, storageState: { cookies: await page.context().cookies(), origins: [] } });
}

test("a copied session cookie stops working once its session signs out", async ({ page, baseURL }) => {
  await signIn(page);
  const copy = await copyOfSession(page, baseURL!);
  expect((await copy.get("/api/board/me")).status()).toBe(200);
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(/\/login/);
  expect((await copy.get("/api/board/me")).status()).toBe(401);
  const board = await copy.get("/companies", { maxRedirects: 0 });
  expect([302, 303, 307]).toContain(board.status());
  expect(board.headers()["location"]).toMatch(/\/login/);
  await copy.dispose();
});

test("a password change ends the other sessions; the browser that made it stays signed in", async ({ page, baseURL, browser }) => {
  await signIn(page);
  const elsewhere = await browser.newContext({ baseURL });
  const other = await elsewhere.newPage();
  await signIn(other);
  const change = (current: string, next: string) =>
    page.request.post("/api/board/me/password", { data: { currentPassword: current, newPassword: next }, headers: { origin: baseURL! } });
  const temporary = `${ADMIN.password}-changed`;
  expect((await change(ADMIN.password, temporary)).status()).toBe(204);
  try {
    expect((await other.request.get("/api/board/me")).status()).toBe(401);
    await other.goto("/companies");
    await other.waitForURL(/\/login/);
    expect((await page.request.get("/api/board/me")).status()).toBe(200);
    await page.goto("/companies");
    await expect(page.getByTestId("user-name")).toBeVisible();
  } finally {
    // the other specs sign in with ADMIN's password
    expect((await change(temporary, ADMIN.password)).status()).toBe(204);
    await elsewhere.close();
  }
});

test("cookie-authenticated writes: another origin's page is refused; our own Origin is accepted", async ({ page, baseURL }) => {
  await signIn(page);
  const own = await page.request.post("/api/board/tokens", { data: { name: "own origin" }, headers: { origin: baseURL! } });
  expect(own.status()).toBe(201);
  const forged: Record<string, string>[] = [{}, { origin: "https://evil.example" }, { origin: "https://evil.example", "x-forwarded-host": "evil.example" }];
  for (const headers of forged) {
    const res = await page.request.post("/api/board/tokens", { data: { name: "forged" }, headers });
    expect(res.status(), JSON.stringify(headers)).toBe(403);
  }
  // a real page of another origin (same site: 127.0.0.1, another port, so the cookie does go along)
  const attacker = http.createServer((_req, res) =>
    res.writeHead(200, { "content-type": "text/html" }).end(`<form id="f" method="POST" action="${baseURL}/api/board/tokens" enctype="text/plain"><input name='{"name":"forged","x":"' value='"}'></form><script>document.getElementById("f").submit()</script>`));
  await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
  try {
    await page.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`);
    await page.waitForURL(`${baseURL}/api/board/tokens`);
    await expect(page.locator("body")).toContainText("Cross-site requests with a session cookie are refused");
  } finally {
    attacker.close();
  }
  const tokens = await (await page.request.get("/api/board/tokens")).json();
  expect(tokens.map((t: { name: string }) => t.name)).not.toContain("forged");
});
