// One route handler's RouteDoc → an OpenAPI 3.1 operation: parameters, request body, the success
// answer and the error answers (docs/design.md §4 body) the route can give.
import { z } from "zod";
import { errorStatus, type ErrorCode } from "@/lib/http/errors";
import { listQuerySchema } from "@/lib/http/pagination";
import { jsonSchemaOf, propertiesOf, type JsonSchema, type SchemaDefs } from "@/lib/openapi/json-schema";
import type { ResponseDoc, RouteDoc } from "@/lib/openapi/route-doc";

const requestIdHeader = { $ref: "#/components/headers/X-Request-Id" };
const pageHeaders = {
  "X-Request-Id": requestIdHeader,
  Link: { $ref: "#/components/headers/Link" },
  "X-Next-Cursor": { $ref: "#/components/headers/X-Next-Cursor" },
};

/** Statuses of the error codes (lib/http/errors.ts), each with the codes that answer with it. */
export function errorCodesByStatus(): Map<number, ErrorCode[]> {
  const out = new Map<number, ErrorCode[]>();
  for (const [code, status] of Object.entries(errorStatus) as [ErrorCode, number][]) out.set(status, [...(out.get(status) ?? []), code]);
  return out;
}

/** The errors any route of this kind may answer; the rest fall under `default`. */
function errorStatuses(doc: RouteDoc): number[] {
  const statuses = new Set<number>([400]);
  if (doc.auth !== "none") [401, 403].forEach((s) => statuses.add(s));
  if (doc.params || doc.auth !== "none") statuses.add(404);
  if (doc.body || doc.multipart) [413, 415].forEach((s) => statuses.add(s));
  for (const code of doc.errors ?? []) statuses.add(errorStatus[code]);
  if (doc.idempotent) [409, 422].forEach((s) => statuses.add(s));
  return [...statuses].sort();
}

const idempotencyKeyParameter = {
  name: "Idempotency-Key", in: "header", required: false,
  schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x21-\\x7e]+$" },
  description: "Makes a retry safe: the same key from the same caller within 24 hours answers the first request's answer " +
    "(status, body, headers, plus Idempotent-Replayed: true) and writes nothing more. The same key with another request " +
    "is 422 idempotency_key_reused; while the first is in progress, 409 idempotency_in_progress.",
};

function parameters(doc: RouteDoc, pathParams: string[], defs: SchemaDefs) {
  const out: JsonSchema[] = [];
  const path = doc.params ? propertiesOf(jsonSchemaOf(doc.params, "input", defs)) : [];
  for (const name of pathParams) {
    const p = path.find((x) => x.name === name);
    const { description, ...schema } = p?.schema ?? { type: "string" };
    out.push({ name, in: "path", required: true, schema, ...(description ? { description } : {}) });
  }
  const query = doc.list ? (doc.query ?? z.object({})).extend(listQuerySchema.shape) : doc.query;
  for (const q of query ? propertiesOf(jsonSchemaOf(query, "input", defs)) : []) {
    const { description, ...schema } = q.schema;
    out.push({ name: q.name, in: "query", required: q.required, schema, ...(description ? { description } : {}) });
  }
  if (doc.idempotent) out.push(idempotencyKeyParameter);
  return out;
}

function requestBody(doc: RouteDoc, defs: SchemaDefs) {
  if (doc.multipart) {
    const fields = doc.multipart.fields ?? {};
    const properties = Object.fromEntries(
      Object.entries(fields).map(([name, description]) => [name, { type: "string", contentMediaType: "application/octet-stream", description }]),
    );
    return {
      required: true,
      description: `multipart/form-data of at most ${doc.multipart.maxBytes} bytes per file`,
      content: { "multipart/form-data": { schema: { type: "object", properties, required: Object.keys(fields) } } },
    };
  }
  if (!doc.body) return undefined;
  // an empty body reads as {} (lib/http/body.ts): a body whose fields are all optional may be left out
  const required = !doc.body.safeParse({}).success;
  return { required, content: { [doc.bodyMediaType ?? "application/json"]: { schema: jsonSchemaOf(doc.body, "input", defs) } } };
}

function answer(body: ResponseDoc, description: string, defs: SchemaDefs, list: boolean) {
  const headers = list ? pageHeaders : { "X-Request-Id": requestIdHeader };
  if (body === null) return { description, headers };
  if (body instanceof z.ZodType) {
    if (list && !(body instanceof z.ZodArray)) throw new Error("a list answers a JSON array: its response must be a z.array");
    return { description, headers, content: { "application/json": { schema: jsonSchemaOf(body, "output", defs) } } };
  }
  return { description: `${description}: ${body.description}`, headers, content: { [body.mediaType]: { schema: { type: "string" } } } };
}

function responses(doc: RouteDoc, defs: SchemaDefs) {
  if (doc.response === undefined) throw new Error("the route has no response schema (spec.response)");
  const out: Record<string, unknown> = {};
  const status = doc.response === null ? 204 : (doc.status ?? 200);
  out[status] = answer(doc.response, doc.list ? "A page of the list (more: the Link / X-Next-Cursor headers)" : "Success", defs, !!doc.list);
  for (const [s, body] of Object.entries(doc.alsoAnswers ?? {})) out[s] = answer(body, `Answer ${s}`, defs, false);
  for (const s of errorStatuses(doc)) out[s] = { $ref: `#/components/responses/Error${s}` };
  out.default = { $ref: "#/components/responses/Error" };
  return out;
}

/** The operation object of one method of one path. */
export function operationOf(doc: RouteDoc, ids: { operationId: string; tag: string; pathParams: string[] }, defs: SchemaDefs) {
  const body = requestBody(doc, defs);
  return {
    operationId: ids.operationId,
    tags: [ids.tag],
    ...(doc.summary ? { summary: doc.summary } : {}),
    ...(doc.description ? { description: doc.description } : {}),
    ...(doc.auth === "none" ? { security: [] } : {}),
    parameters: parameters(doc, ids.pathParams, defs),
    ...(body ? { requestBody: body } : {}),
    responses: responses(doc, defs),
  };
}
