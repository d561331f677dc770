// Applies migrations and, while no board user exists, issues this instance's one-time setup token
// (only its digest is stored; the token is printed once by the launcher). Tokens issued earlier, by
// another instance on the same database or a previous start, stay valid: the first one used wins.
import pg from "pg";
import { tsImport } from "tsx/esm/api";
import { migrateUrl } from "../lib/db/schema-engine.mjs";

export async function prepareDatabase(url) {
  const res = await migrateUrl(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const users = await client.query('SELECT 1 FROM "User" LIMIT 1');
    if (users.rowCount !== 0) return { applied: res.appliedMigrationNames, setupToken: null };
    const { mintToken } = await tsImport("../lib/auth/tokens.ts", import.meta.url);
    const minted = mintToken("setup");
    // beside any token another instance (or an earlier start) printed, never in its place (lib/services/users.ts)
    await client.query(
      `INSERT INTO "InstanceSetting" (key, value, "updatedAt") VALUES ('setup_token_digest:' || $1, $1, now())`,
      [minted.digest],
    );
    return { applied: res.appliedMigrationNames, setupToken: minted.token };
  } finally {
    await client.end();
  }
}
