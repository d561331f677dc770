// Board sessions: next-auth (credentials provider, JWT strategy) over argon2id password hashes.
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getToken } from "next-auth/jwt";
import { env } from "@/lib/env";
import { db } from "@/lib/db/client";
import { verifyPassword } from "@/lib/auth/password";

export function sessionSecret(): string {
  const secret = env().SESSION_SECRET;
  if (!secret) throw new Error("SESSION_SECRET is not set (npm start generates one for the embedded database)");
  return secret;
}

export function authOptions(): NextAuthOptions {
  return {
    secret: sessionSecret(),
    session: { strategy: "jwt", maxAge: 30 * 24 * 3600 },
    pages: { signIn: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials) {
          const email = credentials?.email?.trim().toLowerCase();
          const password = credentials?.password;
          if (!email || !password) return null;
          const user = await db().user.findUnique({ where: { email }, select: { id: true, email: true, name: true, passwordHash: true } });
          if (!user || !(await verifyPassword(user.passwordHash, password))) return null;
          return { id: user.id, email: user.email, name: user.name };
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) token.uid = user.id;
        return token;
      },
      session({ session, token }) {
        if (session.user) (session.user as { id?: string }).id = token.uid as string;
        return session;
      },
    },
  };
}

const cookieNames = ["__Secure-next-auth.session-token", "next-auth.session-token"] as const;

/** The signed-in user's id from the session cookie of a request, or null. */
export async function sessionUserId(req: { headers: Headers; cookies: { get(name: string): { value: string } | undefined } }): Promise<string | null> {
  const cookieName = cookieNames.find((n) => req.cookies.get(n));
  if (!cookieName) return null;
  const token = await getToken({
    req: req as Parameters<typeof getToken>[0]["req"],
    secret: sessionSecret(),
    cookieName,
    secureCookie: cookieName.startsWith("__Secure-"),
  }).catch(() => null);
  return typeof token?.uid === "string" ? token.uid : null;
}
