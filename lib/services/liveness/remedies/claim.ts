// What every liveness remedy shares: the claim that makes it happen once per cause (on any number
// of instances), the limits it reads, and the rule that a board user's change to an issue resets it.
import type { Prisma } from "@/lib/generated/prisma/client";
import type { SqlExec } from "@/lib/db/sql-exec";
import { uuidv7 } from "@/lib/ids";

export type RemedyKind = "retry" | "retry_declined" | "cancel_silent_run" | "release_stale_checkout" | "requeue_lost_wake" | "wake_loop";

export interface RemedyClaim {
  companyId: string;
  issueId: string;
  kind: RemedyKind;
  causeKey: string;
  details?: Prisma.InputJsonObject;
}

/**
 * Claims a remedy in the caller's transaction: true for the one transaction that inserts the row. A
 * racing instance waits on the unique index until that one commits (then gets false) or rolls back.
 */
export async function claimRemedy(exec: SqlExec, c: RemedyClaim): Promise<boolean> {
  const rows = await exec(
    `INSERT INTO "LivenessRemedy" (id, "companyId", "issueId", kind, "causeKey", details)
     VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5, $6::jsonb) ON CONFLICT DO NOTHING RETURNING id`,
    [uuidv7(), c.companyId, c.issueId, c.kind, c.causeKey, JSON.stringify(c.details ?? {})],
  );
  return rows.length === 1;
}

/**
 * An integer of an agent's runtimeConfig as SQL (`cfg`: the jsonb column), the default when absent or
 * out of range, as readRuntimeConfig reads it. Nested CASEs: SQL does not promise AND's order, and a
 * string must never reach the numeric cast.
 */
function runtimeIntSql(cfg: string, key: string, min: number, max: number, fallback: number): string {
  const v = `${cfg}->>'${key}'`;
  return `(CASE WHEN jsonb_typeof(${cfg}->'${key}') = 'number' THEN
             CASE WHEN (${v})::numeric BETWEEN ${min} AND ${max} AND (${v})::numeric % 1 = 0 THEN (${v})::numeric::int ELSE ${fallback} END
           ELSE ${fallback} END)`;
}

/** runtimeConfig.silenceLimitSec (60–86400, default 900). */
export const silenceLimitSql = (cfg: string) => runtimeIntSql(cfg, "silenceLimitSec", 60, 86_400, 900);
/** runtimeConfig.retryBudget (0–20, default 3): retries after a failed run, not counting the first attempt. */
export const retryBudgetSql = (cfg: string) => runtimeIntSql(cfg, "retryBudget", 0, 20, 3);

/** Since when an issue's counts run: a board user's change (livenessResetAt) starts them afresh. */
export const resetSinceSql = (issue: string) => `coalesce(${issue}."livenessResetAt", '-infinity'::timestamptz)`;

/** Whether remedies may act in a company: not while it or the instance is paused (the pause is a person's choice). */
export const remediesMayActSql = (company: string) =>
  `${company}.status = 'active' AND ${company}."pausedAt" IS NULL
   AND NOT EXISTS (SELECT 1 FROM "InstanceSetting" s WHERE s.key = 'instance.pause')`;

const BACKOFF_BASE_MS = 30_000;
const BACKOFF_CAP_MS = 30 * 60_000;

/** The wait before retry `attempt` (1, 2, …): 30 s · 2^(attempt−1), at most 30 min, ±20 % jitter so retries spread out. */
export function retryBackoffMs(attempt: number, random: number = Math.random()): number {
  const base = Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1), BACKOFF_CAP_MS);
  return Math.round(base * (0.8 + 0.4 * random));
}
