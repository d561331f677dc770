import { createHash } from "node:crypto";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";
import type { SqlExec } from "@/lib/db/sql-exec";
import { passWriteFence } from "@/lib/db/write-fence";

export type Db = PrismaClient;

interface Handle {
  url: string;
  pool: pg.Pool;
  client: PrismaClient;
}

/** How long a request waits for a database connection before it is answered 503. */
export const CONNECT_TIMEOUT_MS = 5_000;

const g = globalThis as unknown as { __charterDb?: Handle };

function handle(): Handle {
  const { DATABASE_URL: url, DATABASE_POOL_SIZE: max } = env();
  if (!url) throw new Error("DATABASE_URL is not set (start Charter with `npm start`, which provides it)");
  if (g.__charterDb?.url !== url) {
    const previous = g.__charterDb;
    if (previous) void previous.client.$disconnect().then(() => previous.pool.end());
    // One pool shared by Prisma and the few hand-written hot-path queries (see sql()).
    // A database that cannot be reached fails a request within seconds (503), never hangs it; keep-alive
    // notices a peer that vanished without closing (a failover) on pooled connections.
    const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    pool.on("error", () => {}); // an idle client dropped by the server is replaced on next use
    g.__charterDb = { url, pool, client: new PrismaClient({ adapter: new PrismaPg(pool) }) };
  }
  return g.__charterDb;
}

/** The Prisma client, created on first use so that importing a module never needs a database. */
export function db(): PrismaClient {
  return handle().client;
}

/**
 * The raw pg pool, for the per-request hot paths (authentication, /api/agents/me) where Prisma's
 * query building costs more than the query itself. Everything else goes through db().
 */
export function sql(): pg.Pool {
  return handle().pool;
}

/**
 * PostgreSQL's text form of a timestamptz in a UTC session (`2026-11-22 13:45:14.12+00`: trailing zeros
 * of the fraction dropped, no fraction for whole seconds).
 */
const utcTimestamptz = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;
const parseTimestamptz = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ, "text") as (text: string) => Date;

/** A timestamptz as the API writes it (`Date#toISOString`: milliseconds, truncated, and `Z`). */
export function timestamptzToIso(text: string): string {
  const m = utcTimestamptz.exec(text);
  if (m) return `${m[1]}T${m[2]}.${`${m[3] ?? ""}000`.slice(0, 3)}Z`;
  // another session time zone (an external server's default), or a year past 9999; 'infinity' as is
  const date = parseTimestamptz(text);
  return date instanceof Date ? date.toISOString() : text;
}

/** A row read with isoTimestampTypes: its timestamp columns are ISO strings. */
export type WithIsoTimestamps<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

/**
 * Type parsers for hot-path queries whose rows become JSON: timestamptz columns arrive as ISO strings,
 * not Dates (pg's date parsing and Next's patched Date constructor cost ~0.1 ms per page of 50 issues).
 */
export const isoTimestampTypes = {
  getTypeParser: (oid: number, format?: "text" | "binary") =>
    oid === pg.types.builtins.TIMESTAMPTZ && format !== "binary" ? timestamptzToIso : pg.types.getTypeParser(oid, format),
} as pg.CustomTypesConfig;

export async function disconnectDb(): Promise<void> {
  const current = g.__charterDb;
  g.__charterDb = undefined;
  if (!current) return;
  await current.client.$disconnect();
  await current.pool.end();
}

/**
 * The name under which a hot-path statement is prepared on each pooled connection: PostgreSQL then
 * parses it once per connection and may keep its plan, where a cost event's statement spent 0.8 ms
 * planning against 0.4 ms running. For fixed statement texts only (a text that varied per call would
 * leave a prepared statement per call on every connection); names are computed once per text.
 */
export function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    if (statementNames.size >= 1000) statementNames.clear();
    name = `s${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}
const statementNames = new Map<string, string>();

/** A transaction on one pooled connection, for hot paths written in SQL (fixed texts: statementName). */
export async function sqlTx<T>(fn: (exec: SqlExec) => Promise<T>, pool: pg.Pool = sql()): Promise<T> {
  const client = await pool.connect();
  // A checked-out client has no listener of the pool's: a connection the server ends mid-transaction
  // (a restart, an admin's terminate) would be an uncaught 'error'. The query in flight fails, this
  // transaction fails with it, and the broken connection is destroyed instead of returned.
  let broken = false;
  const onError = () => {
    broken = true;
  };
  client.on("error", onError);
  try {
    await client.query("BEGIN");
    const exec: SqlExec = async (text, values) => (await client.query({ name: statementName(text), text, values })).rows;
    const result = await fn(exec);
    await passWriteFence(exec);
    await client.query("COMMIT");
    return result;
  } catch (e) {
    await client.query("ROLLBACK").catch(() => {});
    throw e;
  } finally {
    client.off("error", onError);
    client.release(broken);
  }
}
