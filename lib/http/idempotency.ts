// Safe retries (docs/api.md; docs/decisions/0014-idempotency-write-fence.md): a write made with an
// `Idempotency-Key` header answers a retry with the same key from the same caller, within 24 hours, with its first answer, and writes nothing more.
// The key is reserved in its own statement before the handler runs; the handler's transactions mark
// the reservation "written" as they commit (lib/db/write-fence.ts), and its answer is stored after.
// A retry meets one of: the stored answer (replayed), a reservation in progress (409), a different
// request under the same key (422), or, after a crash between the commit and the storing of the
// answer, a write without its answer (409 idempotency_answer_lost: it was done, do not redo it).
// A reservation whose request died before writing anything is taken over after STALE_MS.
import { createHash } from "node:crypto";
import { sql } from "@/lib/db/client";
import { runFenced, WRITTEN, type WriteFence } from "@/lib/db/write-fence";
import type { Actor } from "@/lib/auth/actor";
import { AppError, validationError } from "@/lib/http/errors";
import { log } from "@/lib/log";

const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** Longer than any request may hold a transaction (inTx: 20 s), so the first attempt cannot still commit after a takeover. */
const STALE_MS = 30_000;
const keyPattern = /^[\x21-\x7e]{1,255}$/;
/** Headers of an answer that are the request's own, not part of the answer replayed. */
const notReplayed = new Set(["x-request-id", "set-cookie"]);

const scopeOf = (actor: Actor) => (actor.kind === "agent" ? `agent:${actor.agentId}` : `user:${actor.userId}`);

function requestHash(method: string, path: string, body: unknown): string {
  return createHash("sha256").update(`${method}\n${path}\n${JSON.stringify(body ?? null)}`).digest("hex");
}

/**
 * Reserves the key for this request: a new row, or one that expired or whose request died before
 * writing (same request only). Returns the reservation's token, or null when the key is taken.
 */
async function reserve(scope: string, key: string, method: string, path: string, hash: string): Promise<string | null> {
  const { rows } = await sql().query({
    name: "idempotency-reserve",
    text: `INSERT INTO "IdempotencyKey" (scope, key, method, path, "requestHash", "createdAt") VALUES ($1, $2, $3, $4, $5, clock_timestamp())
           ON CONFLICT (scope, key) DO UPDATE SET method = EXCLUDED.method, path = EXCLUDED.path, "requestHash" = EXCLUDED."requestHash",
             "createdAt" = EXCLUDED."createdAt", status = NULL, body = NULL, headers = NULL, "completedAt" = NULL
            WHERE "IdempotencyKey"."createdAt" < clock_timestamp() - interval '24 hours'
               OR ("IdempotencyKey"."requestHash" = EXCLUDED."requestHash" AND "IdempotencyKey".status IS NULL
                   AND "IdempotencyKey"."createdAt" < clock_timestamp() - $6::int * interval '1 millisecond')
           RETURNING "createdAt"::text AS token`,
    values: [scope, key, method, path, hash, STALE_MS],
  });
  return rows[0]?.token ?? null;
}

interface Stored {
  method: string;
  path: string;
  requestHash: string;
  status: number | null;
  body: string | null;
  headers: Record<string, string> | null;
  completed: boolean;
  ageMs: number;
}

/** What a request finds when the key is already taken: the first answer again, or why not. */
async function answerTaken(scope: string, key: string, method: string, path: string, hash: string): Promise<Response> {
  const { rows } = await sql().query<Stored>({
    name: "idempotency-read",
    text: `SELECT method, path, "requestHash", status, body, headers, "completedAt" IS NOT NULL AS completed,
                  (extract(epoch FROM clock_timestamp() - "createdAt") * 1000)::float8 AS "ageMs"
             FROM "IdempotencyKey" WHERE scope = $1 AND key = $2`,
    values: [scope, key],
  });
  const r = rows[0];
  if (!r) throw new AppError("idempotency_in_progress", "A request with this Idempotency-Key is in progress; retry shortly");
  if (r.method !== method || r.path !== path || r.requestHash !== hash) {
    throw new AppError("idempotency_key_reused", "This Idempotency-Key was used for a different request; use a new key for a new request");
  }
  if (r.completed && r.status !== null) {
    return new Response(r.body, { status: r.status, headers: { ...(r.headers ?? {}), "Idempotent-Replayed": "true" } });
  }
  if (r.status === WRITTEN && r.ageMs > STALE_MS) {
    throw new AppError("idempotency_answer_lost", "The request with this Idempotency-Key was carried out, but its answer was lost; do not repeat it, read the result instead");
  }
  throw new AppError("idempotency_in_progress", "A request with this Idempotency-Key is in progress; retry shortly");
}

/** Stores the answer (under 500), or gives the key back when nothing was written (so a retry runs again). */
async function settle(fence: WriteFence, res: Response): Promise<void> {
  if (res.status >= 500) {
    if (!fence.passed) {
      await sql().query(`DELETE FROM "IdempotencyKey" WHERE scope = $1 AND key = $2 AND "createdAt" = $3::timestamptz AND status IS NULL`, [fence.scope, fence.key, fence.token]);
    }
    return;
  }
  const headers = Object.fromEntries([...res.headers].filter(([name]) => !notReplayed.has(name.toLowerCase())));
  await sql().query({
    name: "idempotency-complete",
    text: `UPDATE "IdempotencyKey" SET status = $4, body = $5, headers = $6::jsonb, "completedAt" = clock_timestamp()
            WHERE scope = $1 AND key = $2 AND "createdAt" = $3::timestamptz`,
    values: [fence.scope, fence.key, fence.token, res.status, await res.clone().text(), JSON.stringify(headers)],
  });
}

/**
 * Runs `handle` under the request's Idempotency-Key, if it has one (routes declared `idempotent`).
 * `handle` answers errors as responses itself, so 4xx answers are kept and replayed like successes.
 */
export async function withIdempotency(req: Request, actor: Actor | null, body: unknown, handle: () => Promise<Response>): Promise<Response> {
  const key = req.headers.get(IDEMPOTENCY_HEADER);
  if (key === null || !actor) return handle();
  if (!keyPattern.test(key)) throw validationError(`header.${IDEMPOTENCY_HEADER}`, "must be 1 to 255 visible ASCII characters");
  const scope = scopeOf(actor);
  const path = new URL(req.url).pathname;
  const hash = requestHash(req.method, path, body);
  const token = await reserve(scope, key, req.method, path, hash);
  if (!token) return answerTaken(scope, key, req.method, path, hash);
  const fence: WriteFence = { scope, key, token, passed: false };
  const res = await runFenced(fence, handle);
  // the answer is the client's even if it cannot be stored now (a retry then finds the key written or free)
  await settle(fence, res).catch((e) => log.error("storing an idempotent answer failed", { error: String(e) }));
  return res;
}

/** Forgets Idempotency-Keys older than 24 hours (the worker's periodic work). */
export async function pruneIdempotencyKeys(): Promise<number> {
  const { rowCount } = await sql().query(`DELETE FROM "IdempotencyKey" WHERE "createdAt" < now() - interval '24 hours'`);
  return rowCount ?? 0;
}
