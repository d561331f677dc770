import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/http/errors";
import { decodeCursor, encodeCursor, keysetPage, keysetSql, keysetWhere, listQuerySchema, orderByOf, toPage, type KeysetQuery, type OrderField } from "@/lib/http/pagination";

const U1 = "0190a0a0-0000-7000-8000-000000000001";
const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");

function invalid(fn: () => unknown) {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: "validation_error", details: [{ path: "cursor", message: "invalid cursor" }] });
    return;
  }
  throw new Error("expected an invalid cursor error");
}

describe("encodeCursor / decodeCursor", () => {
  it("round-trips dates, uuids, integers and text", () => {
    const at = new Date("2026-03-04T05:06:07.089Z");
    const cursor = encodeCursor([at, U1, 7, "Acme, Inc."]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const back = decodeCursor(cursor, ["date", "uuid", "int", "text"]);
    expect(back).toEqual([at, U1, 7, "Acme, Inc."]);
    expect(back[0]).toBeInstanceOf(Date);
  });

  it.each([
    ["not base64 json", "%%%"],
    ["not an array", enc({ a: 1 })],
    ["too short", enc([])],
    ["too long", enc([U1, U1])],
  ])("refuses a cursor that is %s", (_what, cursor) => {
    invalid(() => decodeCursor(cursor, ["uuid"]));
  });

  it.each([
    ["a string for a date", ["x"], ["date"]],
    ["an invalid date", [{ d: "never" }], ["date"]],
    ["a date PostgreSQL cannot hold", [{ d: "-200000-01-01T00:00:00Z" }], ["date"]],
    ["a non-uuid for a uuid", ["nope"], ["uuid"]],
    ["a number for a uuid", [5], ["uuid"]],
    ["null", [null], ["uuid"]],
    ["a fraction for an int", [1.5], ["int"]],
    ["an int beyond 32 bits", [2 ** 31], ["int"]],
    ["a string for an int", ["5"], ["int"]],
    ["a number for text", [5], ["text"]],
    ["text with NUL", ["a\u0000"], ["text"]],
    ["a boolean", [true], ["text"]],
  ] as const)("refuses %s", (_what, values, kinds) => {
    invalid(() => decodeCursor(enc(values), kinds));
  });
});

describe("keysetWhere", () => {
  const order = [["createdAt", "asc", "date"], ["id", "asc", "uuid"]] as const satisfies readonly OrderField<string>[];

  it("is no condition without a cursor", () => {
    expect(keysetWhere(order, undefined)).toEqual({});
  });

  it("is 'after this row' in the order's directions", () => {
    const at = new Date("2026-01-01T00:00:00.000Z");
    expect(keysetWhere(order, encodeCursor([at, U1]))).toEqual({
      OR: [{ createdAt: { gt: at } }, { createdAt: at, id: { gt: U1 } }],
    });
    const desc = [["revision", "desc", "int"]] as const;
    expect(keysetWhere(desc, encodeCursor([4]))).toEqual({ OR: [{ revision: { lt: 4 } }] });
    const mixed = [["name", "asc", "text"], ["id", "desc", "uuid"]] as const;
    expect(keysetWhere(mixed, encodeCursor(["Acme", U1]))).toEqual({ OR: [{ name: { gt: "Acme" } }, { name: "Acme", id: { lt: U1 } }] });
  });

  it("refuses a cursor of the wrong shape for the order", () => {
    invalid(() => keysetWhere(order, encodeCursor([U1])));
    invalid(() => keysetWhere(order, encodeCursor([U1, new Date()])));
  });

  it("orderByOf follows the order", () => {
    expect(orderByOf(order)).toEqual([{ createdAt: "asc" }, { id: "asc" }]);
  });
});

describe("toPage", () => {
  const order = [["n", "asc", "int"]] as const;
  const rows = [1, 2, 3, 4].map((n) => ({ n }));

  it("keeps `limit` rows and a cursor after the last kept one when a further row was fetched", () => {
    const page = toPage(rows, 3, order, (r) => r.n * 10);
    expect(page.items).toEqual([10, 20, 30]);
    expect(decodeCursor(page.nextCursor!, ["int"])).toEqual([3]);
  });

  it("has no cursor when nothing more was fetched", () => {
    expect(toPage(rows, 4, order, (r) => r.n)).toEqual({ items: [1, 2, 3, 4], nextCursor: null });
    expect(toPage([], 4, order, (r: { n: number }) => r.n)).toEqual({ items: [], nextCursor: null });
  });
});

describe("listQuerySchema", () => {
  it("defaults limit to 100 and bounds it to 1–500", () => {
    expect(listQuerySchema.parse({})).toEqual({ limit: 100 });
    expect(listQuerySchema.parse({ limit: "500" }).limit).toBe(500);
    for (const limit of ["0", "501", "-1", "1.5", "x"]) expect(listQuerySchema.safeParse({ limit }).success).toBe(false);
  });
});

describe("keysetPage", () => {
  const order: readonly OrderField<"n" | "id">[] = [["n", "asc", "int"], ["id", "asc", "uuid"]];
  const rows = [1, 2, 3].map((n) => ({ n, id: `0190a0a0-0000-7000-8000-00000000000${n}` }));

  it("asks for one row more than the page, in the order, after the cursor; cuts and maps", async () => {
    const asked: KeysetQuery[] = [];
    const first = await keysetPage({ limit: 2 }, order, async (q) => (asked.push(q), rows), (r) => r.n * 10);
    expect(asked[0]).toEqual({ after: {}, orderBy: [{ n: "asc" }, { id: "asc" }], take: 3 });
    expect(first.items).toEqual([10, 20]);
    const second = await keysetPage({ limit: 2, cursor: first.nextCursor! }, order, async (q) => (asked.push(q), rows.slice(2)));
    expect(asked[1].after).toEqual(keysetWhere(order, first.nextCursor!));
    expect(second).toEqual({ items: [rows[2]], nextCursor: null });
  });
});

describe("keysetSql", () => {
  const params: unknown[] = [];
  const p = (v: unknown) => `$${params.push(v)}`;

  it("is a row comparison when every column goes one way", () => {
    params.length = 0;
    const order: readonly OrderField<string>[] = [["a", "asc", "int"], ["id", "asc", "uuid"]];
    expect(keysetSql(order, [{ sql: "t.a", cast: "int" }, { sql: "t.id", cast: "uuid" }], [3, U1], p)).toBe("(t.a, t.id) > ($1::int, $2::uuid)");
    expect(params).toEqual([3, U1]);
  });

  it("nests per column when directions differ, each value a parameter once", () => {
    params.length = 0;
    const order: readonly OrderField<string>[] = [["p", "asc", "text"], ["u", "desc", "date"], ["id", "desc", "uuid"]];
    const cols = [{ sql: "i.p", cast: "text" }, { sql: "i.u", cast: "timestamptz" }, { sql: "i.id", cast: "uuid" }];
    expect(keysetSql(order, cols, ["high", "2026-01-01", U1], p))
      .toBe("(i.p > $1::text OR (i.p = $1::text AND (i.u < $2::timestamptz OR (i.u = $2::timestamptz AND i.id < $3::uuid))))");
    expect(params).toHaveLength(3);
  });

  it("is the only keyset code: services neither spell the cursor condition nor the extra row themselves", async () => {
    const { execFileSync } = await import("node:child_process");
    const grep = (pattern: string) => execFileSync("git", ["grep", "-l", "-E", pattern, "--", "lib", "app"], { encoding: "utf8" }).trim().split("\n").filter(Boolean).sort();
    expect(grep("keysetWhere\\(")).toEqual(["lib/http/pagination.ts"]);
    // hand-written lists pass limit + 1 as their statement's LIMIT parameter
    expect(grep("take: .*limit \\+ 1")).toEqual(["lib/http/pagination.ts"]);
  });
});
