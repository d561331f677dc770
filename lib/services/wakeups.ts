// Wake requests (docs/design.md §8): a record from the moment a trigger fires, so every trigger can be
// checked before any adapter runs. A wake for an agent that already has one queued is recorded as
// coalesced into it: the agent will run once for both.
import type { Prisma, WakeReason } from "@/lib/generated/prisma/client";
import { authorize } from "@/lib/auth/permissions";
import { keysetPage, type ListQuery } from "@/lib/http/pagination";
import type { ServiceContext, Tx } from "@/lib/services/context";
import { getAgentOrThrow } from "@/lib/services/agents/queries";
import { uuidv7 } from "@/lib/ids";
import type { SqlExec } from "@/lib/db/sql-exec";

export interface WakeInput {
  companyId: string;
  agentId: string;
  reason: WakeReason;
  source: string;
  issueId?: string | null;
  commentId?: string | null;
  approvalId?: string | null;
  payload?: Prisma.InputJsonObject;
  /** not run before this time (a retry's backoff); only a wake that is queued keeps it */
  notBefore?: Date | null;
}

/** Runs SQL in a Prisma transaction, for code shared with the pg transactions of sqlTx. */
export const prismaExec = (tx: Tx): SqlExec => (text, values) => tx.$queryRawUnsafe(text, ...values);

/**
 * Records a wake in the caller's transaction. Wakes of one agent are serialised by an advisory
 * lock taken in its own statement first (a statement's snapshot predates locks it takes itself), so
 * two triggers cannot both think they are first. A queued wake also notifies the workers
 * (`charter_wake`), delivered when the transaction commits.
 */
export async function requestWake(exec: SqlExec, input: WakeInput): Promise<{ id: string; status: "queued" | "coalesced" }> {
  await exec(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))::text`, [`wake:${input.agentId}`]);
  // a wake without a backoff that joins a retry waiting out its backoff runs now: a person's mention
  // or assignment is never held back by a remedy's delay
  const [row] = await exec(
    `WITH q AS (SELECT id FROM "WakeRequest" WHERE "companyId" = $2::uuid AND "agentId" = $3::uuid AND status = 'queued' ORDER BY "createdAt" LIMIT 1),
     nb AS (UPDATE "WakeRequest" SET "notBefore" = NULL, "updatedAt" = now()
             WHERE id = (SELECT id FROM q) AND "notBefore" IS NOT NULL AND $10::timestamptz IS NULL RETURNING id)
     INSERT INTO "WakeRequest" (id, "companyId", "agentId", reason, source, "issueId", "commentId", "approvalId", payload, status, "coalescedIntoId", "notBefore", "updatedAt")
     SELECT $1::uuid, $2::uuid, $3::uuid, $4::"WakeReason", $5, $6::uuid, $7::uuid, $8::uuid, $9::jsonb,
            CASE WHEN (SELECT id FROM q) IS NULL THEN 'queued' ELSE 'coalesced' END::"WakeStatus", (SELECT id FROM q),
            CASE WHEN (SELECT id FROM q) IS NULL THEN $10::timestamptz END, now()
     RETURNING id::text, status::text, EXISTS (SELECT 1 FROM nb) AS lifted`,
    [uuidv7(), input.companyId, input.agentId, input.reason, input.source, input.issueId ?? null, input.commentId ?? null,
      input.approvalId ?? null, JSON.stringify(input.payload ?? {}), input.notBefore ?? null],
  );
  // a lifted backoff makes the queued wake due now: the workers must hear of it as of a new one
  if (row.status === "queued" || row.lifted) await exec(`SELECT pg_notify('charter_wake', $1)::text`, [input.agentId]);
  return { id: row.id as string, status: row.status as "queued" | "coalesced" };
}

export function wakeDto(row: Prisma.WakeRequestGetPayload<object>) {
  return {
    id: row.id,
    agentId: row.agentId,
    companyId: row.companyId,
    reason: row.reason,
    source: row.source,
    issueId: row.issueId,
    commentId: row.commentId,
    approvalId: row.approvalId,
    status: row.status,
    skipReason: row.skipReason,
    coalescedIntoId: row.coalescedIntoId,
    runId: row.runId,
    payload: row.payload,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const order = [["createdAt", "desc", "date"], ["id", "desc", "uuid"]] as const;

export async function listWakeups(ctx: ServiceContext, agentRef: string, query: ListQuery & { status?: "queued" | "coalesced" | "started" | "skipped" }) {
  const agent = await getAgentOrThrow(ctx, agentRef, "agent.read");
  authorize(ctx.actor, "work.read", agent.companyId);
  return keysetPage(query, order, ({ after, ...page }) => ctx.db.wakeRequest.findMany({
    where: { companyId: agent.companyId, agentId: agent.id, ...(query.status ? { status: query.status } : {}), ...after },
    ...page,
  }), wakeDto);
}
