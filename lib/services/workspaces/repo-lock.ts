// One git operation at a time per repository, across every worker: a PostgreSQL advisory lock held
// by a transaction for the operation's length. Waiters poll with try-lock, so only the holder keeps
// a database connection while git works.
import { sqlTx } from "@/lib/db/client";

const POLL_MS = 50;
const NOT_YET = Symbol("not yet");

export async function withRepoLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
  for (;;) {
    const out = await sqlTx(async (exec) => {
      const [row] = await exec(`SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0)) AS ok`, [`charter-repo:${key}`]);
      return row.ok ? fn() : NOT_YET;
    });
    if (out !== NOT_YET) return out as T;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
