// The OpenAPI 3.1 document of /api, built from the route modules themselves (lib/openapi/route-doc.ts):
// each handler's zod schemas are the ones it validates with, so a schema change changes the document.
import { errorStatus } from "@/lib/http/errors";
import { jsonSchemaOf, type JsonSchema, type SchemaDefs } from "@/lib/openapi/json-schema";
import { NEXT_AUTH_ROUTE, nextAuthOperations } from "@/lib/openapi/next-auth";
import { errorCodesByStatus, operationOf } from "@/lib/openapi/operation";
import { routeDocOf, type RouteDoc } from "@/lib/openapi/route-doc";
import { eventEnvelopeSchema } from "@/lib/services/outbox/catalogue";

const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** An app/api route file's URL path in OpenAPI's form: app/api/issues/[issueId]/route.ts → /api/issues/{issueId}. */
export function pathOfRouteFile(file: string): string {
  return file.replace(/^app/, "").replace(/\/route\.ts$/, "").replace(/\[(\w+)\]/g, "{$1}");
}

/** The methods a route module answers (the HTTP verbs it exports). */
export const methodsOf = (module: Record<string, unknown>): HttpMethod[] =>
  HTTP_METHODS.filter((m) => typeof module[m] === "function");

// Company-scoped paths are grouped by what follows the company; a few names read better merged.
const tagAlias: Record<string, string> = {
  gateway: "invites", "cost-events": "costs", "agent-hires": "agents", logo: "companies", org: "agents", me: "agents",
  health: "instance", ping: "instance", setup: "instance", "openapi.json": "instance",
};

function tagOf(path: string): string {
  const parts = path.split("/").filter(Boolean).slice(1);
  const scoped = parts[0] === "companies" && parts.length > 2 ? parts[2] : parts[0];
  const name = tagAlias[scoped] ?? scoped;
  return name.charAt(0).toUpperCase() + name.slice(1).replace(/-/g, " ");
}

function operationIdOf(method: string, path: string): string {
  const words = path.split("/").filter(Boolean).slice(1).map((s) => {
    const param = /^\{(\w+)\}$/.exec(s);
    const word = param ? `By-${param[1]}` : s;
    return word.replace(/(^|[-.])(\w)/g, (_m, _sep, c: string) => c.toUpperCase());
  });
  return method.toLowerCase() + words.join("");
}

/** A route module and its file under app/api (the list app/api/routes.generated.ts holds). */
export interface RouteModule {
  file: string;
  module: Record<string, unknown>;
}

interface Endpoint {
  method: HttpMethod;
  path: string;
  doc: RouteDoc | undefined;
}

/** Every (method, path) of the API with its RouteDoc (undefined: the handler is not described). */
export function apiEndpoints(routes: RouteModule[]): Endpoint[] {
  return routes.flatMap(({ file, module }): Endpoint[] =>
    file === NEXT_AUTH_ROUTE
      ? nextAuthOperations
      : methodsOf(module).map((method) => ({ method, path: pathOfRouteFile(file), doc: routeDocOf(module[method]) })),
  );
}

const errorSchema = {
  type: "object",
  description: "Every error answer (docs/design.md §4)",
  properties: {
    error: { type: "string", description: "What went wrong, for a person" },
    code: { type: "string", enum: Object.keys(errorStatus), description: "What went wrong, for a program (stable)" },
    details: { description: "More about it; for validation_error, [{path, message}] per field" },
    requestId: { type: "string", description: "Also in X-Request-Id; quote it when reporting a problem" },
  },
  required: ["error", "code", "requestId"],
  additionalProperties: false,
};

function errorResponses() {
  const json = (schema: JsonSchema) => ({ "application/json": { schema } });
  const headers = { "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" } };
  const out: Record<string, unknown> = { Error: { description: "An error", headers, content: json({ $ref: "#/components/schemas/Error" }) } };
  for (const [status, codes] of errorCodesByStatus()) {
    out[`Error${status}`] = {
      description: `Error: ${codes.join(", ")}`,
      headers,
      content: json({ allOf: [{ $ref: "#/components/schemas/Error" }, { properties: { code: { enum: codes } } }] }),
    };
  }
  return out;
}

const securitySchemes = {
  bearer: {
    type: "http",
    scheme: "bearer",
    description: "An agent API key, an agent's run key (SERVICE_API_KEY during a run), a board token, or an OAuth access token",
  },
  session: {
    type: "apiKey",
    in: "cookie",
    name: "next-auth.session-token",
    description: "The board's session cookie (__Secure-next-auth.session-token over HTTPS), set by signing in",
  },
};

const headers = {
  "X-Request-Id": { description: "The request's id (yours, if you sent a valid X-Request-Id)", schema: { type: "string" } },
  Link: { description: 'The next page: <url>; rel="next" (absent on the last page)', schema: { type: "string" } },
  "X-Next-Cursor": { description: "The cursor of the next page (absent on the last page)", schema: { type: "string" } },
};

const description = `The API of Charter, the control plane for companies of AI agents: the board and the agents use the same endpoints.

Authenticate with \`Authorization: Bearer <key>\` (agents: their API key or the run key in SERVICE_API_KEY) or the board's session cookie.
Errors answer \`{error, code, details?, requestId}\`; \`code\` is stable. Lists answer JSON arrays: pass \`limit\` (1–500, default 100) and,
for the next page, the \`cursor\` from the \`X-Next-Cursor\` header (also in \`Link: <…>; rel="next"\`).`;

/** Builds the document; throws naming every endpoint whose handler is not described (no response schema). */
export function buildOpenApiDocument(routes: RouteModule[]) {
  const defs: SchemaDefs = {};
  const paths: Record<string, Record<string, unknown>> = {};
  const problems: string[] = [];
  for (const { method, path, doc } of apiEndpoints(routes)) {
    const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    try {
      if (!doc) throw new Error("the handler is not described (apiHandler or describeRoute)");
      const op = operationOf(doc, { operationId: operationIdOf(method, path), tag: tagOf(path), pathParams }, defs);
      (paths[path] ??= {})[method.toLowerCase()] = op;
    } catch (e) {
      problems.push(`${method} ${path}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  if (problems.length) throw new Error(`The OpenAPI document cannot be built:\n${problems.join("\n")}`);
  // the outbox's events are no operation's answer: published as components (Event, Event…Data) for
  // webhook receivers (docs/events.md)
  jsonSchemaOf(eventEnvelopeSchema, "output", defs);
  const sortedPaths = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  const tags = [...new Set(Object.keys(sortedPaths).map(tagOf))].sort().map((name) => ({ name }));
  return {
    openapi: "3.1.0",
    info: { title: "Charter API", version: "1", description },
    servers: [{ url: "/" }],
    security: [{ bearer: [] }, { session: [] }],
    tags,
    paths: sortedPaths,
    components: {
      schemas: { Error: errorSchema, ...Object.fromEntries(Object.entries(defs).sort(([a], [b]) => a.localeCompare(b))) },
      responses: errorResponses(),
      headers,
      securitySchemes,
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
