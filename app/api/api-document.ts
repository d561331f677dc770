// This server's own API document: the builder of lib/openapi over the route modules that
// routes.generated.ts lists, and the handler that serves it (GET /api/openapi.json). The document lists
// that route too, so its handler lives here beside the list, not in it: the list imports no module that
// imports the list back. Importers outside app/ receive the modules as an argument instead.
import { z } from "zod";
import { apiRouteModules } from "@/app/api/routes.generated";
import { apiHandler } from "@/lib/http/api-handler";
import { apiEndpoints as endpointsOf, buildOpenApiDocument, type OpenApiDocument, type RouteModule } from "@/lib/openapi/document";

const documentSchema = z.looseObject({
  openapi: z.literal("3.1.0"),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

let cached: OpenApiDocument | undefined;

/** The document of this server's API (built once: the routes do not change while it runs). */
export function openApiDocument(): OpenApiDocument {
  return (cached ??= buildOpenApiDocument(routes));
}

/** GET /api/openapi.json, public: what the board's /docs/api page and any client read (app/api/openapi.json/route.ts mounts it). */
export const serveOpenApiDocument = apiHandler(
  { auth: "none", summary: "This API's OpenAPI 3.1 document", response: documentSchema },
  async () => openApiDocument(),
);

const routes: RouteModule[] = [...apiRouteModules, { file: "app/api/openapi.json/route.ts", module: { GET: serveOpenApiDocument } }];

/** Every (method, path) of this server's API with its RouteDoc. */
export const apiEndpoints = () => endpointsOf(routes);
