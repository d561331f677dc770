import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/session";

export const dynamic = "force-dynamic";

type Handler = (req: Request, ctx: unknown) => Promise<Response>;
const handler: Handler = (req, ctx) => (NextAuth(authOptions()) as Handler)(req, ctx);

export { handler as GET, handler as POST };
