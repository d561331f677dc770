// This server's own API document: the builder of lib/openapi over the route modules that
// routes.generated.ts lists. Importers outside app/ receive the modules as an argument instead.
import { apiRouteModules } from "@/app/api/routes.generated";
import { apiEndpoints as endpointsOf, buildOpenApiDocument, type OpenApiDocument } from "@/lib/openapi/document";

let cached: OpenApiDocument | undefined;

/** The document of this server's API (built once: the routes do not change while it runs). */
export function openApiDocument(): OpenApiDocument {
  return (cached ??= buildOpenApiDocument(apiRouteModules));
}

/** Every (method, path) of this server's API with its RouteDoc. */
export const apiEndpoints = () => endpointsOf(apiRouteModules);
