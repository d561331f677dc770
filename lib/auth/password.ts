import { hash, verify } from "@node-rs/argon2";
import { sql } from "@/lib/db/client";

// argon2id with the library's defaults (19 MiB, t=2): OWASP's minimum recommendation.
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: 2 });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password nobody knows, with the parameters of hashPassword: verified in place of
 * an unknown account's, so that an unknown email costs the same time as a wrong password.
 */
const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$T1QviNerYehJ9QH/2yEcJQ$+moKpCIP3C4MWgr595U73F3k4StKRFsumGFxNUhiRB8";

/** The user with this email and password, or null; the same work whether or not the email is known. */
export async function checkPassword(email: string, password: string): Promise<{ id: string; email: string; name: string } | null> {
  // PostgreSQL text cannot hold U+0000: such an email names nobody
  const { rows } = email.includes("\u0000")
    ? { rows: [] }
    : await sql().query<{ id: string; email: string; name: string; passwordHash: string }>({
        name: "user-by-email-for-password",
        text: `SELECT id, email, name, "passwordHash" FROM "User" WHERE email = $1`,
        values: [email],
      });
  const user = rows[0];
  const ok = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, password);
  return user && ok ? { id: user.id, email: user.email, name: user.name } : null;
}
