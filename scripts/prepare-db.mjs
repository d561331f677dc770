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
    const { issueSetupToken } = await tsImport("../lib/auth/setup-token.ts", import.meta.url);
    const setupToken = await issueSetupToken((text, values) => client.query(text, values));
    return { applied: res.appliedMigrationNames, setupToken };
  } finally {
    await client.end();
  }
}
