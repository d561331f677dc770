// The shared pool under a connection that the server ends in the middle of a transaction.
import { describe, expect, it } from "vitest";
import { sql, sqlTx } from "@/lib/db/client";

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
