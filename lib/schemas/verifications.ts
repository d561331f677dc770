// Verified done: verifications Charter runs in an issue's workspace, and a reviewer's verdict.
import { z } from "zod";
import { dateTimeSchema, intSchema, uuidSchema } from "@/lib/schemas/common";

const verificationStatuses = ["running", "passed", "failed", "timed_out"] as const;

export const verificationParams = z.object({ verificationId: uuidSchema });

export const verificationResponseSchema = z.object({
  id: uuidSchema,
  issueId: uuidSchema,
  status: z.enum(verificationStatuses).describe("running until a worker has run the project's command; passed: it exited 0"),
  exitCode: z.number().int().nullable(),
  durationMs: intSchema.nullable(),
  headSha: z.string().nullable().describe("The commit verified: the workspace's head when the command started"),
  error: z.string().nullable().describe("Why it failed without a usable exit code: no workspace, the command missing, the timeout"),
  logTail: z.string().describe("The last lines of its output (secrets redacted); the whole kept log is at /api/verifications/:id/log"),
  trigger: z.enum(["in_review", "requested"]).describe("in_review: the issue moved to in_review; requested: POST /api/issues/:issueId/verifications"),
  startedAt: dateTimeSchema,
  finishedAt: dateTimeSchema.nullable(),
}).meta({ id: "Verification" });
export type VerificationDto = z.infer<typeof verificationResponseSchema>;

export const verificationLogResponseSchema = z.object({
  verificationId: uuidSchema,
  status: z.enum(verificationStatuses),
  logBytes: intSchema,
  truncated: z.boolean().describe("The log passed its cap and its oldest output was dropped"),
  content: z.string(),
});

export const reviewSchema = z.strictObject({
  verdict: z.enum(["approve", "request_changes"]).describe("approve: the issue moves to done; request_changes: back to in_progress for its assignee"),
  comment: z.string().trim().min(1).max(100_000).optional().describe("What to change (added to the issue as a comment)"),
});
export type ReviewInput = z.infer<typeof reviewSchema>;

export const reviewResponseSchema = z.object({
  id: uuidSchema,
  issueId: uuidSchema,
  verdict: z.enum(["approve", "request_changes"]),
  comment: z.string().nullable(),
  reviewerAgentId: uuidSchema.nullable(),
  reviewerUserId: uuidSchema.nullable(),
  headSha: z.string().nullable().describe("The workspace's head the verdict was given on: an approval holds only while the branch stays there"),
  round: intSchema.describe("How many request_changes verdicts the issue has had, this one included"),
  escalated: z.boolean().describe("This request_changes reached the round limit: the issue stays in_review for the board instead of going back"),
  issueStatus: z.enum(["backlog", "todo", "in_progress", "in_review", "blocked", "done", "cancelled"]).describe("The issue's status after the verdict"),
  createdAt: dateTimeSchema,
}).meta({ id: "IssueReview" });
