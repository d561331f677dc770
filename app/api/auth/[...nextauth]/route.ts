import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/session";
import { withJsonErrors, type NextAuthHandler } from "@/lib/http/next-auth-errors";

export const dynamic = "force-dynamic";

// errors as the API's JSON body (lib/http/next-auth-errors.ts)
const handler = withJsonErrors((req, ctx) => (NextAuth(authOptions()) as NextAuthHandler)(req, ctx));

export { handler as GET, handler as POST };
