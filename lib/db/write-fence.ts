// The write fence of a request made with an Idempotency-Key (lib/http/idempotency.ts): every
// transaction the request commits (inTx, sqlTx) also marks the key's reservation as "written", in
// that same transaction and only while the reservation is still this request's. So a reservation
// says truthfully whether its request's writes committed, and a request whose reservation was taken
// over (its first attempt presumed dead) cannot commit at all.
import { AsyncLocalStorage } from "node:async_hooks";
import type { SqlExec } from "@/lib/db/sql-exec";
import { AppError } from "@/lib/http/errors";

export interface WriteFence {
  scope: string;
  key: string;
  /** the reservation's createdAt as PostgreSQL's text: whose reservation it is */
  token: string;
  /** set once a transaction of the request passed the fence (its writes may be committed) */
  passed: boolean;
}

const fences = new AsyncLocalStorage<WriteFence>();

export const runFenced = <T>(fence: WriteFence, fn: () => Promise<T>): Promise<T> => fences.run(fence, fn);

/** The fence of the request being served, if it came with an Idempotency-Key. */
export const currentFence = (): WriteFence | undefined => fences.getStore();

/** The reservation's status while its request's writes are committed but its answer is not yet stored. */
export const WRITTEN = 0;

const passSql = `UPDATE "IdempotencyKey" SET status = ${WRITTEN}
  WHERE scope = $1 AND key = $2 AND "createdAt" = $3::timestamptz AND "completedAt" IS NULL RETURNING 1 AS ok`;

/** Called by the transaction helpers just before COMMIT; throws (rolling back) when the reservation is no longer this request's. */
export async function passWriteFence(exec: SqlExec): Promise<void> {
  const fence = fences.getStore();
  if (!fence) return;
  const rows = await exec(passSql, [fence.scope, fence.key, fence.token]);
  if (rows.length === 0) throw new AppError("idempotency_in_progress", "Another request with this Idempotency-Key took over; nothing was written");
  fence.passed = true;
}
