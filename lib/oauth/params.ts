// Token request parameters: the query string, overridden by the body of a POST. The body is JSON
// when the content type says so, else form-encoded; a body that cannot be read is ignored.
import { readCapped } from "@/lib/http/body";

const MAX_BODY_BYTES = 64 * 1024;

export type Params = Map<string, string>;

function fromEntries(entries: Iterable<[string, unknown]>, into: Params) {
  for (const [k, v] of entries) {
    if (typeof v === "string") into.set(k, v);
    else if (typeof v === "number" || typeof v === "boolean") into.set(k, String(v));
  }
}

/** The body as UTF-8 text, or null when it is too large or not UTF-8 (then it is ignored). */
async function readText(req: Request): Promise<string | null> {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(await readCapped(req, MAX_BODY_BYTES));
  } catch {
    return null;
  }
}

function bodyParams(text: string, contentType: string): Params {
  const out: Params = new Map();
  if (contentType.toLowerCase().includes("application/json")) {
    try {
      const value: unknown = JSON.parse(text);
      if (value && typeof value === "object" && !Array.isArray(value)) fromEntries(Object.entries(value), out);
    } catch {
      // unreadable: ignored
    }
  } else {
    fromEntries(new URLSearchParams(text), out);
  }
  return out;
}

export async function requestParams(req: Request): Promise<Params> {
  const params: Params = new Map();
  fromEntries(new URL(req.url).searchParams, params);
  if (req.method === "POST") {
    const text = await readText(req);
    if (text) for (const [k, v] of bodyParams(text, req.headers.get("content-type") ?? "")) params.set(k, v);
  }
  return params;
}

/** A parameter's value; an empty string counts as absent. */
export const param = (p: Params, name: string): string | undefined => p.get(name) || undefined;
