// The schedule evaluator, run by every worker (lib/runtime/routine-ticker.ts). A schedule trigger's
// nextFireAt is its first window no instance has evaluated; a due trigger row is claimed with
// FOR UPDATE SKIP LOCKED, its due windows are fired and nextFireAt moves past now, all in one
// transaction: a crash in the middle rolls everything back and the next tick does it again, and
// the run rows' unique (trigger, window) key makes a second fire of a window impossible even if a
// trigger's nextFireAt were ever set back. A window nobody evaluated within 60 s of its minute is
// missed (the catch-up policy decides); a later evaluation inside those 60 s is a normal fire.
import type pg from "pg";
import { sql, sqlTx } from "@/lib/db/client";
import type { SqlExec } from "@/lib/db/sql-exec";
import { log } from "@/lib/log";
import { lastWindowAtOrBefore, nextWindow } from "@/lib/routine-schedule";
import { fireRoutine, RoutineGone } from "@/lib/services/routines/fire";

export const MISSED_AFTER_MS = 60_000;

export interface SchedulerOptions {
  now?: Date;
  pool?: pg.Pool;
  /** claims evaluated side by side (each its own transaction and connection) */
  parallel?: number;
  /** due triggers claimed per transaction */
  batch?: number;
}

interface DueTrigger {
  id: string;
  companyId: string;
  routineId: string;
  cron: string;
  timezone: string;
  nextFireAt: Date;
  catchUpPolicy: "skip_missed" | "run_once";
}

const dueWhere = `t."nextFireAt" <= $1::timestamptz AND t.kind = 'schedule'`;

const anyDueSql = `SELECT 1 AS due FROM "RoutineTrigger" t WHERE ${dueWhere} LIMIT 1`;

// $2: triggers this tick already failed on, so one bad routine cannot hold up the others
const claimSql = `SELECT t.id, t."companyId", t."routineId", t.cron, t.timezone, t."nextFireAt", r."catchUpPolicy"::text AS "catchUpPolicy"
  FROM "RoutineTrigger" t JOIN "Routine" r ON r."companyId" = t."companyId" AND r.id = t."routineId"
 WHERE ${dueWhere} AND NOT (t.id = ANY($2::uuid[]))
 ORDER BY t."nextFireAt" LIMIT $3
   FOR UPDATE OF t SKIP LOCKED`;

const advanceSql = `UPDATE "RoutineTrigger" SET "nextFireAt" = $2::timestamptz, "updatedAt" = now() WHERE id = $1::uuid`;

/** The windows of a due trigger at `now`: the last missed one (if any) and those still on time. */
export function dueWindows(t: Pick<DueTrigger, "cron" | "timezone" | "nextFireAt">, now: Date) {
  const cutoff = new Date(now.getTime() - MISSED_AFTER_MS);
  const lastMissed = t.nextFireAt < cutoff ? lastWindowAtOrBefore(t.cron, t.timezone, new Date(cutoff.getTime() - 1)) : null;
  const onTime: Date[] = [];
  let w: Date | null = lastMissed ? nextWindow(t.cron, t.timezone, lastMissed) : t.nextFireAt;
  while (w && w <= now && onTime.length < 60) {
    onTime.push(w);
    w = nextWindow(t.cron, t.timezone, w);
  }
  return { lastMissed, onTime };
}

async function evaluate(exec: SqlExec, t: DueTrigger, now: Date): Promise<number> {
  let windows: ReturnType<typeof dueWindows>;
  let next: Date | null;
  try {
    windows = dueWindows(t, now);
    next = nextWindow(t.cron, t.timezone, now);
  } catch (e) {
    // a stored schedule croner cannot read: switched off rather than retried forever
    log.error("routine schedule unreadable; trigger disabled", { triggerId: t.id, cron: t.cron, timezone: t.timezone, error: String(e) });
    await exec(advanceSql, [t.id, null]);
    return 0;
  }
  const base = { companyId: t.companyId, routineId: t.routineId, source: "schedule" as const, triggerId: t.id, deliveryId: null, timezone: t.timezone, actor: null, now };
  let fired = 0;
  if (windows.lastMissed) {
    const payload = { missedWindowsFrom: t.nextFireAt.toISOString(), missedWindowsTo: windows.lastMissed.toISOString() };
    if (await fireRoutine(exec, { ...base, scheduledFor: windows.lastMissed, payload, missed: t.catchUpPolicy === "skip_missed" })) fired++;
  }
  for (const w of windows.onTime) {
    if (await fireRoutine(exec, { ...base, scheduledFor: w, payload: {} })) fired++;
  }
  await exec(advanceSql, [t.id, next]);
  return fired;
}

/**
 * Claims up to `batch` due triggers in one transaction (one commit for many fires) and evaluates
 * each inside a savepoint, so a trigger that fails is rolled back alone and the others still fire.
 */
async function claimBatch(pool: pg.Pool, now: Date, failed: string[], batch: number): Promise<number | null> {
  return sqlTx(async (exec) => {
    const due = (await exec(claimSql, [now, failed, batch])) as unknown as DueTrigger[];
    if (due.length === 0) return null;
    let fired = 0;
    for (const t of due) {
      await exec("SAVEPOINT routine_trigger", []);
      try {
        fired += await evaluate(exec, t, now);
        await exec("RELEASE SAVEPOINT routine_trigger", []);
      } catch (e) {
        await exec("ROLLBACK TO SAVEPOINT routine_trigger", []);
        failed.push(t.id);
        if (!(e instanceof RoutineGone)) log.error("routine fire failed", { triggerId: t.id, error: String(e) });
      }
    }
    return fired;
  }, pool);
}

/**
 * Fires every due schedule window once. Cheap when nothing is due (one indexed query). Returns the
 * number of runs recorded (fired or skipped).
 */
export async function fireDueRoutines(opts: SchedulerOptions = {}): Promise<number> {
  const pool = opts.pool ?? sql();
  const now = opts.now ?? new Date();
  const { rows } = await pool.query({ name: "routines-any-due", text: anyDueSql, values: [now] });
  if (rows.length === 0) return 0;
  const failed: string[] = [];
  let total = 0;
  const lane = async () => {
    for (;;) {
      const fired = await claimBatch(pool, now, failed, opts.batch ?? 20);
      if (fired === null) return;
      total += fired;
    }
  };
  await Promise.all(Array.from({ length: opts.parallel ?? 4 }, lane));
  return total;
}
