// The verification runner: each heartbeat worker claims queued Verification rows (SKIP LOCKED, as it
// claims wakes) and runs the project's command in the issue's workspace through the run launcher:
// executed directly (no shell unless the board's command is one), killed with its process group at
// its timeout, its output capped and redacted like a run's log. A verification whose worker died is
// handed back to the queue by the sweep and run again from the start.
import { sql, sqlTx } from "@/lib/db/client";
import { env, environmentValues } from "@/lib/env";
import { log } from "@/lib/log";
import { uuidv7 } from "@/lib/ids";
import { secretValues, isSecretEnvName } from "@/lib/secrets";
import { runProgram } from "@/lib/runtime/adapters/spawn";
import { RunLog } from "@/lib/runtime/run-log";
import { lockWorkspaces } from "@/lib/runtime/workspace-claim";
import { heldWorkerLocksCte, WORKER_LOCK_CLASS, workerGoneSql } from "@/lib/runtime/run-records";
import { insertActivitySql, systemActorSql } from "@/lib/services/activity";
import { readHead, workspaceProblem } from "@/lib/services/verifications/git";
import { readChecks, type VerificationCommand } from "@/lib/schemas/projects";
import { wakeReviewer } from "@/lib/services/verifications/reviewer";

export interface ClaimedVerification {
  id: string;
  companyId: string;
  issueId: string;
  trigger: string;
  command: VerificationCommand;
}

interface Workspace {
  id: string;
  path: string | null;
  branch: string | null;
  baseRef: string | null;
  baseSha: string | null;
  repoUrl: string | null;
}

type Outcome = { status: "passed" | "failed" | "timed_out"; exitCode: number | null; error: string | null };

// A verification waits while a live run holds its issue's workspace (the run may be mid-commit, and
// the command may write into the worktree): it is claimed once the run finishes (its NOTIFY kicks us).
// The check runs under the workspace's claim lock (lib/runtime/workspace-claim.ts), which the wake
// claim takes too: a run and a verification never both start in one workspace.
const candidatesSql = `
  SELECT q.id::text, q."companyId"::text AS "companyId", q."issueId"::text AS "issueId", w."issueId"::text AS "ownerIssueId"
    FROM "Verification" q
    LEFT JOIN "Issue" i ON i."companyId" = q."companyId" AND i.id = q."issueId"
    LEFT JOIN "ExecutionWorkspace" w ON w."companyId" = i."companyId" AND w.id = i."executionWorkspaceId"
   WHERE q.status = 'running' AND q."claimedAt" IS NULL
   ORDER BY q."startedAt", q.id LIMIT $1 FOR UPDATE OF q SKIP LOCKED`;

const claimSql = `
  UPDATE "Verification" v SET "workerId" = $1, "claimedAt" = now(), "heartbeatAt" = now()
   WHERE v.id = ANY($2::uuid[])
     AND NOT EXISTS (SELECT 1 FROM "Issue" i
                       JOIN "ExecutionWorkspace" w ON w."companyId" = i."companyId" AND w.id = i."executionWorkspaceId"
                       JOIN "HeartbeatRun" r ON r.id = w."lockedByRunId" AND r.status IN ('queued', 'running')
                      WHERE i."companyId" = v."companyId" AND i.id = v."issueId")
  RETURNING v.id::text, v."companyId"::text AS "companyId", v."issueId"::text AS "issueId", v.trigger, v.command`;

async function claimVerifications(workerId: string, limit: number): Promise<ClaimedVerification[]> {
  const rows = await sqlTx(async (exec) => {
    const candidates = (await exec(candidatesSql, [limit])) as { id: string; ownerIssueId: string | null }[];
    if (candidates.length === 0) return [];
    await lockWorkspaces(exec, candidates.map((c) => c.ownerIssueId).filter((id): id is string => id !== null));
    return (await exec(claimSql, [workerId, candidates.map((c) => c.id)])) as unknown as (Omit<ClaimedVerification, "command"> & { command: unknown })[];
  });
  return rows.map((r) => ({ ...r, command: readChecks({ verification: r.command, review: null }).verification ?? { command: "", args: [], timeoutSec: 1 } }));
}

// The issue's workspace now (it may have been made since the verification was queued).
const workspaceSql = `
  SELECT w.id::text, w.path, w.branch, w."baseRef", w."baseSha", w."repoUrl" FROM "Issue" i
    JOIN "ExecutionWorkspace" w ON w."companyId" = i."companyId" AND w.id = i."executionWorkspaceId"
   WHERE i."companyId" = $1::uuid AND i.id = $2::uuid`;

/** The values no verification log may show: the company's agents' secrets (they may reach a workspace) and this process's. */
async function secretsOf(companyId: string): Promise<string[]> {
  const { rows } = await sql().query<{ adapterConfig: unknown }>(`SELECT "adapterConfig" FROM "Agent" WHERE "companyId" = $1::uuid`, [companyId]);
  const own = environmentValues(isSecretEnvName);
  return [...rows.flatMap((r) => secretValues(r.adapterConfig, { everyEnv: true })), ...own];
}

const appendSql = `UPDATE "Verification" SET log = right(log || $2, $3), "logBytes" = "logBytes" + $4, "heartbeatAt" = now()
  WHERE id = $1::uuid AND "workerId" = $5 AND status = 'running'`;

async function execute(v: ClaimedVerification, ws: Workspace, runLog: RunLog, signal: AbortSignal): Promise<Outcome | "requeue"> {
  if (!v.command.command) return { status: "failed", exitCode: null, error: "the stored verification command is not valid" };
  const o = await runProgram({
    command: v.command.command, args: v.command.args, cwd: ws.path!, signal, timeoutMs: v.command.timeoutSec * 1000, log: runLog.write,
    env: {
      SERVICE_WORKSPACE_CWD: ws.path!, SERVICE_WORKSPACE_BRANCH: ws.branch ?? "", SERVICE_WORKSPACE_BASE_REF: ws.baseRef ?? "",
      SERVICE_WORKSPACE_REPO_URL: ws.repoUrl ?? "", CI: "1",
    },
  });
  // a stopping worker hands the verification to another one rather than recording a result it did not get
  if (o.cancelled || o.lost) return "requeue";
  if (o.timedOut) return { status: "timed_out", exitCode: null, error: `timed out after ${v.command.timeoutSec} s: its process group was killed` };
  if (o.spawnError) return { status: "failed", exitCode: null, error: `could not start ${o.spawnError}` };
  if (o.exitCode === 0) return { status: "passed", exitCode: 0, error: null };
  return { status: "failed", exitCode: o.exitCode, error: o.exitCode === null ? `killed by ${o.signal}` : `exited with code ${o.exitCode}` };
}

const finishSql = `
  WITH v AS (
    UPDATE "Verification" SET status = $3::"VerificationStatus", "exitCode" = $4, error = $5, "durationMs" = $6,
           log = right(log || $7, $8), "logBytes" = "logBytes" + $9, "finishedAt" = now(), "heartbeatAt" = now()
     WHERE id = $1::uuid AND "workerId" = $2 AND status = 'running'
    RETURNING id, "companyId", "issueId", "headSha"
  ), act AS (
    ${insertActivitySql({
      id: "$10", companyId: 'v."companyId"', ...systemActorSql, action: "'verification.finished'", entityType: "'issue'", entityId: 'v."issueId"',
      details: `jsonb_build_object('verificationId', v.id::text, 'status', $3::text, 'exitCode', $4::int, 'durationMs', $6::int, 'headSha', v."headSha")`,
    }, "v")}
  ), wake AS (
    -- a wake of the issue waited while the command ran in its workspace (lib/runtime/workspace-claim.ts)
    SELECT pg_notify('charter_wake', v.id::text) FROM v
  )
  SELECT v.id, (SELECT count(*) FROM wake) AS woken FROM v`;

const requeueSql = `UPDATE "Verification" SET "workerId" = NULL, "claimedAt" = NULL, "heartbeatAt" = NULL, log = '', "logBytes" = 0, "headSha" = NULL
  WHERE id = ANY($1::uuid[]) AND status = 'running' RETURNING id::text`;

/** Runs one claimed verification to its end; the row records the outcome (or goes back to the queue). */
async function runVerification(workerId: string, v: ClaimedVerification, signal: AbortSignal): Promise<void> {
  const started = Date.now();
  const [ws] = (await sql().query<Workspace>(workspaceSql, [v.companyId, v.issueId])).rows;
  const problem = workspaceProblem(ws?.path ?? null);
  const head = problem ? null : await readHead(ws!.path);
  await sql().query(`UPDATE "Verification" SET "headSha" = $2, "executionWorkspaceId" = coalesce($4::uuid, "executionWorkspaceId") WHERE id = $1::uuid AND "workerId" = $3`, [v.id, head, workerId, ws?.id ?? null]);
  const cap = env().CHARTER_RUN_LOG_MAX_BYTES;
  const runLog = new RunLog(v.id, v.companyId, cap, await secretsOf(v.companyId), async (text, bytes) => {
    await sql().query(appendSql, [v.id, text, cap, bytes, workerId]);
  });
  const outcome: Outcome | "requeue" = problem
    ? { status: "failed", exitCode: null, error: `${problem}; nothing was run` }
    : await execute(v, ws!, runLog, signal);
  const tail = await runLog.close();
  if (outcome === "requeue") {
    await sql().query(requeueSql, [[v.id]]);
    await sql().query(`SELECT pg_notify('charter_verification', $1)::text`, [v.id]);
    return;
  }
  const { rowCount } = await sql().query(finishSql, [
    v.id, workerId, outcome.status, outcome.exitCode, outcome.error?.slice(0, 2000) ?? null, Date.now() - started, tail.text, cap, tail.bytes, uuidv7(),
  ]);
  if (rowCount && outcome.status === "passed" && v.trigger === "in_review") await askReviewer(v, ws ?? null, head);
}

/** A verification of a move to in_review passed: the project's reviewer agent, if any, reviews the issue now. */
async function askReviewer(v: ClaimedVerification, ws: Workspace | null, head: string | null): Promise<void> {
  await sqlTx(async (exec) => {
    const [row] = (await exec(
      `SELECT i.identifier, i.status::text, p.review FROM "Issue" i JOIN "Project" p ON p."companyId" = i."companyId" AND p.id = i."projectId"
        WHERE i."companyId" = $1::uuid AND i.id = $2::uuid`, [v.companyId, v.issueId],
    )) as { identifier: string; status: string; review: unknown }[];
    const rule = row && readChecks({ verification: null, review: row.review }).review;
    if (!row || row.status !== "in_review" || rule?.kind !== "agent") return;
    await wakeReviewer(exec, { id: v.issueId, companyId: v.companyId, identifier: row.identifier }, rule.agentId, ws, head);
  });
}

// Verifications claimed by a worker that no longer holds its liveness lock, or that nobody touched for
// CHARTER_RUN_STALE_SEC: run again from the start by whichever worker claims them next.
const orphansSql = `
  WITH ${heldWorkerLocksCte("$2")}
  SELECT v.id::text FROM "Verification" v
   WHERE v.status = 'running' AND v."claimedAt" IS NOT NULL
     AND (v."heartbeatAt" < now() - make_interval(secs => $1::int) OR ${workerGoneSql(`v."workerId"`)})
   LIMIT 1000`;

export async function sweepVerifications(): Promise<string[]> {
  const { rows } = await sql().query<{ id: string }>(orphansSql, [env().CHARTER_RUN_STALE_SEC, WORKER_LOCK_CLASS]);
  if (rows.length === 0) return [];
  const { rows: requeued } = await sql().query<{ id: string }>(requeueSql, [rows.map((r) => r.id)]);
  if (requeued.length) await sql().query(`SELECT pg_notify('charter_verification', 'sweep')::text`);
  return requeued.map((r) => r.id);
}

const CONCURRENCY = 2;

/** A worker's verifications in flight: claimed when told (NOTIFY charter_verification, the tick), touched while they run. */
export class VerificationRunner {
  private readonly active = new Map<string, { abort: AbortController; done: Promise<void> }>();
  private claiming = false;
  private again = false;
  private stopped = false;

  constructor(private readonly workerId: string) {}

  kick(): void {
    if (this.stopped) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    this.claiming = true;
    void this.claim().catch((e) => log.error("claiming verifications failed", { error: String(e) })).finally(() => {
      this.claiming = false;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  private async claim(): Promise<void> {
    while (!this.stopped && this.active.size < CONCURRENCY) {
      const claimed = await claimVerifications(this.workerId, CONCURRENCY - this.active.size);
      if (claimed.length === 0) return;
      for (const v of claimed) this.launch(v);
    }
  }

  private launch(v: ClaimedVerification) {
    const abort = new AbortController();
    const done = runVerification(this.workerId, v, abort.signal)
      .catch((e) => log.error("a verification failed to finish", { verificationId: v.id, error: String(e) }))
      .finally(() => {
        this.active.delete(v.id);
        this.kick();
      });
    this.active.set(v.id, { abort, done });
  }

  async touch(): Promise<void> {
    if (this.active.size === 0) return;
    await sql().query(`UPDATE "Verification" SET "heartbeatAt" = now() WHERE id = ANY($1::uuid[]) AND status = 'running'`, [[...this.active.keys()]]);
  }

  abortAll(reason: string): void {
    this.stopped = true;
    for (const r of this.active.values()) r.abort.abort(reason);
  }

  async stop(): Promise<void> {
    const running = [...this.active.values()].map((r) => r.done);
    this.abortAll("the worker was stopped");
    await Promise.allSettled(running);
  }
}
