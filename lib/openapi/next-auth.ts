// next-auth answers every /api/auth/* path from one catch-all route; these are the endpoints the board
// uses (next-auth/react's signIn, signOut and useSession), documented one by one.
import { z } from "zod";
import type { RouteDoc } from "@/lib/openapi/route-doc";

/** The catch-all's route file, whose methods these operations stand for. */
export const NEXT_AUTH_ROUTE = "app/api/auth/[...nextauth]/route.ts";

const redirectAnswer = z.object({ url: z.string().describe("Where the client goes next") });
const csrfField = z.string().describe("From GET /api/auth/csrf (also set as a cookie)");

const common = { auth: "none", bodyMediaType: "application/x-www-form-urlencoded" } as const;

export const nextAuthOperations: Array<{ method: "GET" | "POST"; path: string; doc: RouteDoc }> = [
  {
    method: "GET",
    path: "/api/auth/session",
    doc: {
      ...common,
      summary: "The signed-in board user's session ({} when signed out)",
      response: z.object({
        user: z.looseObject({ id: z.string(), name: z.string().nullable().optional(), email: z.string().nullable().optional() }).optional(),
        expires: z.string().optional().describe("ISO 8601"),
      }),
    },
  },
  {
    method: "GET",
    path: "/api/auth/csrf",
    doc: { ...common, summary: "A CSRF token for the sign-in and sign-out forms", response: z.object({ csrfToken: z.string() }) },
  },
  {
    method: "GET",
    path: "/api/auth/providers",
    doc: {
      ...common,
      summary: "The sign-in providers (email and password)",
      response: z.record(z.string(), z.object({ id: z.string(), name: z.string(), type: z.string(), signinUrl: z.string(), callbackUrl: z.string() })),
    },
  },
  {
    method: "POST",
    path: "/api/auth/callback/credentials",
    doc: {
      ...common,
      summary: "Sign in with email and password (sets the session cookie)",
      body: z.object({
        email: z.string(),
        password: z.string(),
        csrfToken: csrfField,
        callbackUrl: z.string().optional(),
        json: z.literal("true").optional().describe("Answer JSON instead of a redirect"),
      }),
      response: redirectAnswer,
      alsoAnswers: { 302: { mediaType: "text/html", description: "a redirect, without json=true" } },
    },
  },
  {
    method: "POST",
    path: "/api/auth/signout",
    doc: {
      ...common,
      summary: "Sign out (clears the session cookie)",
      body: z.object({ csrfToken: csrfField, callbackUrl: z.string().optional(), json: z.literal("true").optional() }),
      response: redirectAnswer,
      alsoAnswers: { 302: { mediaType: "text/html", description: "a redirect, without json=true" } },
    },
  },
];
