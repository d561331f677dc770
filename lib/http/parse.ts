// Request input → typed values: the query as an object, and zod parsing that first refuses what the
// database cannot store, so no hostile value travels further in and comes back as a 500.
import type { NextRequest } from "next/server";
import type { z } from "zod";
import { AppError, type ErrorDetail } from "@/lib/http/errors";
import { isRefusedIssue } from "@/lib/schemas/common";

const MAX_DEPTH = 64;
// A UTF-16 surrogate without its pair: JSON.parse("\"\\ud800\"") yields one, and PostgreSQL, whose
// text is UTF-8, refuses it (ES2024's String#isWellFormed is not in this project's lib yet).
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function unstorableText(s: string): string | null {
  if (s.includes("\u0000")) return "must not contain NUL characters";
  if (loneSurrogate.test(s)) return "must be valid Unicode text (it holds a lone UTF-16 surrogate)";
  return null;
}

/**
 * The first place in `value` the database cannot take: text with U+0000 or a lone surrogate (text
 * and jsonb refuse both), in a value or a key, or nesting past MAX_DEPTH (deep JSON overflows the
 * stack further in).
 */
export function unstorable(value: unknown, path: string, depth = 0): ErrorDetail | null {
  if (typeof value === "string") {
    const message = unstorableText(value);
    return message ? { path, message } : null;
  }
  if (!value || typeof value !== "object") return null;
  if (depth >= MAX_DEPTH) return { path, message: `must not nest deeper than ${MAX_DEPTH} levels` };
  for (const [k, v] of Object.entries(value)) {
    const keyProblem = unstorableText(k);
    const found = keyProblem ? { path, message: `keys ${keyProblem}` } : unstorable(v, `${path}.${k}`, depth + 1);
    if (found) return found;
  }
  return null;
}

export function parse<S extends z.ZodType>(schema: S, input: unknown, where: string): z.output<S> {
  const problem = unstorable(input, where);
  if (problem) throw new AppError("validation_error", `The ${where} does not match the expected fields`, [problem]);
  const res = schema.safeParse(input);
  if (res.success) return res.data;
  const details = res.error.issues.map((i) => ({ path: [where, ...i.path.map(String)].join("."), message: i.message }));
  // well-formed values that a rule refuses are 422; any malformed field makes the whole answer a 400
  if (res.error.issues.every(isRefusedIssue)) throw new AppError("unprocessable", `The ${where} holds a value that is refused`, details);
  throw new AppError("validation_error", `The ${where} does not match the expected fields`, details);
}

/** A path segment that does not parse (a malformed id) names nothing that exists: 404, like an unknown id. */
export function parseParams<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  try {
    return parse(schema, input, "params");
  } catch {
    throw new AppError("not_found", "Not found: the path names no such entity");
  }
}

/** The query string as an object; a repeated name becomes an array. */
export function queryObject(req: NextRequest): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [k, v] of req.nextUrl.searchParams) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}
