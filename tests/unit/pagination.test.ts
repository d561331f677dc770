import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/http/errors";
import { decodeCursor, encodeCursor, keysetWhere, listQuerySchema, orderByOf, toPage, type OrderField } from "@/lib/http/pagination";

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
