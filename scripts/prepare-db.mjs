// Applies migrations and, while no board user exists, issues the one-time setup token (only its
// digest is stored; the token is printed once by the launcher).
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
    await client.query(
      `INSERT INTO "InstanceSetting" (key, value, "updatedAt") VALUES ('setup_token_digest', $1, now())
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, "updatedAt" = now()`,
      [minted.digest],
    );
    return { applied: res.appliedMigrationNames, setupToken: minted.token };
  } finally {
    await client.end();
  }
}
