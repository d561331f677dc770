// Every service function takes (ctx, …): the database handle and the acting caller.
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Db } from "@/lib/db/client";
import type { Actor } from "@/lib/auth/actor";
import { passWriteFence } from "@/lib/db/write-fence";

export type Tx = Prisma.TransactionClient;

export interface ServiceContext {
  db: Db;
  actor: Actor;
}

/** Runs `fn` in one transaction: a mutation and its activity row commit together or not at all. */
export function inTx<T>(ctx: ServiceContext, fn: (tx: Tx) => Promise<T>, opts: { timeoutMs?: number } = {}): Promise<T> {
  return ctx.db.$transaction(async (tx) => {
    const result = await fn(tx);
    await passWriteFence((text, values) => tx.$queryRawUnsafe(text, ...values));
    return result;
  }, { maxWait: 10_000, timeout: opts.timeoutMs ?? 20_000 });
}
