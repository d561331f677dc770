// What the OpenAPI document says about one route handler, kept with the handler itself: apiHandler
// records its spec here, and a handler written by hand is described with describeRoute. The document
// (lib/openapi/document.ts) reads it back from the real route modules, so the zod schemas that
// validate a request are the ones the document shows. Framework-free and tiny: lib/http imports it.
import type { z } from "zod";
import type { ErrorCode } from "@/lib/http/errors";

/** A success body that is not JSON (events, text, bytes): its media type and what it holds. */
export interface RawBody {
  mediaType: string;
  description: string;
}

/** A JSON success body (a zod schema), a raw one, or null for 204 No Content. */
export type ResponseDoc = z.ZodType | RawBody | null;

export interface RouteDoc {
  summary?: string;
  description?: string;
  params?: z.ZodObject<z.ZodRawShape>;
  query?: z.ZodObject<z.ZodRawShape>;
  /** the query also takes limit and cursor; the answer is an array with Link / X-Next-Cursor */
  list?: boolean;
  body?: z.ZodType;
  /** the body's media type when it is not JSON (next-auth's forms) */
  bodyMediaType?: string;
  /** multipart/form-data: each field's name and what it holds (a file) */
  multipart?: { maxBytes: number; fields?: Record<string, string> };
  /** "none": no caller needed (health, setup, an invite's pages) */
  auth?: "required" | "none";
  /** status of a successful answer (default 200) */
  status?: number;
  /** the success body; undefined is "not described", which the coverage test refuses */
  response?: ResponseDoc;
  /** non-error answers besides the success one (health's 503 carries the same body) */
  alsoAnswers?: Record<number, ResponseDoc>;
  /** takes an Idempotency-Key header: a retry with the same key gets the first answer (lib/http/idempotency.ts) */
  idempotent?: boolean;
  /** error codes this route answers beyond the ones every route may (see lib/openapi/document.ts) */
  errors?: ErrorCode[];
}

const docs = new WeakMap<object, RouteDoc>();

/** Records what `handler` answers, for the OpenAPI document; returns the handler unchanged. */
export function describeRoute<H extends object>(handler: H, doc: RouteDoc): H {
  docs.set(handler, doc);
  return handler;
}

export const routeDocOf = (handler: unknown): RouteDoc | undefined =>
  handler && typeof handler === "function" ? docs.get(handler) : undefined;
