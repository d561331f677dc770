// The subjects the activity page filters by (the log's entityType values), for the page and its feed.
export const activityEntityTypes = ["company", "agent", "issue", "approval", "project", "goal", "label", "workspace", "user", "invite", "asset"] as const;
