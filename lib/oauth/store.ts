// Codes and access tokens in PostgreSQL (several instances share them), digests only. A code is
// claimed by deleting it: of two concurrent requests naming one code, exactly one gets the row.
// Expired rows are removed by the statements that write new ones.
import { sql } from "@/lib/db/client";
import { uuidv7 } from "@/lib/ids";
import { digestToken, mintToken } from "@/lib/auth/tokens";
import { CODE_TTL_SECONDS, TOKEN_TTL_SECONDS } from "@/lib/oauth/config";

export interface CodeGrant {
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
  userId: string | null;
}

export async function issueCode(grant: CodeGrant): Promise<string> {
  const { token: code, digest } = mintToken("oauthCode");
  await sql().query({
    name: "oauth-issue-code",
    text: `WITH expired AS (DELETE FROM "OAuthCode" WHERE "expiresAt" <= now())
           INSERT INTO "OAuthCode" (id, "codeHash", "clientId", "redirectUri", "codeChallenge", "userId", "expiresAt")
           VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))`,
    values: [uuidv7(), digest, grant.clientId, grant.redirectUri, grant.codeChallenge, grant.userId, CODE_TTL_SECONDS],
  });
  return code;
}

/** Consumes the code (whatever the caller does next) and returns its grant, or null if unknown or expired. */
export async function claimCode(code: string): Promise<CodeGrant | null> {
  const { rows } = await sql().query<CodeGrant & { live: boolean }>({
    name: "oauth-claim-code",
    text: `DELETE FROM "OAuthCode" WHERE "codeHash" = $1
           RETURNING "clientId", "redirectUri", "codeChallenge", "userId", "expiresAt" > now() AS live`,
    values: [digestToken(code)],
  });
  const row = rows[0];
  if (!row?.live) return null;
  return { clientId: row.clientId, redirectUri: row.redirectUri, codeChallenge: row.codeChallenge, userId: row.userId };
}

/** A new access token; userId null means the instance admin (client credentials, anonymous seed grants). */
export async function issueAccessToken(clientId: string, userId: string | null): Promise<string> {
  const { token, digest } = mintToken("oauthAccess");
  await sql().query({
    name: "oauth-issue-token",
    text: `WITH expired AS (DELETE FROM "OAuthToken" WHERE "expiresAt" <= now())
           INSERT INTO "OAuthToken" (id, "tokenHash", "clientId", "userId", "expiresAt")
           VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    values: [uuidv7(), digest, clientId, userId, TOKEN_TTL_SECONDS],
  });
  return token;
}

export interface TokenUser {
  id: string;
  email: string;
  name: string;
  isInstanceAdmin: boolean;
  /** companyId → membership role */
  roles: Record<string, string>;
}

/**
 * The board user an access token acts as, with the roles of their memberships, or null when the
 * token is unknown or expired. Tokens bound to no user act as the oldest instance admin. One round
 * trip: every /mcp call authenticates here.
 */
export async function userForAccessToken(token: string): Promise<TokenUser | null> {
  const { rows } = await sql().query<TokenUser>({
    name: "oauth-token-user",
    text: `SELECT u.id, u.email, u.name, u."isInstanceAdmin",
                  COALESCE((SELECT json_object_agg(m."companyId", m.role) FROM "Membership" m WHERE m."userId" = u.id), '{}'::json) AS roles
             FROM "OAuthToken" t
             JOIN "User" u ON u.id = COALESCE(t."userId",
                  (SELECT a.id FROM "User" a WHERE a."isInstanceAdmin" ORDER BY a."createdAt", a.id LIMIT 1))
            WHERE t."tokenHash" = $1 AND t."expiresAt" > now()`,
    values: [digestToken(token)],
  });
  return rows[0] ?? null;
}
