// Failed sign-ins and failed /token client authentications, counted in PostgreSQL (rate_limits,
// rate-limiter-flexible's RateLimiterPostgres) so every instance sees the same counts. Backoff, not
// lockout: a few failures per (account, address) are free, then each further one doubles the wait of
// that pair only, so an attacker elsewhere slows their own address down, not the account's owner.
// Looser ceilings per account (across addresses) and per address (across accounts) stop spraying.
import { createHash } from "node:crypto";
import type pg from "pg";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { sql } from "@/lib/db/client";

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
export class TooManyAttempts extends Error {
  constructor(readonly retryAfterSec: number) {
    super(`Too many attempts; try again in ${retryAfterSec} s`);
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

/** The remaining wait in ms of a limiter whose `points` are used up (a block counts as used up). */
const refusing = (res: RateLimiterRes | null, points: number) => (res && res.consumedPoints >= points ? res.msBeforeNext : 0);

async function waitMs(policy: AttemptPolicy, subject: string, address: string): Promise<number> {
  const l = limiters(policy);
  const [pair, bySubject, byAddress] = await Promise.all([
    l.wait.get(digest(subject, address)),
    l.subject.get(digest(subject)),
    l.address.get(digest(address)),
  ]);
  return Math.max(refusing(pair, 2), refusing(bySubject, policy.perSubject.failures), refusing(byAddress, policy.perAddress.failures));
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
  const ms = await waitMs(policy, subject, address);
  if (ms > 0) throw new TooManyAttempts(Math.max(1, Math.ceil(ms / 1000)));
  const ok = await attempt();
  if (ok !== null) await (ok ? recordSuccess : recordFailure)(policy, subject, address);
  return ok;
}
