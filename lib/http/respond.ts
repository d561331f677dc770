// The one mapper from anything thrown to an HTTP answer with the docs/design.md §4 body.
import pg from "pg";
import { ZodError } from "zod";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError, errorStatus, type ErrorCode } from "@/lib/http/errors";
import { log } from "@/lib/log";
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from "@/lib/db/unavailable";

function errorBody(code: ErrorCode, message: string, requestId: string, details?: unknown) {
  return { error: message, code, ...(details === undefined ? {} : { details }), requestId };
}

function zodDetails(err: ZodError) {
  return err.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
}

function fromPrisma(err: Prisma.PrismaClientKnownRequestError): AppError | null {
  switch (err.code) {
    case "P2025":
      return new AppError("not_found", "Not found");
    case "P2002":
      return new AppError("conflict", "A row with these unique values already exists", {
        target: (err.meta as { target?: unknown } | undefined)?.target,
      });
    case "P2003":
      return new AppError("invalid_reference", "The request names an entity that does not exist");
    case "P2000":
      return new AppError("validation_error", "A value is too long for its field");
    case "P2034":
      return new AppError("conflict", "A concurrent change won; read again and retry");
    case "P2010": {
      // a raw statement failed: a deadlock or serialization failure is a retryable conflict
      const meta = err.meta as { driverAdapterError?: { cause?: { originalCode?: unknown } } } | undefined;
      const sqlState = meta?.driverAdapterError?.cause?.originalCode;
      return sqlState === "40P01" || sqlState === "40001" ? new AppError("conflict", "A concurrent change won; read again and retry") : null;
    }
    case "P2024":
    case "P2028":
      return new AppError("unavailable", "The database is busy; retry shortly");
    default:
      return null;
  }
}

/** Errors of hand-written SQL (pg's DatabaseError carries the SQLSTATE in `code`). */
function fromPg(err: pg.DatabaseError): AppError | null {
  switch (err.code) {
    case "23505":
      return new AppError("conflict", "A row with these unique values already exists");
    case "23503":
      return new AppError("invalid_reference", "The request names an entity that does not exist");
    case "40001":
    case "40P01":
      return new AppError("conflict", "A concurrent change won; read again and retry");
    default:
      return null;
  }
}

/** The SQLSTATE of a database error, from pg or from Prisma's driver adapter. */
function sqlStateOf(err: unknown): string | undefined {
  if (err instanceof pg.DatabaseError) return err.code;
  if (err instanceof Prisma.PrismaClientKnownRequestError) {
    return (err.meta as { driverAdapterError?: { cause?: { originalCode?: string } } } | undefined)?.driverAdapterError?.cause?.originalCode;
  }
  return undefined;
}

/**
 * Class 22 (data exception: text PostgreSQL cannot store, a malformed value for its column type) is the
 * input's fault wherever it surfaces. The parsers refuse such input first (lib/http/parse.ts); this is
 * the net under any path they do not cover.
 */
const dataException = (err: unknown) =>
  sqlStateOf(err)?.startsWith("22") ? new AppError("validation_error", "A value in the request cannot be stored") : null;

export function toAppError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  if (isDatabaseUnavailable(err)) return new AppError("unavailable", "The database is unavailable; retry shortly");
  const data = dataException(err);
  if (data) return data;
  if (err instanceof ZodError) return new AppError("validation_error", "The request does not match the expected fields", zodDetails(err));
  if (err instanceof Prisma.PrismaClientKnownRequestError) return fromPrisma(err);
  if (err instanceof pg.DatabaseError) return fromPg(err);
  return null;
}

export function errorResponse(err: unknown, requestId: string, headers: Record<string, string> = {}): Response {
  const app = toAppError(err);
  if (!app) {
    log.error("unhandled error", { requestId, error: err instanceof Error ? err.stack ?? err.message : String(err) });
  }
  const code: ErrorCode = app?.code ?? "internal";
  const message = app?.message ?? "Internal server error";
  const extra: Record<string, string> = code === "unauthenticated" ? { "WWW-Authenticate": "Bearer" } : {};
  if (code === "unavailable") extra["Retry-After"] = String(UNAVAILABLE_RETRY_AFTER_SECONDS);
  if (app && "retryAfterSec" in app && typeof app.retryAfterSec === "number") extra["Retry-After"] = String(app.retryAfterSec);
  return Response.json(errorBody(code, message, requestId, app?.details), {
    status: errorStatus[code],
    headers: { "X-Request-Id": requestId, ...extra, ...headers },
  });
}
