// The board user's inbox (GET /api/companies/:companyId/inbox): what needs this person's attention.
// Not the agent's inbox (GET /api/agents/me/inbox, lib/schemas/issues.ts), which is an agent's work.
import { z } from "zod";
import { dateTimeSchema, intSchema } from "@/lib/schemas/common";

const inboxItemKinds = ["question", "approval", "run_failed", "issue_blocked", "issue_assigned", "mention", "agent_paused", "routine_run", "workspace_error", "workspace_kept",
  "verification_failed", "review_escalated", "webhook_disabled", "stalled"] as const;
export type InboxItemKind = (typeof inboxItemKinds)[number];

/** The most unread items the count counts: the side bar shows "99+" past that. */
export const UNREAD_COUNT_CAP = 100;

export const boardInboxQuery = z.object({
  kind: z.enum(inboxItemKinds).optional().describe("Only items of this kind"),
  unread: z.enum(["true", "false"]).optional().describe("true: only items this user has not marked read"),
});
export type BoardInboxQuery = z.infer<typeof boardInboxQuery>;

/** The shapes of the keys the inbox writes (lib/services/inbox.ts): kind and entity id (a stall's: and its report time). */
const itemKeyPattern = /^((question|approval|run|blocked|assigned|mention|paused|routine|workspace|kept|verification|review|webhook):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|stalled:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:\d{1,16})$/;
const itemKeySchema = z.string().regex(itemKeyPattern, "must be an item key the inbox answered").describe("An item's key, as the inbox answered it");

export const markInboxSchema = z.union([
  z.strictObject({ keys: z.array(itemKeySchema).min(1).max(500).describe("The items to mark") }),
  z.strictObject({ all: z.literal(true).describe("Every item the inbox holds now") }),
]).describe("Either keys or all: true");
export type MarkInboxInput = z.infer<typeof markInboxSchema>;

// ---------- responses ----------

export const boardInboxItemResponseSchema = z.object({
  key: z.string().describe("Names the item for read marks: `question:<questionId>`, `approval:<id>`, `run:<id>`, `blocked:<issueId>`, `assigned:<issueId>`, `mention:<commentId>`, `paused:<agentId>`, `routine:<routineRunId>`, `workspace:<executionWorkspaceId>`, `kept:<executionWorkspaceId>`, `verification:<verificationId>`, `review:<reviewId>`, `webhook:<webhookId>`, `stalled:<issueId>:<ms>` (one per stall: the time the board was told, in milliseconds)"),
  kind: z.enum(inboxItemKinds).describe(
    "question: an open question an agent asked the board on an issue (answer it with POST /api/questions/:questionId/answer); approval: waits for the board's decision; run_failed: a run failed or timed out (last 14 days); issue_blocked: a blocked issue; " +
    "issue_assigned: an open issue assigned to you; mention: a comment that mentions you (last 30 days); agent_paused: an agent paused by its budget or the loop breaker; " +
    "routine_run: a routine's latest fire of its kind failed (its issue was cancelled) or was skipped because its agent was paused or every instance was down (last 14 days; gone once the routine fires well again); " +
    "workspace_error: an issue's workspace could not be made or used, so its run failed (gone once a run makes it); " +
    "workspace_kept: a done or cancelled issue's worktree that the retention sweep kept because its work has not landed (uncommitted, or neither merged nor pushed); " +
    "verification_failed: an open issue's latest verification failed or timed out; review_escalated: an issue in review whose reviewer asked for changes 3 times (it waits for the board); " +
    "webhook_disabled: a webhook subscription disabled after 3 days of failed deliveries (gone once it is enabled or deleted); " +
    "stalled: an open issue that is not moving, handed to the board after its assignee's manager was told (or it has none who can act); the summary says why (gone once it moves)",
  ),
  title: z.string().describe("One line naming the item"),
  summary: z.string().optional().describe("A second line: who asked, the run's error, the comment's text…"),
  href: z.string().describe("The board page of the item, e.g. /ACME/issues/ACME-12"),
  createdAt: dateTimeSchema.describe("When the item arose: the approval (re)submitted, the run queued, the issue last updated, the comment made, the agent paused"),
  read: z.boolean().describe("This user marked it (or all) read since it last changed: an issue updated or an approval resubmitted comes back unread"),
}).meta({ id: "BoardInboxItem" });
export type BoardInboxItem = z.infer<typeof boardInboxItemResponseSchema>;

export const inboxCountResponseSchema = z.object({
  unread: intSchema.max(UNREAD_COUNT_CAP).describe(`Unread items, counted up to ${UNREAD_COUNT_CAP}`),
  pendingApprovals: intSchema.describe("Approvals waiting for the board's decision"),
}).meta({ id: "InboxCount" });
export type InboxCount = z.infer<typeof inboxCountResponseSchema>;
