// Which open issues of a company are not moving, and why: every rule (rules/*.ts) proposes reasons
// for the issues it matches, in one statement over one summary row per open issue, and each issue
// keeps the first reason in PRECEDENCE. A cause that stops everything (the company's pause, an
// assignee that cannot run) hides the finer ones it causes (no run, no wake). The rules and their
// order are docs/liveness.md's table.
import type { StallReason } from "@/lib/generated/prisma/client";
import { agentRules } from "@/lib/services/liveness/rules/agent";
import { blockedRules } from "@/lib/services/liveness/rules/blocked";
import { summaryCtes } from "@/lib/services/liveness/rules/common";
import { companyRules } from "@/lib/services/liveness/rules/company";
import { idleRules } from "@/lib/services/liveness/rules/idle";
import { runRules } from "@/lib/services/liveness/rules/runs";
import { waitRules } from "@/lib/services/liveness/rules/waits";

/** First match wins. 'waiting' is no stall: the issue waits for the board within its limit. */
export const PRECEDENCE = [
  "company_paused",
  "agent_terminated", "agent_pending_approval", "agent_over_budget", "agent_paused", "agent_unconfigured",
  "wake_loop", "run_silent", "retries_exhausted", "wake_failed",
  "blocker_finished", "blocked_without_reason",
  "waiting_on_approval", "waiting_on_question", "waiting",
  "stale_checkout", "no_reviewer", "wake_lost",
] as const satisfies readonly (StallReason | "waiting")[];

/** A todo issue without a wake, or a blocked one without a word, is given this long first (seconds). */
export const GRACE_SEC = 120;

// A paused company's issues are all company_paused, which precedes everything: the other rules are
// not run at all then (a one-time filter on the pause, which the planner evaluates before the rule).
const unlessPaused = (rule: string) => `
  SELECT r.* FROM (${rule}) r WHERE (SELECT co."pausedAt" FROM co) IS NULL`;

const rules = [companyRules, ...[agentRules, ...runRules, ...blockedRules, ...waitRules, ...idleRules].map(unlessPaused)];

/**
 * The CTEs of the computed stalls: `st` ("issueId", reason, since, facts), one row per stalled open
 * issue of $1 at $2 ($3 the default run timeout, $4 GRACE_SEC). Facts without a value are left out.
 */
export const stallsCtes = `${summaryCtes},
  found AS (
    SELECT DISTINCT ON (x.id) x.id, x.reason, x.since, x.facts
      FROM (${rules.join("\n  UNION ALL")}) x
     ORDER BY x.id, array_position(ARRAY[${PRECEDENCE.map((r) => `'${r}'`).join(", ")}]::text[], x.reason)
  ),
  st AS (
    SELECT found.id AS "issueId", found.reason::"StallReason" AS reason, COALESCE(found.since, $2::timestamptz) AS since,
           jsonb_strip_nulls(found.facts) AS facts
      FROM found WHERE found.reason <> 'waiting'
  )`;
