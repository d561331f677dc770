// The shared pool under a connection that the server ends in the middle of a transaction.
import type { PoolClient } from "pg";
import { describe, expect, it } from "vitest";
import { isoTimestampTypes, sql, sqlTx, statementName, timestamptzToIso } from "@/lib/db/client";

describe("sqlTx", () => {
  it("a connection ended mid-transaction fails that transaction, raises nothing uncaught, and the pool goes on", async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (e: unknown) => uncaught.push(e);
    process.on("uncaughtException", onUncaught);
    try {
      await expect(sqlTx(async (exec) => {
        const [{ pid }] = await exec("SELECT pg_backend_pid() AS pid", []);
        await sql().query("SELECT pg_terminate_backend($1)", [pid]);
        // the connection's 'error' arrives while the client is still checked out
        await new Promise((r) => setTimeout(r, 300));
        await exec("SELECT 1", []);
      })).rejects.toThrow();
      expect(uncaught).toEqual([]);
      for (let i = 0; i < 5; i++) expect((await sql().query("SELECT 1 AS ok")).rows[0].ok).toBe(1);
    } finally {
      process.off("uncaughtException", onUncaught);
    }
  });
});

describe("isoTimestampTypes", () => {
  // what the API wrote before: pg's Date, then toISOString
  const viaDate = async (client: PoolClient, text: string) => ((await client.query(`SELECT ${text} AS t`)).rows[0].t as Date).toISOString();

  const samples = ["'2026-11-22 13:45:14.123+00'", "'2026-11-22 13:45:14.12+00'", "'2026-11-22 13:45:14+00'", "'2026-01-01 00:00:00.001+00'",
    "'2026-12-31 23:59:59.999999+00'", "'2026-03-29 01:30:00.5+02'", "'0099-06-01 12:00:00+00'", "'12026-06-01 12:00:00+00'", "'2026-11-22 13:45:14.482912+00'", "'2026-11-22 13:45:14.4829+00'::timestamptz(3)"];

  for (const timeZone of ["UTC", "Europe/Berlin", "Asia/Kolkata", "America/St_Johns"]) {
    it(`reads timestamptz as the ISO string toISOString gives, in a ${timeZone} session`, async () => {
      const client = await sql().connect();
      try {
        await client.query(`SET TIME ZONE '${timeZone}'`);
        for (const text of samples) {
          const t = (await client.query({ text: `SELECT ${text}::timestamptz AS t, ${text}::timestamptz::text AS raw`, types: isoTimestampTypes })).rows[0];
          const expected = await viaDate(client, `${text}::timestamptz`);
          expect({ text, raw: t.raw, iso: t.t }).toEqual({ text, raw: t.raw, iso: expected });
        }
      } finally {
        await client.query("RESET TIME ZONE");
        client.release();
      }
    });
  }

  it("maps PostgreSQL's text forms without a database", () => {
    expect(timestamptzToIso("2026-11-22 13:45:14.12+00")).toBe("2026-11-22T13:45:14.120Z");
    expect(timestamptzToIso("2026-11-22 13:45:14+00")).toBe("2026-11-22T13:45:14.000Z");
    expect(timestamptzToIso("2026-11-22 13:45:14.999999+00")).toBe("2026-11-22T13:45:14.999Z");
    expect(timestamptzToIso("2026-11-22 19:15:14.5+05:30")).toBe("2026-11-22T13:45:14.500Z");
    expect(timestamptzToIso("infinity")).toBe("infinity");
  });
});

describe("sqlTx statements", () => {
  it("are prepared once per connection under their statementName (no parse and plan per call)", async () => {
    const text = "SELECT $1::int + 1 AS n";
    const seen = await sqlTx(async (exec) => {
      const first = await exec(text, [1]);
      const again = await exec(text, [41]);
      const prepared = await exec("SELECT name, statement FROM pg_prepared_statements WHERE name = $1", [statementName(text)]);
      return { first, again, prepared };
    });
    expect(seen.first).toEqual([{ n: 2 }]);
    expect(seen.again).toEqual([{ n: 42 }]);
    expect(seen.prepared).toEqual([{ name: statementName(text), statement: text }]);
    expect(statementName(text)).toBe(statementName(`${text}`));
    expect(statementName(text)).not.toBe(statementName(`${text} `));
  });
});
