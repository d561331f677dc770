// Child of the launcher: applies migrations and, while no board user exists, issues the one-time
// setup token (only its digest is stored). Prints one JSON line. A separate process so the WASM
// engine's memory goes back to the system once it is done.
import pg from "pg";
import { tsImport } from "tsx/esm/api";
import { migrateUrl } from "../lib/db/schema-engine.mjs";

const url = process.env.DATABASE_URL;
const res = await migrateUrl(url);
const client = new pg.Client({ connectionString: url });
await client.connect();
let setupToken = null;
const users = await client.query('SELECT 1 FROM "User" LIMIT 1');
if (users.rowCount === 0) {
  const { mintToken } = await tsImport("../lib/auth/tokens.ts", import.meta.url);
  const minted = mintToken("setup");
  await client.query(
    `INSERT INTO "InstanceSetting" (key, value, "updatedAt") VALUES ('setup_token_digest', $1, now())
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, "updatedAt" = now()`,
    [minted.digest],
  );
  setupToken = minted.token;
}
await client.end();
console.log(JSON.stringify({ applied: res.appliedMigrationNames, setupToken }));
