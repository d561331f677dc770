// The coding CLI session an agent keeps per issue (adapterConfig.sessionPolicy per_issue): read at
// the start of a run for an issue, saved after it, forgotten when the CLI no longer knows it. A
// session of another adapter type is never resumed (switching claude_local ↔ codex_local starts fresh).
import { sql } from "@/lib/db/client";
import type { ClaimedRun } from "@/lib/runtime/queue";

/** The session to resume for this run, or null (fresh policy, no issue, none stored, another adapter type). */
export async function sessionToResume(run: ClaimedRun): Promise<string | null> {
  if (!run.issueId || (run.adapterConfig.sessionPolicy ?? "per_issue") !== "per_issue") return null;
  const { rows } = await sql().query<{ sessionId: string }>(
    `SELECT "sessionId" FROM "AgentTaskSession"
      WHERE "companyId" = $1::uuid AND "agentId" = $2::uuid AND "issueId" = $3::uuid AND "adapterType" = $4::"AdapterType"`,
    [run.companyId, run.agentId, run.issueId, run.adapterType],
  );
  return rows[0]?.sessionId ?? null;
}

/** Remembers the session a run for an issue used (per_issue policy only). */
export async function saveSession(run: ClaimedRun, sessionId: string): Promise<void> {
  if (!run.issueId || (run.adapterConfig.sessionPolicy ?? "per_issue") !== "per_issue") return;
  await sql().query(
    `INSERT INTO "AgentTaskSession" ("companyId", "agentId", "issueId", "adapterType", "sessionId", "lastRunId", "updatedAt")
     VALUES ($1::uuid, $2::uuid, $3::uuid, $4::"AdapterType", $5, $6::uuid, now())
     ON CONFLICT ("companyId", "agentId", "issueId") DO UPDATE SET
       "adapterType" = EXCLUDED."adapterType", "sessionId" = EXCLUDED."sessionId", "lastRunId" = EXCLUDED."lastRunId", "updatedAt" = now()`,
    [run.companyId, run.agentId, run.issueId, run.adapterType, sessionId.slice(0, 500), run.runId],
  );
}

/** Forgets a session the CLI said it does not know (only that one: a newer one may have been saved meanwhile). */
export async function forgetSession(run: ClaimedRun, sessionId: string): Promise<void> {
  if (!run.issueId) return;
  await sql().query(
    `DELETE FROM "AgentTaskSession" WHERE "companyId" = $1::uuid AND "agentId" = $2::uuid AND "issueId" = $3::uuid AND "sessionId" = $4`,
    [run.companyId, run.agentId, run.issueId, sessionId],
  );
}
