// Files of the /docs/api page (Swagger UI's bundle and stylesheet, the page's script and styles).
import { docsFile } from "@/app/docs/api/assets/files";

export async function GET(_req: Request, ctx: { params: Promise<{ file: string }> }): Promise<Response> {
  const file = docsFile((await ctx.params).file);
  if (!file) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  // the page asks for ?v=<swagger-ui version>: a new version is a new URL
  return new Response(file.text, { headers: { "Content-Type": file.type, "Cache-Control": "public, max-age=86400", "X-Content-Type-Options": "nosniff" } });
}
