// A person's change resets an issue's liveness (none of Charter's remedies fights a person): the
// retry budget, the wake cap and the remedies count only what came after it (Issue.livenessResetAt),
// and its stall leaves the issue, the lists and the Not moving view at once. The stall is not
// forgotten: it moves to ClearedStall, and the next sweep that finds the same stall again (same reason,
// same since, about the same agent, run, approval, question or blockers) restores it with its report times, unannounced. A new
// reason or a new cause is a new stall, announced and reported as any other (docs/liveness.md).
import { isInstanceActor, type Actor } from "@/lib/auth/actor";
import type { SqlExec } from "@/lib/db/sql-exec";
import type { Tx } from "@/lib/services/context";

/** A board user's own change, not Charter's own writes (remedies and the CLI act as the instance). */
export const resetsLiveness = (actor: Actor | null): boolean => actor?.kind === "board" && !isInstanceActor(actor);

// $1 company, $2 issue ids, $3 the change's time
const clearSql = `
  WITH gone AS (
    DELETE FROM "IssueStall" s WHERE s."companyId" = $1::uuid AND s."issueId" = ANY($2::uuid[])
    RETURNING s."issueId", s."companyId", s.reason, s.since, s.facts, s."detectedAt", s."reportedToManagerAt", s."reportedToBoardAt"
  )
  INSERT INTO "ClearedStall" ("issueId", "companyId", reason, since, facts, "detectedAt", "reportedToManagerAt", "reportedToBoardAt", "clearedAt")
  SELECT g."issueId", g."companyId", g.reason, g.since, g.facts, g."detectedAt", g."reportedToManagerAt", g."reportedToBoardAt", $3::timestamptz FROM gone g
  ON CONFLICT ("issueId") DO UPDATE SET reason = EXCLUDED.reason, since = EXCLUDED.since, facts = EXCLUDED.facts, "detectedAt" = EXCLUDED."detectedAt",
    "reportedToManagerAt" = EXCLUDED."reportedToManagerAt", "reportedToBoardAt" = EXCLUDED."reportedToBoardAt", "clearedAt" = EXCLUDED."clearedAt"`;

/** Clears the issues' stalls in the caller's transaction (their livenessResetAt is the caller's to set). */
export async function clearStalls(tx: Tx, companyId: string, issueIds: string[], now: Date): Promise<void> {
  if (issueIds.length) await tx.$executeRawUnsafe(clearSql, companyId, issueIds, now);
}

/** Resets the liveness of an agent's open issues (its resume by a board user), in the caller's transaction. */
export async function resetAgentIssues(tx: Tx, companyId: string, agentId: string, now: Date): Promise<void> {
  const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
    `UPDATE "Issue" SET "livenessResetAt" = $3::timestamptz
      WHERE "companyId" = $1::uuid AND "assigneeAgentId" = $2::uuid AND status IN ('todo', 'in_progress', 'in_review', 'blocked')
     RETURNING id::text`, companyId, agentId, now);
  await clearStalls(tx, companyId, rows.map((r) => r.id), now);
}

/** How long a cleared stall waits to be found again: past it, a stall is new whatever its cause. */
const KEEP_SEC = 3600;

/** The facts that name a stall's cause; the others (counts, names) follow the data. */
const CAUSE_KEYS = ["agentId", "runId", "approvalId", "questionId", "blockerIssueIds"];

// $1 company, $2 the issues the sweep found newly stalled, $3 the sweep's time. The DELETE sees the
// stall rows as the diff left them (an earlier statement): a cleared stall whose issue is stalled again,
// restored or not, has served; one whose issue still moves waits KEEP_SEC (a grace may hide it a while).
const restoreSql = `
  WITH hit AS (
    SELECT c.* FROM "ClearedStall" c
      JOIN "IssueStall" s ON s."issueId" = c."issueId" AND s."companyId" = c."companyId" AND s.reason = c.reason AND s.since = c.since
       -- and about the same agent, run, approval, question or blockers (a reassignment is a new cause)
       AND ${CAUSE_KEYS.map((k) => `s.facts->'${k}' IS NOT DISTINCT FROM c.facts->'${k}'`).join(" AND ")}
     WHERE c."companyId" = $1::uuid AND c."issueId" = ANY($2::uuid[])
  ),
  restored AS (
    UPDATE "IssueStall" s SET "detectedAt" = hit."detectedAt", "reportedToManagerAt" = hit."reportedToManagerAt",
           "reportedToBoardAt" = hit."reportedToBoardAt",
           facts = s.facts || CASE WHEN hit.facts ? 'managerAgentId'
             THEN jsonb_build_object('managerAgentId', hit.facts->'managerAgentId') ELSE '{}'::jsonb END
      FROM hit WHERE s."issueId" = hit."issueId"
    RETURNING s."issueId"::text AS "issueId"
  ),
  served AS (
    DELETE FROM "ClearedStall" c WHERE c."companyId" = $1::uuid
       AND (EXISTS (SELECT 1 FROM "IssueStall" s WHERE s."issueId" = c."issueId") OR c."clearedAt" < $3::timestamptz - make_interval(secs => ${KEEP_SEC}))
  )
  SELECT "issueId" FROM restored`;

/** Restores the cleared stalls the sweep found again, in its transaction; answers their issue ids. */
export async function restoreClearedStalls(exec: SqlExec, companyId: string, newlyStalled: string[], now: Date): Promise<Set<string>> {
  const rows = await exec(restoreSql, [companyId, newlyStalled, now]);
  return new Set(rows.map((r) => String(r.issueId)));
}
