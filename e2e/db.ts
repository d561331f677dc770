// The e2e server's own database (global-setup's data dir), for seeding data at a scale the API
// would take minutes to create.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

/** postmaster.pid's 4th line is the port of the embedded PostgreSQL. */
export function e2eDatabaseUrl(): string {
  const dir = process.env.CHARTER_E2E_DIR;
  if (!dir) throw new Error("CHARTER_E2E_DIR is unset: run the specs through playwright.config.ts (global setup)");
  const port = fs.readFileSync(path.join(dir, "pg", "postmaster.pid"), "utf8").split("\n")[3].trim();
  return `postgres://postgres:postgres@127.0.0.1:${port}/charter`;
}

/** Runs `fn` on a client of the e2e database inside one transaction. */
export async function withE2eDatabase<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    await client.query("BEGIN");
    const out = await fn(client);
    await client.query("COMMIT");
    return out;
  } catch (err) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}
