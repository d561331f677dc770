// Board sign-in hardening on a real database: next-auth's own authorize, jwt and
// signOut hooks of authOptions(), the rate limits in rate_limits, server-side sessions (BoardSession)
// as every cookie lookup sees them, the password change, and the Origin check of cookie writes.
// The same against a real server in a browser: e2e/security.spec.ts.
import { afterEach, describe, expect, it } from "vitest";
import type { JWT } from "next-auth/jwt";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { authOptions, sessionUserId } from "@/lib/auth/session";
import { guardAttempt, signInPolicy, TooManyAttempts, type AttemptPolicy } from "@/lib/auth/rate-limit";
import { clientAddress, PEER_ADDRESS_HEADER } from "@/lib/auth/request-origin";
import { client } from "../support/api";
import { sessionCookie } from "../support/oauth";
import { createBoardUser, createUser, createWorld, FIXED_PASSWORD, mintAgentKey } from "../factories";

let n = 0;
const address = () => `192.0.2.${++n}`;

/** next-auth's credentials check, as its callback route runs it (headers as a plain object). */
async function authorize(email: string, password: string, from: string) {
  const provider = authOptions().providers[0] as unknown as { options: { authorize: (c: unknown, req: unknown) => Promise<{ id: string } | null> } };
  return provider.options.authorize({ email, password }, { headers: { [PEER_ADDRESS_HEADER]: from } });
}

/** What next-auth's callback does after a successful authorize: the jwt callback makes the session's token. */
async function signIn(user: { id: string; email: string; name: string }): Promise<JWT> {
  const jwt = authOptions().callbacks!.jwt!;
  return jwt({ token: { sub: user.id }, user: { id: user.id, email: user.email, name: user.name }, account: null, trigger: "signIn" } as Parameters<typeof jwt>[0]);
}

const cookieOf = async (token: JWT) => {
  const { encode } = await import("next-auth/jwt");
  return `next-auth.session-token=${await encode({ token, secret: process.env.SESSION_SECRET! })}`;
};
const asCookie = (cookie: string) => ({ headers: { cookie, origin: "http://charter.test" } });
/** Lets a pair's current wait run out, as time would. */
const waitOver = () => db().$executeRaw`UPDATE rate_limits SET expire = 1 WHERE key LIKE 'signin:wait:%'`;

function setEnv(key: string, value: string | undefined) {
  if (value === undefined) delete process.env[key];
  else process.env[key] = value;
  resetEnvCache();
}
afterEach(() => {
  setEnv("TRUST_PROXY", undefined);
  setEnv("PUBLIC_BASE_URL", undefined);
});

describe("sign-in: the same answer and the same work for an unknown account and a wrong password", () => {
  it("both answer null; the right password answers the user", async () => {
    const user = await createUser();
    const from = address();
    expect(await authorize(user.email, "wrong password", from)).toBeNull();
    expect(await authorize(`nobody-${user.id}@example.test`, "wrong password", from)).toBeNull();
    expect(await authorize(user.email.toUpperCase(), FIXED_PASSWORD, from)).toMatchObject({ id: user.id });
  });

  it("an unknown account costs an argon2 verification too (not answered at once)", async () => {
    const user = await createUser();
    const median = async (email: string) => {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        await authorize(email, `wrong-${i}`, address());
        times.push(performance.now() - t);
      }
      return times.sort((a, b) => a - b)[2];
    };
    // interleaved, so a busy machine slows both alike
    const wrongTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let round = 0; round < 3; round++) {
      wrongTimes.push(await median(user.email));
      unknownTimes.push(await median(`nobody-${user.id}@example.test`));
    }
    const wrong = wrongTimes.sort((a, b) => a - b)[1];
    const unknown = unknownTimes.sort((a, b) => a - b)[1];
    // an argon2id verification (19 MiB, t=2) takes tens of milliseconds; a lookup that finds nobody,
    // about one: the bounds are loose because the machine may be busy, but far from that gap
    expect(unknown).toBeGreaterThan(wrong * 0.3);
    expect(unknown).toBeLessThan(wrong * 3);
  });
});

describe("sign-in backoff per (account, address)", () => {
  it("5 failures are free; then every attempt waits, the right password too, with the same answer for an unknown account", async () => {
    for (const known of [true, false]) {
      const user = await createUser();
      const email = known ? user.email : `ghost-${user.id}@example.test`;
      const from = address();
      for (let i = 0; i < 5; i++) expect(await authorize(email, `wrong-${i}`, from)).toBeNull();
      const refused = await authorize(email, FIXED_PASSWORD, from).catch((e: Error) => e);
      expect(refused).toBeInstanceOf(Error);
      expect((refused as Error).message).toMatch(/^TooManyAttempts:1[45]$/);
    }
  });

  it("the wait is this pair's only: the same account from another address signs in", async () => {
    const user = await createUser();
    const from = address();
    for (let i = 0; i < 5; i++) await authorize(user.email, "wrong", from);
    await expect(authorize(user.email, FIXED_PASSWORD, from)).rejects.toThrow(/TooManyAttempts/);
    expect(await authorize(user.email, FIXED_PASSWORD, address())).toMatchObject({ id: user.id });
  });

  it("the wait doubles with each further failure, and a success clears the pair", async () => {
    const user = await createUser();
    const from = address();
    const waitAfterFailure = async () => {
      expect(await authorize(user.email, "wrong", from)).toBeNull();
      const err = (await authorize(user.email, "wrong", from).catch((e: Error) => e)) as Error;
      await waitOver();
      return Number(/TooManyAttempts:(\d+)/.exec(err.message)?.[1]);
    };
    for (let i = 0; i < 4; i++) await authorize(user.email, "wrong", from);
    expect(await waitAfterFailure()).toBe(15);
    expect(await waitAfterFailure()).toBe(30);
    expect(await waitAfterFailure()).toBe(60);
    expect(await authorize(user.email, FIXED_PASSWORD, from)).toMatchObject({ id: user.id });
    for (let i = 0; i < 5; i++) expect(await authorize(user.email, "wrong", from)).toBeNull();
  });

  it("rate_limits names no email address or address in clear", async () => {
    const user = await createUser();
    await authorize(user.email, "wrong", "198.51.100.77");
    const keys = (await db().$queryRaw<{ key: string }[]>`SELECT key FROM rate_limits`).map((r) => r.key);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join(" ")).not.toMatch(/@|198\.51/);
  });
});

describe("the ceilings across pairs (a small policy, so that no test makes a hundred argon2 checks)", () => {
  const small: AttemptPolicy = { name: "test-ceiling", freeFailures: 100, firstDelaySec: 15, maxDelaySec: 900, perSubject: { failures: 3, windowSec: 60 }, perAddress: { failures: 4, windowSec: 60 } };
  const fail = async () => false;

  it("per account: failures from many addresses stop at the ceiling until the window ends", async () => {
    const subject = `acct-${address()}`;
    for (let i = 0; i < 3; i++) await guardAttempt(small, subject, address(), fail);
    const err = await guardAttempt(small, subject, address(), async () => true).catch((e) => e);
    expect(err).toBeInstanceOf(TooManyAttempts);
    expect((err as TooManyAttempts).retryAfterSec).toBeGreaterThan(50);
    expect(await guardAttempt(small, `other-${subject}`, address(), async () => true)).toBe(true);
  });

  it("per address: failures for many accounts stop at the ceiling", async () => {
    const from = address();
    for (let i = 0; i < 4; i++) await guardAttempt(small, `spray-${i}-${from}`, from, fail);
    await expect(guardAttempt(small, `spray-new-${from}`, from, async () => true)).rejects.toBeInstanceOf(TooManyAttempts);
  });

  it("the real policy: 5 free per pair, doubling from 15 s to 15 min, ceilings of 100 per account and 200 per address an hour", () => {
    expect(signInPolicy).toMatchObject({ freeFailures: 5, firstDelaySec: 15, maxDelaySec: 900, perSubject: { failures: 100, windowSec: 3600 }, perAddress: { failures: 200, windowSec: 3600 } });
  });
});

describe("the client's address: X-Forwarded-For only behind a trusted proxy", () => {
  const headers = (h: Record<string, string>) => new Headers(h);

  it("without TRUST_PROXY the socket's address counts, whatever X-Forwarded-For claims", () => {
    expect(clientAddress(headers({ "x-forwarded-for": "10.9.9.9", [PEER_ADDRESS_HEADER]: "::ffff:127.0.0.1" }))).toBe("127.0.0.1");
  });

  it("with TRUST_PROXY the proxy's own entry (the last) counts, not one the client wrote before it", () => {
    setEnv("TRUST_PROXY", "true");
    expect(clientAddress(headers({ "x-forwarded-for": "10.9.9.9, 203.0.113.5", [PEER_ADDRESS_HEADER]: "127.0.0.1" }))).toBe("203.0.113.5");
  });

  it("TRUST_PROXY takes true/false/1/0 and nothing else", async () => {
    const { parseEnv } = await import("@/lib/env");
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(true);
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(() => parseEnv({ TRUST_PROXY: "yes please" })).toThrow(/TRUST_PROXY/);
  });
});

describe("server-side sessions", () => {
  it("signing in starts a BoardSession; signing out revokes it, and a copy of the cookie stops working", async () => {
    const w = await createWorld();
    const token = await signIn(w.owner);
    expect(typeof token.sid).toBe("string");
    const row = await db().boardSession.findUniqueOrThrow({ where: { id: token.sid as string } });
    expect(row.userId).toBe(w.owner.id);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(29 * 24 * 3600_000);
    const cookie = await cookieOf(token);
    expect((await client(null).get("/api/board/me", asCookie(cookie))).status).toBe(200);

    await authOptions().events!.signOut!({ token, session: undefined as never });
    expect((await db().boardSession.findUniqueOrThrow({ where: { id: token.sid as string } })).revokedAt).not.toBeNull();
    expect((await client(null).get("/api/board/me", asCookie(cookie))).status).toBe(401);
    expect(await sessionUserId({ cookies: { get: () => ({ value: cookie.split("=")[1] }) } })).toBeNull();
  });

  it("an expired session, a session id of another user and a cookie without a session id are refused", async () => {
    const user = await createUser();
    const other = await createUser();
    const token = await signIn(user);
    await db().boardSession.update({ where: { id: token.sid as string }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await client(null).get("/api/board/me", asCookie(await cookieOf(token)))).status).toBe(401);
    const live = await signIn(user);
    expect((await client(null).get("/api/board/me", asCookie(await cookieOf({ ...live, uid: other.id })))).status).toBe(401);
    expect((await client(null).get("/api/board/me", asCookie(await cookieOf({ uid: user.id, sub: user.id })))).status).toBe(401);
  });
});

describe("POST /api/board/me/password", () => {
  const change = (cookie: string, body: unknown, extra: Record<string, string> = {}) =>
    client(null).post("/api/board/me/password", body, { headers: { cookie, origin: "http://charter.test", [PEER_ADDRESS_HEADER]: "192.0.2.250", ...extra } });

  it("changes the password, ends every session of the user and hands the caller a fresh one", async () => {
    const w = await createWorld();
    const mine = await sessionCookie(w.owner.id);
    const laptop = await sessionCookie(w.owner.id);
    const someoneElse = await sessionCookie((await createUser()).id);
    const res = await change(mine, { currentPassword: FIXED_PASSWORD, newPassword: "a new long passphrase" });
    expect(res.status, res.text).toBe(204);
    const fresh = /^(next-auth\.session-token=[^;]+);.*HttpOnly; SameSite=Lax/.exec(res.headers.get("set-cookie") ?? "")?.[1];
    expect(fresh).toBeDefined();
    for (const old of [mine, laptop]) expect((await client(null).get("/api/board/me", asCookie(old))).status).toBe(401);
    expect((await client(null).get("/api/board/me", asCookie(fresh!))).status).toBe(200);
    expect((await client(null).get("/api/board/me", asCookie(someoneElse))).status).toBe(200);
    expect(await authorize(w.owner.email, FIXED_PASSWORD, address())).toBeNull();
    expect(await authorize(w.owner.email, "a new long passphrase", address())).toMatchObject({ id: w.owner.id });
    // a board token is no session: it keeps working, and its caller gets no cookie
    const viaToken = await client(w.tokens.owner).post("/api/board/me/password", { currentPassword: "a new long passphrase", newPassword: "yet another passphrase" });
    expect(viaToken.status).toBe(204);
    expect(viaToken.headers.get("set-cookie")).toBeNull();
    expect((await client(null).get("/api/board/me", asCookie(fresh!))).status).toBe(401);
  });

  it("a wrong current password is 422 and changes nothing; repeated, it backs off with 429 and Retry-After", async () => {
    const { user } = await createBoardUser();
    const cookie = await sessionCookie(user.id);
    const before = (await db().user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash;
    const wrong = await change(cookie, { currentPassword: "not it", newPassword: "whatever it is" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.details).toEqual([{ path: "body.currentPassword", message: "is not the current password" }]);
    for (let i = 0; i < 4; i++) await change(cookie, { currentPassword: `not it ${i}`, newPassword: "whatever it is" });
    const limited = await change(cookie, { currentPassword: FIXED_PASSWORD, newPassword: "whatever it is" });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("too_many_requests");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toBe(before);
    expect((await client(null).get("/api/board/me", asCookie(cookie))).status).toBe(200);
  });

  it("a new password is 8 to 200 characters; agents have none (403); nobody signed in is 401", async () => {
    const w = await createWorld();
    const cookie = await sessionCookie(w.owner.id);
    expect((await change(cookie, { currentPassword: FIXED_PASSWORD, newPassword: "short" })).status).toBe(400);
    expect((await client(await mintAgentKey(w.ceo)).post("/api/board/me/password", { currentPassword: "x", newPassword: "long enough" })).status).toBe(403);
    expect((await client(null).post("/api/board/me/password", { currentPassword: "x", newPassword: "long enough" })).status).toBe(401);
  });
});

describe("cookie-authenticated writes need an Origin of this site", () => {
  const post = (cookie: string, headers: Record<string, string>) =>
    client(null).post("/api/board/tokens", { name: "csrf probe" }, { headers: { cookie, ...headers } });

  it("another site's Origin, an Origin of null and no Origin nor Referer are 403; nothing is created", async () => {
    const { user } = await createBoardUser();
    const cookie = await sessionCookie(user.id);
    const cases: Record<string, string>[] = [{ origin: "https://evil.example" }, { origin: "null" }, {}, { referer: "https://evil.example/page" }];
    for (const headers of cases) {
      const res = await post(cookie, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
    expect(await db().boardToken.count({ where: { userId: user.id, name: "csrf probe" } })).toBe(0);
  });

  it("this host's Origin (or Referer) is accepted; so is PUBLIC_BASE_URL's", async () => {
    const { user } = await createBoardUser();
    const cookie = await sessionCookie(user.id);
    expect((await post(cookie, { origin: "http://charter.test" })).status).toBe(201);
    expect((await post(cookie, { referer: "http://charter.test/settings" })).status).toBe(201);
    setEnv("PUBLIC_BASE_URL", "https://board.example.com");
    expect((await post(cookie, { origin: "https://board.example.com" })).status).toBe(201);
  });

  it("X-Forwarded-Host counts only with TRUST_PROXY", async () => {
    const { user } = await createBoardUser();
    const cookie = await sessionCookie(user.id);
    const spoofed = { origin: "https://evil.example", "x-forwarded-host": "evil.example" };
    expect((await post(cookie, spoofed)).status).toBe(403);
    setEnv("TRUST_PROXY", "true");
    expect((await post(cookie, spoofed)).status).toBe(201);
  });

  it("a bearer token needs no Origin (no browser sends it on its own)", async () => {
    const { token } = await createBoardUser();
    expect((await client(token).post("/api/board/tokens", { name: "cli" })).status).toBe(201);
  });
});

describe("the request stamp of the Node server's one hook (lib/http/front-door.ts)", () => {
  async function serve(fn: (url: string) => Promise<void>) {
    const { installFrontDoor } = await import("@/lib/http/front-door");
    const http = await import("node:http");
    installFrontDoor();
    const server = http.createServer((req, res) => res.end(String(req.headers[PEER_ADDRESS_HEADER])));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      await fn(`http://127.0.0.1:${(server.address() as { port: number }).port}/`);
    } finally {
      server.close();
    }
  }

  it("stamps the socket's address over any the client sent", () =>
    serve(async (url) => {
      const res = await fetch(url, { headers: { [PEER_ADDRESS_HEADER]: "10.6.6.6" } });
      expect(await res.text()).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    }));

  it("sends HSTS only when the browser came over https: PUBLIC_BASE_URL https, or a trusted proxy's X-Forwarded-Proto", () =>
    serve(async (url) => {
      const hsts = async (headers: Record<string, string> = {}) => (await fetch(url, { headers })).headers.get("strict-transport-security");
      expect(await hsts({ "x-forwarded-proto": "https" })).toBeNull();
      setEnv("TRUST_PROXY", "true");
      expect(await hsts({ "x-forwarded-proto": "https" })).toBe("max-age=31536000");
      expect(await hsts({ "x-forwarded-proto": "http" })).toBeNull();
      setEnv("TRUST_PROXY", undefined);
      setEnv("PUBLIC_BASE_URL", "https://board.example.com");
      expect(await hsts()).toBe("max-age=31536000");
      setEnv("PUBLIC_BASE_URL", "http://board.example.com");
      expect(await hsts({ "x-forwarded-proto": "https" })).toBeNull();
    }));

  it("is the front door too: what it refuses itself (a method the route lacks) is stamped like the rest", () =>
    serve(async (url) => {
      setEnv("PUBLIC_BASE_URL", "https://board.example.com");
      const res = await fetch(new URL("/api/health", url), { method: "PUT" });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
      expect(await res.json()).toMatchObject({ code: "method_not_allowed", requestId: expect.any(String) });
      expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000");
    }));
});
