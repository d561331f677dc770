// Reading an issue's verifications (newest first) and one verification's kept log.
import { env } from "@/lib/env";
import { DROPPED_MARK } from "@/lib/runtime/run-log";
import { authorize, companyScope } from "@/lib/auth/permissions";
import { notFound } from "@/lib/http/errors";
import { keysetPage, type ListQuery } from "@/lib/http/pagination";
import type { ServiceContext } from "@/lib/services/context";
import { getIssueOrThrow } from "@/lib/services/issues/queries";
import { verificationDto } from "@/lib/dto/verifications";

const order = [["startedAt", "desc", "date"], ["id", "desc", "uuid"]] as const;

export async function listVerifications(ctx: ServiceContext, issueRef: string, query: ListQuery) {
  const issue = await getIssueOrThrow(ctx, issueRef, "work.read");
  return keysetPage(query, order, ({ after, ...page }) => ctx.db.verification.findMany({
    where: { companyId: issue.companyId, issueId: issue.id, ...after }, omit: { command: true }, ...page,
  }), verificationDto);
}

export async function getVerificationLog(ctx: ServiceContext, verificationId: string) {
  const row = await ctx.db.verification.findFirst({
    where: { id: verificationId, ...companyScope(ctx.actor) }, select: { id: true, companyId: true, status: true, log: true, logBytes: true },
  });
  if (!row) throw notFound("Verification");
  authorize(ctx.actor, "work.read", row.companyId);
  // redaction shortens a log, so its kept size cannot tell whether output was dropped: the cap and the marker can
  const truncated = row.log.length >= env().CHARTER_RUN_LOG_MAX_BYTES || row.log.startsWith(DROPPED_MARK);
  return { verificationId: row.id, status: row.status, logBytes: row.logBytes, truncated, content: row.log };
}
