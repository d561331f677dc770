import { issueJson, issueJsonColumns, type IssueJsonRow } from "@/lib/dto/issues";

/** The columns of an inbox row after the issue's (issueJsonColumns), in order. */
export const inboxExtraColumns = ["lastCommentAt", "newCommentsSinceLastRun", "statusRank"] as const;

/** An inbox row: the issue list's columns, then inboxExtraColumns (timestamps as ISO strings). */
export type InboxRow = IssueJsonRow;

const at = (name: (typeof inboxExtraColumns)[number]) => issueJsonColumns.length + inboxExtraColumns.indexOf(name);
const LAST_COMMENT_AT = at("lastCommentAt");
const NEW_COMMENTS = at("newCommentsSinceLastRun");

/**
 * An inbox item as JSON text: the issue exactly as the issue list writes it (issueJson), plus when the
 * last comment was made and whether someone else commented since the agent's last run on the issue.
 */
export function inboxItemJson(r: InboxRow): string {
  const lastCommentAt = r[LAST_COMMENT_AT] as string | null;
  const issue = issueJson(r);
  return `${issue.slice(0, -1)},"lastCommentAt":${lastCommentAt === null ? "null" : `"${lastCommentAt}"`},"newCommentsSinceLastRun":${r[NEW_COMMENTS] === true}}`;
}
