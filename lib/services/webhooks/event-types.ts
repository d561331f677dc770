// The event types a subscription may name: the outbox catalogue's (webhook.test is sent by the test
// button to one subscription, whatever it subscribes to).
export const subscribableEventTypes: readonly string[] = [
  "approval.created", "approval.decided", "issue.created", "issue.status_changed", "issue.assigned", "comment.created",
  "mention.created", "run.failed", "budget.warning", "budget.exceeded", "agent.paused", "routine.run_failed",
  "question.asked", "question.answered",
];
