// The durable wake queue: WakeRequest rows with status `queued`, claimed by any number of workers
// with FOR UPDATE SKIP LOCKED. A claim either skips the wake (with the reason) or turns it into a
// HeartbeatRun and a short-lived run key, in one transaction, so a wake is never lost nor run twice.
import { sql, sqlTx } from "@/lib/db/client";
import type { SqlExec } from "@/lib/db/sql-exec";
import { mintToken } from "@/lib/auth/tokens";
import { env } from "@/lib/env";
import { uuidv7 } from "@/lib/ids";
import { isBudgetPaused, settleBudgets } from "@/lib/services/budgets";
import { insertActivitySql, systemActorSql } from "@/lib/services/activity";
import { insertEventSql } from "@/lib/services/outbox/emit";
import { pausedSql } from "@/lib/services/pause/sql";
import { readAdapterConfig, readRuntimeConfig, type AdapterConfig } from "@/lib/runtime/config";
import { guardWakeLoop } from "@/lib/services/liveness/remedies/wake-loop";
import { attachWorkspace, issueBusySql, lockTargets, targetBusy, workspaceTarget, type WorkspaceTarget } from "@/lib/runtime/workspace-claim";

/** Where a run works, once the worker has made its workspace (lib/runtime/run-workspace.ts). */
export interface RunWorkspace {
  policy: "git_worktree" | "shared";
  path: string;
  branch: string | null;
  baseRef: string | null;
  repoUrl: string | null;
}

export interface ClaimedRun {
  runId: string;
  wakeId: string;
  companyId: string;
  agentId: string;
  agentName: string;
  adapterType: "process" | "http" | "claude_local" | "codex_local";
  adapterConfig: AdapterConfig;
  reason: string;
  issueId: string | null;
  commentId: string | null;
  approvalId: string | null;
  payload: Record<string, unknown>;
  /** the run key (SERVICE_API_KEY); only its digest is stored */
  token: string;
  timeoutSec: number;
  /** the execution workspace the run holds (null: the issue's project has none, or no issue) */
  executionWorkspaceId: string | null;
  /** set by the worker once the workspace is made */
  workspace?: RunWorkspace;
}

interface Candidate {
  id: string;
  companyId: string;
  agentId: string;
  reason: string;
  issueId: string | null;
  commentId: string | null;
  approvalId: string | null;
  payload: Record<string, unknown>;
  name: string;
  agentStatus: string;
  pauseReason: string | null;
  companyStatus: string;
  adapterType: ClaimedRun["adapterType"];
  adapterConfig: unknown;
  runtimeConfig: unknown;
}

// The per-agent limit mirrors runtimeConfig.maxConcurrentRuns (an integer 1–100, else 1). Wakes of
// agents already at their limit are not even candidates, so they cannot crowd out other agents.
// Nor are a paused company's (or instance's) wakes: they stay queued, not skipped, until it resumes.
const candidatesSql = `
  SELECT w.id::text, w."companyId"::text AS "companyId", w."agentId"::text AS "agentId", w.reason::text AS reason,
         w."issueId"::text AS "issueId", w."commentId"::text AS "commentId", w."approvalId"::text AS "approvalId", w.payload,
         a.name, a.status::text AS "agentStatus", a."pauseReason"::text AS "pauseReason", a."adapterType"::text AS "adapterType",
         a."adapterConfig", a."runtimeConfig", c.status::text AS "companyStatus"
    FROM "WakeRequest" w
    JOIN "Agent" a ON a.id = w."agentId" AND a."companyId" = w."companyId"
    JOIN "Company" c ON c.id = w."companyId"
   WHERE w.status = 'queued'
     -- a retry waits out its backoff (the worker's timer claims it once due: nextWakeDueInMs)
     AND (w."notBefore" IS NULL OR w."notBefore" <= now())
     AND NOT ${pausedSql("c")}
     AND NOT ${issueBusySql}
     AND (a.status IN ('paused', 'terminated', 'pending_approval') OR c.status <> 'active'
          OR (SELECT count(*) FROM "HeartbeatRun" r WHERE r."agentId" = w."agentId" AND r.status IN ('queued', 'running')) <
             CASE WHEN jsonb_typeof(a."runtimeConfig"->'maxConcurrentRuns') = 'number' THEN
               CASE WHEN (a."runtimeConfig"->>'maxConcurrentRuns')::numeric BETWEEN 1 AND 100
                     AND (a."runtimeConfig"->>'maxConcurrentRuns')::numeric % 1 = 0
                    THEN (a."runtimeConfig"->>'maxConcurrentRuns')::numeric::int ELSE 1 END
             ELSE 1 END)
   ORDER BY w."createdAt", w.id
   LIMIT $1
   FOR UPDATE OF w SKIP LOCKED`;

function unrunnableReason(c: Candidate): string | null {
  if (c.agentStatus === "terminated") return "agent is terminated";
  if (c.agentStatus === "pending_approval") return "agent is pending approval";
  if (c.agentStatus === "paused") return `agent is paused (${c.pauseReason ?? "board"})`;
  if (c.companyStatus !== "active") return `company is ${c.companyStatus}`;
  return null;
}

async function skipWake(exec: SqlExec, wakeId: string, reason: string) {
  await exec(`UPDATE "WakeRequest" SET status = 'skipped', "skipReason" = $2, "updatedAt" = now() WHERE id = $1::uuid`, [wakeId, reason]);
}

// Progress is any change the agent made itself except talk: comments and cost reports do not count,
// so two agents that only keep @-mentioning each other are stopped.
const loopSql = `
  SELECT (SELECT count(*)::int FROM "HeartbeatRun" WHERE "companyId" = $1::uuid AND "agentId" = $2::uuid
             AND "createdAt" > now() - make_interval(mins => $3::int)) AS runs`;
const progressSql = `
  SELECT EXISTS (SELECT 1 FROM "ActivityLog" WHERE "companyId" = $1::uuid AND "actorType" = 'agent' AND "actorId" = $2
                    AND "createdAt" > now() - make_interval(mins => $3::int)
                    AND action NOT LIKE '%comment%' AND action NOT LIKE 'cost%') AS progress`;

/** The loop breaker: too many runs in the window without progress pauses the agent and tells the board. */
async function breakLoop(exec: SqlExec, c: Candidate): Promise<string | null> {
  const cfg = readRuntimeConfig(c.runtimeConfig).loopBreaker;
  if (!cfg.enabled) return null;
  const maxRuns = cfg.maxRuns ?? env().CHARTER_LOOP_MAX_RUNS;
  const minutes = cfg.windowMinutes ?? env().CHARTER_LOOP_WINDOW_MIN;
  const [{ runs }] = (await exec(loopSql, [c.companyId, c.agentId, minutes])) as { runs: number }[];
  if (runs < maxRuns) return null;
  const [{ progress }] = (await exec(progressSql, [c.companyId, c.agentId, minutes])) as { progress: boolean }[];
  if (progress) return null;
  const reason = `loop breaker: ${runs} runs in ${minutes} minutes without progress; the agent is paused until the board resumes it`;
  await exec(
    `WITH a AS (UPDATE "Agent" SET status = 'paused', "pauseReason" = 'loop', "updatedAt" = now()
                 WHERE id = $2::uuid AND status IN ('idle', 'running', 'error') RETURNING id, name),
          ev AS (${insertEventSql({
            id: "$7", companyId: "$1", type: "'agent.paused'", subjectType: "'agent'", subjectId: "a.id", ...systemActorSql,
            data: "jsonb_build_object('agentId', a.id, 'name', a.name, 'reason', 'loop')",
          }, "a")})
     ${insertActivitySql({
       id: "$3", companyId: "$1", ...systemActorSql, action: "'agent.paused'", entityType: "'agent'", entityId: "a.id",
       details: "jsonb_build_object('reason', 'loop', 'runs', $4::int, 'windowMinutes', $5::int, 'message', $6::text)",
     }, "a")}`,
    [c.companyId, c.agentId, uuidv7(), runs, minutes, reason, uuidv7()],
  );
  return reason;
}

const claimSql = `
  WITH r AS (
    INSERT INTO "HeartbeatRun" (id, "companyId", "agentId", "wakeRequestId", "issueId", status, "adapterType", "workerId", "heartbeatAt")
    VALUES ($1::uuid, $2::uuid, $3::uuid, $4::uuid, $12::uuid, 'queued', $5::"AdapterType", $6, now()) RETURNING id
  ), w AS (
    UPDATE "WakeRequest" SET status = 'started', "runId" = $1::uuid, "updatedAt" = now() WHERE id = $4::uuid
  ), wc AS (
    UPDATE "WakeRequest" SET "runId" = $1::uuid, "updatedAt" = now()
     WHERE "companyId" = $2::uuid AND "agentId" = $3::uuid AND status = 'coalesced' AND "coalescedIntoId" = $4::uuid AND "runId" IS NULL
    RETURNING "createdAt", id, "issueId"::text AS "issueId", "commentId"::text AS "commentId", "approvalId"::text AS "approvalId", payload
  ), k AS (
    INSERT INTO "AgentKey" (id, "companyId", "agentId", name, kind, "tokenHash", "runId", "expiresAt")
    VALUES ($7::uuid, $2::uuid, $3::uuid, 'run', 'run', $8, $1::uuid, now() + make_interval(secs => $9::int))
  ), ag AS (
    UPDATE "Agent" SET status = 'running', "lastHeartbeatAt" = now(), "updatedAt" = now()
     WHERE id = $3::uuid AND status IN ('idle', 'error')
  ), act AS (
    ${insertActivitySql({
      id: "$10", companyId: "$2", ...systemActorSql, action: "'run.started'", entityType: "'heartbeat_run'", entityId: "$1",
      details: "jsonb_build_object('agentId', $3::text, 'wakeRequestId', $4::text, 'reason', $11::text)",
    })}
  )
  SELECT "issueId", "commentId", "approvalId", payload FROM wc ORDER BY "createdAt", id`;

type WakeContext = Pick<Candidate, "issueId" | "commentId" | "approvalId" | "payload">;

/**
 * One run answers its wake and every wake coalesced into it: each context field (issue, comment,
 * approval) is the newest wake's that has one, and payloads merge oldest first.
 */
function mergedContext(first: WakeContext, coalesced: WakeContext[]): WakeContext {
  return [first, ...coalesced].reduce((acc, w) => ({
    issueId: w.issueId ?? acc.issueId,
    commentId: w.commentId ?? acc.commentId,
    approvalId: w.approvalId ?? acc.approvalId,
    // only approval wakes carry approvalStatus and linkedIssueIds, so the newest approval's win
    payload: { ...acc.payload, ...(w.payload ?? {}) },
  }));
}

/** The issue a claim of `c` would run: the newest one named by it or a wake coalesced into it (see mergedContext). */
async function effectiveIssueId(exec: SqlExec, c: Candidate): Promise<string | null> {
  const [row] = await exec(
    `SELECT "issueId"::text AS "issueId" FROM "WakeRequest" WHERE "companyId" = $1::uuid AND "agentId" = $2::uuid AND status = 'coalesced'
        AND "coalescedIntoId" = $3::uuid AND "runId" IS NULL AND "issueId" IS NOT NULL ORDER BY "createdAt" DESC, id DESC LIMIT 1`,
    [c.companyId, c.agentId, c.id],
  );
  return (row?.issueId as string | undefined) ?? c.issueId;
}

async function claimOne(exec: SqlExec, c: Candidate, workerId: string, target: WorkspaceTarget | null): Promise<ClaimedRun> {
  const adapterConfig = readAdapterConfig(c.adapterConfig);
  const timeoutSec = adapterConfig.timeoutSec ?? env().CHARTER_RUN_TIMEOUT_SEC;
  const runId = uuidv7();
  const { token, digest } = mintToken("runKey");
  // the key outlives the run's timeout only by the time a finish needs; the finish deletes it anyway
  const coalesced = (await exec(claimSql, [runId, c.companyId, c.agentId, c.id, c.adapterType, workerId, uuidv7(), digest, timeoutSec + 120, uuidv7(), c.reason, c.issueId])) as unknown as WakeContext[];
  const context = mergedContext({ issueId: c.issueId, commentId: c.commentId, approvalId: c.approvalId, payload: c.payload ?? {} }, coalesced);
  // a coalesced wake that names another issue: the run works on the newest one
  if (context.issueId !== c.issueId) {
    await exec(`UPDATE "HeartbeatRun" SET "issueId" = $3::uuid WHERE "companyId" = $1::uuid AND id = $2::uuid`, [c.companyId, runId, context.issueId]);
  }
  const executionWorkspaceId = target ? await attachWorkspace(exec, c.companyId, runId, target) : null;
  return {
    runId, wakeId: c.id, companyId: c.companyId, agentId: c.agentId, agentName: c.name, adapterType: c.adapterType, adapterConfig,
    reason: c.reason, ...context, token, timeoutSec, executionWorkspaceId,
  };
}

/**
 * Each runnable wake becomes a run, except one whose issue's workspace is busy: it stays queued
 * (like a wake of an agent at its limit) and is claimed once the run holding it finishes.
 */
async function claimRunnable(exec: SqlExec, runnable: Candidate[], workerId: string): Promise<ClaimedRun[]> {
  const targets: (WorkspaceTarget | null)[] = [];
  for (const c of runnable) targets.push(await workspaceTarget(exec, c.companyId, await effectiveIssueId(exec, c)));
  await lockTargets(exec, targets.filter((t): t is WorkspaceTarget => t !== null));
  const runs: ClaimedRun[] = [];
  for (const [i, c] of runnable.entries()) {
    const target = targets[i];
    if (target && (await targetBusy(exec, c.companyId, target))) continue;
    runs.push(await claimOne(exec, c, workerId, target));
  }
  return runs;
}

export interface ClaimResult {
  runs: ClaimedRun[];
  skipped: number;
}

/** Claims up to `limit` queued wakes: each becomes a run, or is skipped with its reason. */
export async function claimWakes(workerId: string, limit: number): Promise<ClaimResult> {
  return sqlTx(async (exec) => {
    const candidates = (await exec(candidatesSql, [limit])) as unknown as Candidate[];
    if (candidates.length === 0) return { runs: [], skipped: 0 };
    // The wake lock of requestWake, taken here too (in id order, as mentions take theirs): a wake
    // being recorded right now commits first, so it is either coalesced into the wake claimed here
    // (and shares its run, below) or, once this claim commits, queued for a run of its own. Without
    // it a trigger could coalesce into a wake whose run had already started without it.
    await exec(
      `SELECT count(pg_advisory_xact_lock(hashtextextended('wake:' || a, 0)))::int AS n
         FROM (SELECT a FROM unnest($1::text[]) WITH ORDINALITY AS u(a, i) ORDER BY i) s`,
      [[...new Set(candidates.map((c) => c.agentId))].sort()],
    );
    // A budget pause outlives its cause when a new month begins: settle those companies first, so
    // an agent back under budget runs instead of having its wake skipped.
    for (const companyId of new Set(candidates.filter((c) => isBudgetPaused({ status: c.agentStatus, pauseReason: c.pauseReason })).map((c) => c.companyId))) {
      const { resumed } = await settleBudgets(exec, null, companyId);
      for (const c of candidates) if (resumed.includes(c.agentId)) Object.assign(c, { agentStatus: "idle", pauseReason: null });
    }
    const runnable: Candidate[] = [];
    let skipped = 0;
    const seen = new Set<string>();
    for (const c of candidates) {
      const why = unrunnableReason(c) ?? (await guardWakeLoop(exec, c)) ?? (await breakLoop(exec, c));
      if (why) {
        await skipWake(exec, c.id, why);
        skipped++;
        continue;
      }
      // one queued wake per agent exists (coalescing), but stay safe if two slipped in
      if (seen.has(c.agentId)) continue;
      seen.add(c.agentId);
      runnable.push(c);
    }
    return { runs: await claimRunnable(exec, runnable, workerId), skipped };
  });
}

/**
 * Milliseconds until the next queued wake waiting out its backoff (notBefore) is due, by the
 * database's clock (the one the claim compares with), at most an hour (a timer's range is finite; the
 * worker looks again when it fires); null when none waits. A worker sets its timer by it, so a retry
 * starts when its backoff ends rather than at the next fallback poll.
 */
export async function nextWakeDueInMs(): Promise<number | null> {
  const { rows } = await sql().query<{ ms: number | null }>(
    `SELECT least(ceil(extract(epoch FROM m.at - now()) * 1000), 3600000)::int AS ms
       FROM (SELECT min("notBefore") AS at FROM "WakeRequest" WHERE status = 'queued' AND "notBefore" > now()) m
      WHERE m.at IS NOT NULL`,
  );
  return rows[0]?.ms ?? null;
}
