// The browser's client for Charter's /api: the same endpoints agents call, authenticated by the
// next-auth session cookie. Errors keep the API's body (docs/design.md §4) so forms can show them.

export interface ApiErrorDetail {
  path: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ApiErrorDetail[] = [],
    /** `details` when the API answered an object rather than field errors (e.g. `{missing: [...]}`) */
    readonly info: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** Messages for one body field ("name" matches the API's "body.name"). */
  fieldErrors(field: string): string[] {
    return this.details.filter((d) => d.path === field || d.path === `body.${field}`).map((d) => d.message);
  }
}

async function toApiError(res: Response): Promise<ApiError> {
  let body: { error?: string; code?: string; details?: unknown } = {};
  try {
    body = await res.json();
  } catch {
    // not JSON: a proxy or a crash page; the status still says enough
  }
  const details = Array.isArray(body.details) ? (body.details as ApiErrorDetail[]) : [];
  const info = body.details && typeof body.details === "object" && !Array.isArray(body.details) ? (body.details as Record<string, unknown>) : {};
  const fallback = res.status === 401 ? "Your session has ended: sign in again" : `Request failed (${res.status})`;
  return new ApiError(res.status, body.code ?? "unknown", body.error ?? fallback, details, info);
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

async function request(method: Method, path: string, body?: unknown): Promise<Response> {
  const init: RequestInit = { method, credentials: "same-origin", headers: { accept: "application/json" } };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, "content-type": "application/json" };
  }
  const res = await fetch(path, init);
  if (!res.ok) throw await toApiError(res);
  return res;
}

export async function apiGet<T>(path: string): Promise<T> {
  return (await request("GET", path)).json() as Promise<T>;
}

export async function apiSend<T>(method: Exclude<Method, "GET">, path: string, body?: unknown): Promise<T> {
  const res = await request(method, path, body);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** One page of a list endpoint (docs/design.md §5): the array, and the cursor from X-Next-Cursor. */
export async function apiPage<T>(path: string, params: { limit?: number; cursor?: string | null } = {}): Promise<Page<T>> {
  const url = new URL(path, window.location.origin);
  if (params.limit) url.searchParams.set("limit", String(params.limit));
  if (params.cursor) url.searchParams.set("cursor", params.cursor);
  const res = await request("GET", url.pathname + url.search);
  return { items: (await res.json()) as T[], nextCursor: res.headers.get("x-next-cursor") };
}

/** Every row of a list endpoint, following cursors (pages of 500, the API's maximum). */
export async function apiAll<T>(path: string): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<T> = await apiPage<T>(path, { limit: 500, cursor });
    out.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}
