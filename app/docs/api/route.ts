// The API reference for people: Swagger UI over GET /api/openapi.json, every file from this server
// (no CDN: the page works offline and tells no third party who reads it). Public, like the document.
import { docsPageHtml } from "@/app/docs/api/assets/files";

export const dynamic = "force-static";

export function GET(): Response {
  return new Response(docsPageHtml(), {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
