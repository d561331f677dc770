// What every liveness rule reads: the company's limits and pause, its agents' limits, and one summary
// row per open issue (its assignee, its latest run, whether a wake is pending, its last comment),
// computed once per sweep so each rule is a filter over it rather than its own pass over the issues.
// Wakes are read from the queued side (few rows) rather than per issue (an issue's whole history).
// Parameters of the sweep statement: $1 the company, $2 now, $3 the server's default run timeout
// (seconds), $4 the grace (seconds) before a todo issue without a wake, or a blocked one without a
// word, counts as stalled.

/** Open issues: everything the board still expects to move. */
const OPEN_STATUSES = ["todo", "in_progress", "in_review", "blocked"] as const;

/**
 * An integer of runtimeConfig read as readRuntimeConfig reads it (lenient: anything out of range or
 * not an integer is the default), so the sweep and the runtime agree on each agent's limits.
 */
const runtimeInt = (key: string, min: number, max: number, dflt: number) => `CASE
    WHEN jsonb_typeof(a."runtimeConfig"->'${key}') = 'number' AND (a."runtimeConfig"->>'${key}')::numeric BETWEEN ${min} AND ${max}
     AND (a."runtimeConfig"->>'${key}')::numeric % 1 = 0 THEN (a."runtimeConfig"->>'${key}')::numeric::int
    ELSE ${dflt} END`;

/** adapterConfig.timeoutSec (1–86400) as claimOne reads it, else the server's default ($3). */
const timeoutSql = `CASE
    WHEN jsonb_typeof(a."adapterConfig"->'timeoutSec') = 'number' AND (a."adapterConfig"->>'timeoutSec')::numeric BETWEEN 1 AND 86400
     AND (a."adapterConfig"->>'timeoutSec')::numeric % 1 = 0 THEN (a."adapterConfig"->>'timeoutSec')::numeric::int
    ELSE $3::int END`;

const hasText = (key: string) => `COALESCE(jsonb_typeof(a."adapterConfig"->'${key}') = 'string' AND a."adapterConfig"->>'${key}' <> '', false)`;

/**
 * An adapter whose run is certain to fail before it starts (the adapters' own refusals): process
 * without a command, http without a url or secret. The local CLIs default to `claude`/`codex` on
 * PATH, which only a worker can check, so they count as configured here.
 */
const unconfiguredSql = `CASE a."adapterType"
    WHEN 'process' THEN NOT ${hasText("command")}
    WHEN 'http' THEN NOT (${hasText("url")} AND ${hasText("secret")})
    ELSE false END`;

// An agent's todo or in-progress issue with nothing in flight (idleSql, in the terms of s's sources).
const idleAgentIssue = `(i."assigneeAgentId" IS NOT NULL AND i.status IN ('todo', 'in_progress')
             AND lr.status IS DISTINCT FROM 'queued' AND lr.status IS DISTINCT FROM 'running' AND pend."issueId" IS NULL)`;

/** The CTEs co (the company), ag (its agents) and s (one row per open issue) the rules select from. */
export const summaryCtes = `
  co AS (
    SELECT c.id, c."staleCheckoutSec", c."wakeCapPerHour", c."waitLimitSec",
           -- the company's own pause, the older status pause, then the instance's (InstanceSetting instance.pause)
           COALESCE(c."pausedAt", CASE WHEN c.status = 'paused' THEN c."updatedAt" END,
                    (SELECT p."updatedAt" FROM "InstanceSetting" p WHERE p.key = 'instance.pause')) AS "pausedAt"
      FROM "Company" c WHERE c.id = $1::uuid
  ),
  ag AS (
    SELECT a.id, a.name, a.status::text AS status, a."pauseReason"::text AS "pauseReason", a."updatedAt",
           ${runtimeInt("silenceLimitSec", 60, 86400, 900)} AS silence,
           ${runtimeInt("retryBudget", 0, 20, 3)} AS budget,
           ${timeoutSql} AS timeout,
           ${unconfiguredSql} AS unconfigured
      FROM "Agent" a WHERE a."companyId" = $1::uuid
  ),
  -- issues with a wake waiting to be claimed: queued, or coalesced into a queued one (one per agent at most)
  q AS (SELECT w.id, w."agentId", w."issueId", w."createdAt" FROM "WakeRequest" w WHERE w.status = 'queued' AND w."companyId" = $1::uuid),
  pend AS (
    SELECT q."issueId" FROM q WHERE q."issueId" IS NOT NULL
    UNION
    SELECT c."issueId" FROM q JOIN "WakeRequest" c ON c."companyId" = $1::uuid AND c."agentId" = q."agentId" AND c.status = 'coalesced'
       AND c."createdAt" >= q."createdAt" AND c."coalescedIntoId" = q.id
     WHERE c."issueId" IS NOT NULL
  ),
  s AS MATERIALIZED (
    SELECT i.id, i.identifier, i.status::text AS status, i."assigneeAgentId" AS aid, i."checkoutRunId", i."projectId", i."updatedAt", i."createdAt",
           COALESCE(i."livenessResetAt", '-infinity'::timestamptz) AS reset,
           a.name AS "agentName", a.status AS "agentStatus", a."pauseReason", a.silence, a.budget, a.unconfigured, a."updatedAt" AS "agentAt",
           lr.id AS "runId", lr."agentId" AS "runAgentId", lr.status::text AS "runStatus", lr."createdAt" AS "runAt", lr."startedAt",
           lr."finishedAt", lr."lastActivityAt", lr.error,
           lr.status IN ('queued', 'running') AS "inFlight", pend."issueId" IS NOT NULL AS "wakePending",
           -- probed only for the issues whose rules read them (idle.ts, blocked.ts): per-issue probes are the sweep's main cost
           CASE WHEN ${idleAgentIssue} THEN (SELECT max(w."createdAt") FROM "WakeRequest" w WHERE w."issueId" = i.id) END AS "lastWakeAt",
           CASE WHEN ${idleAgentIssue} OR i.status = 'blocked'
             THEN (SELECT max(c."createdAt") FROM "IssueComment" c WHERE c."companyId" = i."companyId" AND c."issueId" = i.id) END AS "lastCommentAt"
      FROM "Issue" i
      LEFT JOIN ag a ON a.id = i."assigneeAgentId"
      LEFT JOIN LATERAL (
        SELECT r.id, r."agentId", r.status, r."createdAt", r."startedAt", r."finishedAt", r."lastActivityAt", r.error
          FROM "HeartbeatRun" r
         WHERE r."companyId" = i."companyId" AND r."issueId" = i.id
         ORDER BY r."createdAt" DESC, r.id DESC LIMIT 1) lr ON true
      LEFT JOIN pend ON pend."issueId" = i.id
     WHERE i."companyId" = $1::uuid AND i.status IN (${OPEN_STATUSES.map((x) => `'${x}'`).join(", ")})
  )`;

/** The latest sign of life of an issue of s: its own change, a wake, its latest run, a comment. */
export const lastSignSql = `GREATEST(s."updatedAt", s."lastWakeAt", s."runAt", s."startedAt", s."finishedAt", s."lastActivityAt", s."lastCommentAt")`;

/** Nothing in flight for an issue of s: no run queued or running, no wake waiting to be claimed. */
export const idleSql = `(s."inFlight" IS NOT TRUE AND NOT s."wakePending")`;

/** Facts naming the assignee of an issue of s. */
export const assigneeFacts = `'agentId', s.aid, 'agentName', s."agentName"`;

/**
 * One rule: a SELECT over the CTEs above yielding (id, rank, reason, since, facts). The lowest rank
 * of an issue wins; a row with a NULL reason says the issue is waiting as it should (it is moving)
 * and hides the rules ranked after it.
 */
export type RuleSql = string;
