// The subjects the activity page filters by (the log's entityType values), for the page and its feed.
export const activityEntityTypes = [
  "company", "agent", "issue", "approval", "project", "goal", "label", "workspace", "heartbeat_run", "routine", "user", "board_invite", "invite", "asset",
] as const;

/** Each subject's name in the filter, as a plural ("Companies", not "Companys"). */
export const entityTypeLabels: Record<(typeof activityEntityTypes)[number], string> = {
  company: "Company", agent: "Agents", issue: "Issues", approval: "Approvals", project: "Projects", goal: "Goals", label: "Labels",
  workspace: "Workspaces", heartbeat_run: "Runs", routine: "Routines", user: "People", board_invite: "Board invites", invite: "Agent invites", asset: "Images",
};
