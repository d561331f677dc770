// Board sessions: next-auth (credentials provider, JWT strategy) over argon2id password hashes. The
// JWT names a BoardSession row (`sid`) that sign-out and password changes revoke (lib/auth/board-sessions).
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { decode, encode } from "next-auth/jwt";
import { env } from "@/lib/env";
import { sql } from "@/lib/db/client";
import { isUuid } from "@/lib/schemas/common";
import { checkPassword } from "@/lib/auth/password";
import { boardSessionLive, revokeBoardSession, SESSION_MAX_AGE_SEC, startBoardSession } from "@/lib/auth/board-sessions";
import { clientAddress } from "@/lib/auth/request-origin";
import { guardAttempt, signInPolicy, TooManyAttempts } from "@/lib/auth/rate-limit";

function sessionSecret(): string {
  const secret = env().SESSION_SECRET;
  if (!secret) throw new Error("SESSION_SECRET is not set (npm start generates one for the embedded database)");
  return secret;
}

/** The error the sign-in form reads (next-auth hands a thrown message to the client as `error`). */
const TOO_MANY_ATTEMPTS = "TooManyAttempts";

type SignInUser = { id: string; email: string; name: string };

/**
 * The user whose password this is, or null; rate-limited per (email, address) with backoff. An
 * unknown email and a wrong password cost the same work (one argon2 verification) and answer the same.
 */
async function signInWithPassword(emailInput: string, password: string, address: string): Promise<SignInUser | null> {
  const email = emailInput.trim().toLowerCase();
  let user: SignInUser | null = null;
  await guardAttempt(signInPolicy, email, address, async () => {
    user = await checkPassword(email, password);
    return user !== null;
  });
  return user;
}

export function authOptions(): NextAuthOptions {
  return {
    secret: sessionSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SEC },
    pages: { signIn: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, req) {
          const email = credentials?.email;
          const password = credentials?.password;
          if (!email || !password) return null;
          const headers = (req.headers ?? {}) as Record<string, string | undefined>;
          try {
            return await signInWithPassword(email, password, clientAddress({ get: (name) => headers[name] ?? null }));
          } catch (err) {
            if (err instanceof TooManyAttempts) throw new Error(`${TOO_MANY_ATTEMPTS}:${err.retryAfterSec}`, { cause: err });
            throw err;
          }
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        // `user` is there once, at sign-in: that is when the server-side session begins
        if (user) Object.assign(token, { uid: user.id, sid: await startBoardSession(user.id) });
        return token;
      },
      session({ session, token }) {
        if (session.user) (session.user as { id?: string }).id = token.uid as string;
        return session;
      },
    },
    events: {
      async signOut({ token }) {
        if (typeof token?.sid === "string" && isUuid(token.sid)) await revokeBoardSession(token.sid);
      },
    },
  };
}

const cookieNames = ["__Secure-next-auth.session-token", "next-auth.session-token"] as const;

export interface CookieSource {
  get(name: string): { value: string } | undefined;
}

export interface SessionClaims {
  userId: string;
  sessionId: string;
}

/** What the session cookie says (decrypted, not yet checked against its BoardSession row), or null. */
export async function sessionClaims(cookies: CookieSource): Promise<SessionClaims | null> {
  const value = cookieNames.map((n) => cookies.get(n)?.value).find(Boolean);
  if (!value) return null;
  const token = await decode({ token: value, secret: sessionSecret() }).catch(() => null);
  const userId = token?.uid;
  const sessionId = token?.sid;
  if (typeof userId !== "string" || typeof sessionId !== "string" || !isUuid(userId) || !isUuid(sessionId)) return null;
  return { userId, sessionId };
}

/**
 * A Set-Cookie value for a session that was just started (a password change's fresh session), under
 * the cookie name the request used (`__Secure-` over https), with next-auth's attributes.
 */
export async function sessionSetCookie(cookies: CookieSource, claims: SessionClaims, email: string): Promise<string> {
  const name = cookieNames.find((n) => cookies.get(n)) ?? "next-auth.session-token";
  const value = await encode({ token: { uid: claims.userId, sid: claims.sessionId, sub: claims.userId, email }, secret: sessionSecret(), maxAge: SESSION_MAX_AGE_SEC });
  const expires = new Date(Date.now() + SESSION_MAX_AGE_SEC * 1000).toUTCString();
  return `${name}=${value}; Path=/; Expires=${expires}; HttpOnly; SameSite=Lax${name.startsWith("__Secure-") ? "; Secure" : ""}`;
}

/** The signed-in user's id from the session cookie of a request, or null (also for a revoked or expired session, or a deleted user). */
export async function sessionUserId(req: { cookies: CookieSource }): Promise<string | null> {
  const claims = await sessionClaims(req.cookies);
  if (!claims) return null;
  const { rows } = await sql().query<{ userId: string }>({
    name: "board-session-user-id",
    text: `SELECT s."userId" FROM "BoardSession" s JOIN "User" u ON u.id = s."userId"
            WHERE s.id = $1::uuid AND s."userId" = $2::uuid AND ${boardSessionLive}`,
    values: [claims.sessionId, claims.userId],
  });
  return rows[0]?.userId ?? null;
}
