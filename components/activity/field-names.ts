// The fields an activity row says were changed, in the words the board's forms use. A field the
// table does not know yet still reads as words ("leadAgentId" → "lead agent"), never as a name.
const fieldNames: Record<string, string> = {
  // company
  brandColor: "brand colour", logoAssetId: "logo", budgetMonthlyCents: "monthly budget",
  requireBoardApprovalForNewAgents: "hire approval rule", issuePrefix: "issue prefix",
  // agent
  reportsTo: "manager", adapterType: "adapter", adapterConfig: "adapter settings", runtimeConfig: "runtime settings",
  // issue
  assigneeAgentId: "assignee", assigneeUserId: "assignee", projectId: "project", goalId: "goal", parentId: "parent",
  labelIds: "labels", blockedByIssueIds: "blockers",
  // project and workspace
  goalIds: "goals", leadAgentId: "lead", targetDate: "target date", cwd: "working folder", repoUrl: "repository",
  repoRef: "branch", isPrimary: "primary workspace",
  // goal
  ownerAgentId: "owner",
  // routine
  parentIssueId: "parent issue", titleTemplate: "issue title", concurrencyPolicy: "rule for an open issue",
  catchUpPolicy: "rule for missed windows",
};

/** One changed field in words. */
function fieldLabel(field: string): string {
  return fieldNames[field] ?? field.replace(/(Ids?|Cents)$/, "").replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/_/g, " ").toLowerCase();
}

/** The changed fields of a row, in words, each once: "title, assignee and labels". */
export function changedFields(changed: unknown): string {
  if (!Array.isArray(changed)) return "";
  const words = [...new Set(changed.filter((f): f is string => typeof f === "string").map(fieldLabel))];
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}
