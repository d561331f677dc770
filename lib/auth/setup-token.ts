// The first-run setup token: while no board user exists, every instance that starts issues its own
// (only the digest is kept) beside any issued before, so a second instance or a restart never kills a
// link already printed; the first one used consumes them all (completeSetup). Plain SQL on a query
// function, so the launcher (scripts/prepare-db.mjs, on a bare pg client) and the server share it.
import { mintToken } from "@/lib/auth/tokens";

/** The InstanceSetting keys of setup token digests start with this. */
export const SETUP_KEY = "setup_token_digest";

export type Query = (text: string, values: unknown[]) => Promise<{ rowCount: number | null }>;

/** A fresh setup token, or null once a board user exists (then nothing is stored). */
export async function issueSetupToken(query: Query): Promise<string | null> {
  const { token, digest } = mintToken("setup");
  const { rowCount } = await query(
    `INSERT INTO "InstanceSetting" (key, value, "updatedAt")
     SELECT $1 || ':' || $2, $2, now() WHERE NOT EXISTS (SELECT 1 FROM "User")`,
    [SETUP_KEY, digest],
  );
  return rowCount ? token : null;
}
