// Failed sign-ins and failed /token client authentications, counted in PostgreSQL (rate_limits,
// rate-limiter-flexible's RateLimiterPostgres) so every instance sees the same counts. Backoff, not
// lockout: a few failures per (account, address) are free, then each further one doubles the wait of
// that pair only, so an attacker elsewhere slows their own address down, not the account's owner.
// Looser ceilings per account (across addresses) and per address (across accounts) stop spraying.
import { createHash } from "node:crypto";
import type pg from "pg";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { sql } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";

export interface AttemptPolicy {
  /** key prefix in rate_limits */
  name: string;
  /** failures of one (subject, address) pair that cost no wait */
  freeFailures: number;
  /** the wait after the last free failure; it doubles with each further failure */
  firstDelaySec: number;
  maxDelaySec: number;
  /** failures of one subject (account, client) from all addresses within the window */
  perSubject: { failures: number; windowSec: number };
  /** failures from one address (whatever the subject) within the window */
  perAddress: { failures: number; windowSec: number };
}

/** Board sign-in, and the current password of a password change. */
export const signInPolicy: AttemptPolicy = {
  name: "signin",
  freeFailures: 5,
  firstDelaySec: 15,
  maxDelaySec: 15 * 60,
  perSubject: { failures: 100, windowSec: 3600 },
  perAddress: { failures: 200, windowSec: 3600 },
};

/** Client authentication at /token (strict profile). */
export const tokenPolicy: AttemptPolicy = { ...signInPolicy, name: "token" };

/** Refused before the credentials are even looked at: wait this long. */
/** A 429 through the API's one error mapper, which sends its Retry-After. */
export class TooManyAttempts extends AppError {
  constructor(readonly retryAfterSec: number) {
    super("too_many_requests", `Too many attempts; try again in ${retryAfterSec} s`);
    this.name = "TooManyAttempts";
  }
}

interface Limiters {
  failures: RateLimiterPostgres;
  wait: RateLimiterPostgres;
  subject: RateLimiterPostgres;
  address: RateLimiterPostgres;
}

const byPool = new WeakMap<pg.Pool, Map<string, Limiters>>();

function limiter(pool: pg.Pool, keyPrefix: string, points: number, duration: number) {
  return new RateLimiterPostgres({ storeClient: pool, storeType: "pool", tableName: "rate_limits", tableCreated: true, keyPrefix, points, duration });
}

function limiters(policy: AttemptPolicy): Limiters {
  const pool = sql();
  let forPool = byPool.get(pool);
  if (!forPool) byPool.set(pool, (forPool = new Map()));
  let found = forPool.get(policy.name);
  if (!found) {
    const { name, perSubject, perAddress } = policy;
    found = {
      // consecutive failures of a pair: never refuses by itself, forgotten a day after the first
      failures: limiter(pool, `${name}:fails`, 1_000_000, 86_400),
      // the pair's current wait, set with block()
      wait: limiter(pool, `${name}:wait`, 1, 1),
      subject: limiter(pool, `${name}:subject`, perSubject.failures, perSubject.windowSec),
      address: limiter(pool, `${name}:address`, perAddress.failures, perAddress.windowSec),
    };
    forPool.set(policy.name, found);
  }
  return found;
}

// keys are digests: rate_limits holds no email address, and any input fits varchar(255)
const digest = (...parts: string[]) => createHash("sha256").update(parts.join("\n")).digest("base64url");

interface Standing {
  /** ms until the first limiter that refuses lets go; 0: go ahead */
  waitMs: number;
  /** the pair has failures on record (a success then clears them) */
  pairFailed: boolean;
}

/**
 * Where (subject, address) stands, in one read of the limiters' rows (every request to a guarded
 * endpoint makes it: the clean case costs this one statement). The rows are the library's own:
 * its keys (getKey), its points and expiry in ms; a block is points + 1.
 */
async function standing(policy: AttemptPolicy, subject: string, address: string): Promise<Standing> {
  const l = limiters(policy);
  const pair = digest(subject, address);
  const keys = { failures: l.failures.getKey(pair), wait: l.wait.getKey(pair), subject: l.subject.getKey(digest(subject)), address: l.address.getKey(digest(address)) };
  const now = Date.now();
  const { rows } = await sql().query<{ key: string; points: number; expire: string | null }>({
    name: "rate-limit-standing",
    text: `SELECT key, points, expire FROM rate_limits WHERE key = ANY($1::varchar[]) AND (expire IS NULL OR expire > $2)`,
    values: [Object.values(keys), now],
  });
  const row = (key: string) => rows.find((r) => r.key === key);
  const refusing = (key: string, points: number) => {
    const r = row(key);
    return r && r.points >= points && r.expire !== null ? Number(r.expire) - now : 0;
  };
  return {
    waitMs: Math.max(refusing(keys.wait, 2), refusing(keys.subject, policy.perSubject.failures), refusing(keys.address, policy.perAddress.failures)),
    pairFailed: row(keys.failures) !== undefined,
  };
}

// consume() rejects with a RateLimiterRes once the points are used up: for a counter that is no error
const count = (p: Promise<RateLimiterRes>) => p.catch((res: unknown) => {
  if (res instanceof RateLimiterRes) return res;
  throw res;
});

async function recordFailure(policy: AttemptPolicy, subject: string, address: string): Promise<void> {
  const l = limiters(policy);
  const pair = digest(subject, address);
  const [fails] = await Promise.all([count(l.failures.consume(pair)), count(l.subject.consume(digest(subject))), count(l.address.consume(digest(address)))]);
  const beyond = fails.consumedPoints - policy.freeFailures;
  if (beyond >= 0) await l.wait.block(pair, Math.min(policy.firstDelaySec * 2 ** Math.min(beyond, 30), policy.maxDelaySec));
}

async function recordSuccess(policy: AttemptPolicy, subject: string, address: string): Promise<void> {
  const l = limiters(policy);
  const pair = digest(subject, address);
  await Promise.all([l.failures.delete(pair), l.wait.delete(pair)]);
}

/**
 * Runs `attempt` unless (subject, address) must wait; throws TooManyAttempts then. `attempt` says
 * true (the credentials were right: the pair's failures are cleared; the ceilings keep their windows),
 * false (a failure, counted) or null (neither: say, a well-authenticated request that failed otherwise).
 */
export async function guardAttempt(policy: AttemptPolicy, subject: string, address: string, attempt: () => Promise<boolean | null>): Promise<boolean | null> {
  const { waitMs, pairFailed } = await standing(policy, subject, address);
  if (waitMs > 0) throw new TooManyAttempts(Math.max(1, Math.ceil(waitMs / 1000)));
  const ok = await attempt();
  if (ok === false) await recordFailure(policy, subject, address);
  else if (ok && pairFailed) await recordSuccess(policy, subject, address);
  return ok;
}
