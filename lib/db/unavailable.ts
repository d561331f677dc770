// Whether an error means "the database cannot be reached right now" (stopped, restarting, failing
// over, refusing connections) rather than "this request is wrong": the API then answers 503 with
// Retry-After instead of 500, and the runtime retries. Errors arrive in three shapes: pg's own
// (a socket errno, a SQLSTATE, or a plain Error for a dropped or timed-out connection), Prisma's
// P1xxx codes, and Prisma's driver-adapter errors, which carry pg's cause in their meta.

/** SQLSTATEs of a server going away or not yet there: class 08 (connection), 57P01–57P03 (shutdown, crash, starting up), 53300 (too many connections). */
const unavailableSqlState = /^(08...|57P0[1-3]|53300)$/;
const unavailableErrno = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
/** Prisma: can't reach, timed out, server closed the connection, pool timeout. */
const unavailablePrismaCode = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
/** The driver adapter's kinds for the same. */
const unavailableAdapterKind = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
// pg raises these without any code; their texts are fixed in pg's source (client.js, pg-pool)
const pgConnectionMessage = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Connection terminated unexpectedly)/;

function one(err: Record<string, unknown>): boolean {
  const code = typeof err.code === "string" ? err.code : undefined;
  if (code && (unavailableErrno.has(code) || unavailableSqlState.test(code) || unavailablePrismaCode.has(code))) return true;
  const cause = (err.meta as { driverAdapterError?: { cause?: { kind?: string; originalCode?: string } } } | undefined)?.driverAdapterError?.cause
    ?? (err.name === "DriverAdapterError" ? (err.cause as { kind?: string; originalCode?: string } | undefined) : undefined);
  if (cause?.kind && unavailableAdapterKind.has(cause.kind)) return true;
  if (cause?.originalCode && unavailableSqlState.test(cause.originalCode)) return true;
  const message = err.message;
  return typeof message === "string" && err.constructor === Error && pgConnectionMessage.test(message);
}

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (one(e as Record<string, unknown>)) return true;
    // AggregateError (a connect to several addresses, e.g. localhost's ::1 and 127.0.0.1)
    if (Array.isArray((e as { errors?: unknown }).errors) && (e as { errors: unknown[] }).errors.some((x) => isDatabaseUnavailable(x))) return true;
  }
  return false;
}

/** Seconds a client should wait before retrying while the database is unavailable. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;
