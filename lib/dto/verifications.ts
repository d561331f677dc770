// Verification and review rows → the JSON of the API, the MCP tools and the issue page.
import type { IssueReview, Verification } from "@/lib/generated/prisma/client";
import type { VerificationDto } from "@/lib/schemas/verifications";

/** How much of a verification's log its summary carries. */
const LOG_TAIL_CHARS = 2000;

export function verificationDto(row: Omit<Verification, "command">): VerificationDto {
  return {
    id: row.id,
    issueId: row.issueId,
    status: row.status,
    exitCode: row.exitCode,
    durationMs: row.durationMs,
    headSha: row.headSha,
    error: row.error,
    logTail: row.log.slice(-LOG_TAIL_CHARS),
    trigger: row.trigger === "in_review" ? "in_review" : "requested",
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export function reviewDto(row: IssueReview, extra: { round: number; escalated: boolean; issueStatus: string }) {
  return {
    id: row.id,
    issueId: row.issueId,
    verdict: row.verdict,
    comment: row.comment,
    reviewerAgentId: row.reviewerAgentId,
    reviewerUserId: row.reviewerUserId,
    headSha: row.headSha,
    ...extra,
    createdAt: row.createdAt.toISOString(),
  };
}
