// The API reference for people: Swagger UI over GET /api/openapi.json, every file from this server
// (no CDN: the page works offline and tells no third party who reads it). Public, like the document;
// in the reader's theme when they are signed in to the board (decision 0095), so not cached as shared.
import { docsPageHtml } from "@/app/docs/api/assets/files";
import { viewerTheme } from "@/lib/auth/page-context";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  return new Response(docsPageHtml(await viewerTheme()), {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-cache" },
  });
}
