// docs/design.md §5: lists are JSON arrays; `limit` (default 100, max 500) and an opaque keyset `cursor`;
// when more rows exist the answer has `Link: <…>; rel="next"` and `X-Next-Cursor`.
import { z } from "zod";
import { AppError } from "@/lib/http/errors";
import { isUuid } from "@/lib/schemas/common";

/** The largest page a list answers. */
export const MAX_LIMIT = 500;

export const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(100).describe(`Rows per page (1–${MAX_LIMIT}, default 100)`),
  cursor: z.string().max(1000).optional().describe("Opaque cursor from X-Next-Cursor of the previous page"),
});

export type ListQuery = z.infer<typeof listQuerySchema>;

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** A page already written as JSON text (a hot list: rows straight to text, see issueJson). */
export interface JsonPage {
  json: string;
  nextCursor: string | null;
}

type Scalar = string | number | boolean | null;
type Encoded = Scalar | { d: string };

export function encodeCursor(values: Array<Scalar | Date>): string {
  const enc: Encoded[] = values.map((v) => (v instanceof Date ? { d: v.toISOString() } : v));
  return Buffer.from(JSON.stringify(enc)).toString("base64url");
}

/** What a cursor value must be for its column; anything else was not issued by this server. */
export type CursorKind = "date" | "uuid" | "int" | "text";

const fits: Record<CursorKind, (v: Scalar | Date) => boolean> = {
  date: (v) => v instanceof Date && v.getUTCFullYear() >= 1 && v.getUTCFullYear() <= 9999,
  uuid: (v) => typeof v === "string" && isUuid(v),
  int: (v) => typeof v === "number" && Number.isInteger(v) && Math.abs(v) <= 2 ** 31 - 1,
  text: (v) => typeof v === "string" && !v.includes("\u0000"),
};

export function decodeCursor(cursor: string, kinds: readonly CursorKind[]): Array<Scalar | Date> {
  try {
    const raw: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (!Array.isArray(raw) || raw.length !== kinds.length) throw new Error("shape");
    const values = raw.map((v: Encoded) => {
      if (v && typeof v === "object") {
        const d = new Date(v.d);
        if (Number.isNaN(d.getTime())) throw new Error("date");
        return d;
      }
      return v;
    });
    if (!values.every((v, i) => fits[kinds[i]](v))) throw new Error("kind");
    return values;
  } catch {
    throw new AppError("validation_error", "The request does not match the expected fields", [
      { path: "cursor", message: "invalid cursor" },
    ]);
  }
}

export type OrderField<F extends string> = readonly [F, "asc" | "desc", CursorKind];

/**
 * Keyset condition "after the row with these values" for an ORDER BY on `order` (whose last field
 * must be unique, e.g. id): OR over i of (f0 = v0 AND … AND f_i beyond v_i).
 */
export function keysetWhere<F extends string>(order: readonly OrderField<F>[], cursor: string | undefined) {
  if (!cursor) return {};
  const values = decodeCursor(cursor, order.map(([, , kind]) => kind));
  const branches = order.map(([field, dir], i) => {
    const cond: Record<string, unknown> = {};
    for (let j = 0; j < i; j++) cond[order[j][0]] = values[j];
    cond[field] = { [dir === "asc" ? "gt" : "lt"]: values[i] };
    return cond;
  });
  return { OR: branches };
}

export function orderByOf<F extends string>(order: readonly OrderField<F>[]) {
  return order.map(([field, dir]) => ({ [field]: dir }));
}

/**
 * Cuts the `limit + 1` rows a query fetched to the page's rows and the cursor of its last row, whose
 * `order` fields `field` reads (a date column may come as an ISO string, isoTimestampTypes: the cursor
 * always holds a date).
 */
function cut<R>(rows: R[], limit: number, order: readonly OrderField<string>[], field: (row: R, name: string) => unknown) {
  const more = rows.length > limit;
  const kept = more ? rows.slice(0, limit) : rows;
  const last = kept[kept.length - 1];
  const value = (name: string, kind: CursorKind) => {
    const v = field(last, name) as Scalar | Date;
    return kind === "date" && typeof v === "string" ? new Date(v) : v;
  };
  return { kept, nextCursor: more && last !== undefined ? encodeCursor(order.map(([f, , kind]) => value(f, kind))) : null };
}

/** The `limit + 1` rows a query fetched as a page of `map`'s items, with the cursor of its last row. */
export function toPage<R, T>(rows: R[], limit: number, order: readonly OrderField<string>[], map: (row: R) => T): Page<T> {
  const { kept, nextCursor } = cut(rows, limit, order, (row, name) => (row as Record<string, unknown>)[name]);
  return { items: kept.map(map), nextCursor };
}

/** What a keyset page's query takes: the cursor's condition (spread it into `where`), the order, one row more than the page. */
export interface KeysetQuery {
  after: { OR?: Record<string, unknown>[] };
  orderBy: { [field: string]: "asc" | "desc" }[];
  take: number;
}

/**
 * One page of a keyset list read with Prisma: `find` reads the rows with the keyset query, `map`
 * turns each kept row into its item, and the next cursor is the last kept row's.
 */
export async function keysetPage<R, T = R>(query: ListQuery, order: readonly OrderField<string>[], find: (q: KeysetQuery) => Promise<R[]>, map?: (row: R) => T): Promise<Page<T>> {
  const rows = await find({ after: keysetWhere(order, query.cursor), orderBy: orderByOf(order), take: query.limit + 1 });
  return toPage(rows, query.limit, order, map ?? ((row) => row as unknown as T));
}

/**
 * The keyset condition of a hand-written list in SQL: "after the row with `values`" for an ORDER BY on
 * `columns` (SQL expressions, each with the type its value is cast to) in `order`'s directions, the
 * values added through `param`. One direction throughout is a row comparison, which an index on the
 * columns serves as a range; mixed directions nest: c0 beyond v0 OR (c0 = v0 AND (c1 beyond v1 OR …)).
 */
export function keysetSql(order: readonly OrderField<string>[], columns: readonly { sql: string; cast: string }[], values: readonly unknown[], param: (v: unknown) => string): string {
  const vals = values.map((v, i) => `${param(v)}::${columns[i].cast}`);
  const op = (i: number) => (order[i][1] === "asc" ? ">" : "<");
  if (order.every(([, dir]) => dir === order[0][1])) return `(${columns.map((c) => c.sql).join(", ")}) ${op(0)} (${vals.join(", ")})`;
  const from = (i: number): string =>
    i === columns.length - 1 ? `${columns[i].sql} ${op(i)} ${vals[i]}` : `(${columns[i].sql} ${op(i)} ${vals[i]} OR (${columns[i].sql} = ${vals[i]} AND ${from(i + 1)}))`;
  return from(0);
}

/** toPage for a page written as text: `write` turns a row into JSON, `field` reads a row's order field. */
export function toJsonPage<R>(rows: R[], limit: number, order: readonly OrderField<string>[], field: (row: R, name: string) => unknown, write: (row: R) => string): JsonPage {
  const { kept, nextCursor } = cut(rows, limit, order, field);
  return { json: `[${kept.map(write).join(",")}]`, nextCursor };
}
