// Writes to HeartbeatRun rows on behalf of the worker: start, log appends, liveness, finish, and
// the sweep that closes runs whose worker is gone. Every status change is conditional on the run
// still being open, so a cancel from the board always wins over a late finish.
import { sql } from "@/lib/db/client";
import type { SqlExec } from "@/lib/db/sql-exec";
import { touchActivitySql } from "@/lib/services/liveness/remedies/run-activity";
import { env } from "@/lib/env";
import { uuidv7 } from "@/lib/ids";
import { insertActivitySql, systemActorSql } from "@/lib/services/activity";
import { insertEventSql } from "@/lib/services/outbox/emit";
import type { Step } from "@/lib/runtime/transcript/steps";

export type FinalStatus = "succeeded" | "failed" | "cancelled" | "timed_out";

/** How long after the database starts the orphan sweep waits for live workers to come back (see orphansSql). */
const RECONNECT_GRACE_SEC = 30;

/** Advisory lock class of worker liveness locks ("CHRT"); the object key is hashtext(workerId). */
export const WORKER_LOCK_CLASS = 1128813140;

/** queued → running; false when the run was cancelled before its adapter started. */
export async function markRunning(runId: string): Promise<boolean> {
  const { rowCount } = await sql().query(
    `UPDATE "HeartbeatRun" SET status = 'running', "startedAt" = now(), "heartbeatAt" = now() WHERE id = $1 AND status = 'queued'`,
    [runId],
  );
  return rowCount === 1;
}

/** Appends to the log keeping only its newest `cap` characters, and tells browsers watching it. */
export async function appendLog(runId: string, companyId: string, chunk: string, bytes: number): Promise<void> {
  await sql().query(
    `WITH r AS (UPDATE "HeartbeatRun" SET log = right(log || $2, $3), "logBytes" = "logBytes" + $4, "heartbeatAt" = now(),
                        "lastActivityAt" = now()
                 WHERE id = $1 RETURNING id)
     SELECT pg_notify('charter_events', json_build_object('companyId', $5::text, 'entityType', 'heartbeat_run', 'entityId', $1::text, 'action', 'run.log')::text)::text FROM r`,
    [runId, chunk, env().CHARTER_RUN_LOG_MAX_BYTES, bytes, companyId],
  );
}

/** Stores a batch of transcript steps and tells browsers watching the run (action run.transcript). */
export async function appendSteps(runId: string, companyId: string, steps: Step[]): Promise<void> {
  if (steps.length === 0) return;
  await sql().query(
    `WITH s AS (
       INSERT INTO "HeartbeatRunStep" ("companyId", "runId", seq, at, kind, text, "toolName", input, output, "isError")
       SELECT $2::uuid, $1::uuid, x.seq, x.at, x.kind::"RunStepKind", x.text, x."toolName", x.input, x.output, x."isError"
         FROM jsonb_to_recordset($3::jsonb) AS x(seq int, at timestamptz, kind text, text text, "toolName" text, input jsonb, output text, "isError" boolean)
       ON CONFLICT DO NOTHING RETURNING 1
     ), touch AS (
       ${touchActivitySql("$1")}
     )
     SELECT pg_notify('charter_events', json_build_object('companyId', $2::text, 'entityType', 'heartbeat_run', 'entityId', $1::text, 'action', 'run.transcript')::text)::text
      WHERE EXISTS (SELECT 1 FROM s)`,
    [runId, companyId, JSON.stringify(steps)],
  );
}

/** Liveness of this worker's runs: the orphan sweep closes runs nobody touched for a while. */
export async function touchRuns(runIds: string[]): Promise<void> {
  if (runIds.length === 0) return;
  await sql().query(`UPDATE "HeartbeatRun" SET "heartbeatAt" = now() WHERE id = ANY($1::uuid[]) AND status IN ('queued', 'running')`, [runIds]);
}

export interface Finish {
  status: FinalStatus;
  exitCode: number | null;
  error: string | null;
  logTail: string;
  logBytes: number;
  /** the cost of the usage the adapter reported, for the activity row (the run's column is kept by its cost events) */
  costCents: number;
  /** only close a run that is still open (the orphan sweep); a finish always records its log */
  onlyIfOpen?: boolean;
}

// One statement: the run closes (unless already closed by a cancel), its key is deleted, the issue
// locks it held are cleared (and its workspace's lock), the agent goes back to idle (or error after a failure) when no other
// run of it is open, the board hears of it, and workers are nudged: a slot of this agent is free.
const finishSql = `
  WITH prev AS (
    SELECT status FROM "HeartbeatRun" WHERE id = $1::uuid
  ), r AS (
    UPDATE "HeartbeatRun" SET
      status = CASE WHEN status IN ('queued', 'running') THEN $2::"RunStatus" ELSE status END,
      "finishedAt" = coalesce("finishedAt", now()), "exitCode" = $3, error = coalesce(error, $4),
      log = right(log || $5, $6), "logBytes" = "logBytes" + $7, "heartbeatAt" = now()
     WHERE id = $1::uuid AND (NOT $10::boolean OR status IN ('queued', 'running')) RETURNING id, "companyId", "agentId", status, "issueId", error
  ), k AS (
    DELETE FROM "AgentKey" USING r WHERE "AgentKey"."companyId" = r."companyId" AND "AgentKey"."agentId" = r."agentId" AND "AgentKey"."runId" = r.id
  ), i AS (
    UPDATE "Issue" SET "checkoutRunId" = NULL, "lockedAt" = NULL FROM r
     WHERE "Issue"."companyId" = r."companyId" AND "Issue"."assigneeAgentId" = r."agentId" AND "Issue"."checkoutRunId" = r.id
  ), ew AS (
    UPDATE "ExecutionWorkspace" SET "lockedByRunId" = NULL FROM r WHERE "ExecutionWorkspace"."lockedByRunId" = r.id
  ), a AS (
    UPDATE "Agent" SET status = CASE WHEN r.status IN ('failed', 'timed_out') THEN 'error'::"AgentStatus" ELSE 'idle'::"AgentStatus" END,
           "lastHeartbeatAt" = now(), "updatedAt" = now()
      FROM r WHERE "Agent".id = r."agentId" AND "Agent".status IN ('running', 'error')
       AND NOT EXISTS (SELECT 1 FROM "HeartbeatRun" o WHERE o."agentId" = r."agentId" AND o.id <> r.id AND o.status IN ('queued', 'running'))
  ), act AS (
    ${insertActivitySql({
      id: "$9", companyId: 'r."companyId"', ...systemActorSql, action: "'run.finished'", entityType: "'heartbeat_run'", entityId: "r.id",
      details: `jsonb_build_object('agentId', r."agentId"::text, 'status', r.status::text, 'exitCode', $3::int, 'costCents', $8::int)`,
    }, "r")}
  ), ev AS (
    ${insertEventSql({
      id: "$11", companyId: 'r."companyId"', type: "'run.failed'", subjectType: "'run'", subjectId: "r.id", ...systemActorSql,
      data: `jsonb_build_object('runId', r.id, 'agentId', r."agentId", 'issueId', r."issueId", 'status', r.status, 'error', r.error)`,
    }, "r, prev WHERE prev.status IN ('queued', 'running') AND r.status IN ('failed', 'timed_out')")}
  )
  SELECT r.status::text, pg_notify('charter_wake', r."agentId"::text)::text FROM r`;

/** Closes a run (in the caller's transaction when `exec` is given); its status after, null when nothing applied. */
export async function finishRun(runId: string, f: Finish, exec?: SqlExec): Promise<string | null> {
  const values = [
    runId, f.status, f.exitCode, f.error, f.logTail, env().CHARTER_RUN_LOG_MAX_BYTES, f.logBytes, f.costCents, uuidv7(), f.onlyIfOpen ?? false, uuidv7(),
  ];
  const rows = exec ? await exec(finishSql, values) : (await sql().query(finishSql, values)).rows;
  return (rows[0]?.status as string | undefined) ?? null;
}

// Runs still open whose worker no longer holds its liveness lock (its database session ended: the
// process died or restarted), or that nobody touched for CHARTER_RUN_STALE_SEC (a hung worker).
/** `held`: the keys of the liveness locks live workers hold ($classParam: WORKER_LOCK_CLASS). */
export const heldWorkerLocksCte = (classParam: string) => `held AS MATERIALIZED (
    SELECT l.objid::text::bigint AS k FROM pg_locks l
     WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2 AND l.classid::text::bigint = ${classParam}::bigint
       AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
  )`;

/** Whether the worker named by `workerIdExpr` holds no liveness lock (over `held`). */
export const workerGoneSql = (workerIdExpr: string) =>
  `NOT EXISTS (SELECT 1 FROM held WHERE held.k = (hashtext(coalesce(${workerIdExpr}, ''))::bigint & 4294967295))`;

const orphansSql = `
  WITH ${heldWorkerLocksCte("$2")}
  SELECT r.id::text FROM "HeartbeatRun" r
   WHERE r.status IN ('queued', 'running')
     -- a database that (re)started moments ago dropped the sessions, and with them the liveness locks,
     -- of the workers running its older runs, and their touches failed while it was down: they re-take
     -- their locks and touch their runs when they reconnect (within a second or two), so give those
     -- runs that long before judging them
     AND NOT (r."createdAt" < pg_postmaster_start_time() AND pg_postmaster_start_time() > now() - make_interval(secs => $3::int))
     AND (r."heartbeatAt" IS NULL OR r."heartbeatAt" < now() - make_interval(secs => $1::int)
          OR ${workerGoneSql(`r."workerId"`)})
   LIMIT 1000`;

/** Closes orphaned runs as failed (the agent's queued wakes can then run); returns their ids. */
export async function sweepOrphans(): Promise<string[]> {
  const { rows } = await sql().query<{ id: string }>(orphansSql, [env().CHARTER_RUN_STALE_SEC, WORKER_LOCK_CLASS, RECONNECT_GRACE_SEC]);
  const closed: string[] = [];
  for (const { id } of rows) {
    const status = await finishRun(id, {
      status: "failed", exitCode: null, logTail: "", logBytes: 0, costCents: 0, onlyIfOpen: true,
      error: "closed at recovery: the worker running it stopped (crash or restart) or stopped reporting",
    });
    if (status) closed.push(id);
  }
  return closed;
}

/** Log retention: logs and transcript steps of runs finished before the retention window are deleted (the record stays). */
export async function pruneLogs(): Promise<number> {
  const days = env().CHARTER_RUN_LOG_RETENTION_DAYS;
  await sql().query(
    `DELETE FROM "HeartbeatRunStep" s USING "HeartbeatRun" r
      WHERE s."companyId" = r."companyId" AND s."runId" = r.id AND r."finishedAt" < now() - make_interval(days => $1::int)`,
    [days],
  );
  const { rowCount } = await sql().query(
    `UPDATE "HeartbeatRun" SET log = '' WHERE "finishedAt" < now() - make_interval(days => $1::int) AND log <> ''`,
    [days],
  );
  return rowCount ?? 0;
}
