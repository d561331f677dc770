// The assignee cannot run: terminated, waiting for its hire's approval, paused by its budget or by
// the board (or the loop breaker), or configured so that every run fails before it starts. Only
// issues the assignee must act on next (todo, in_progress): a blocked issue waits for its blockers
// and one in review for its reviewer.
import { budgetPauseScopeSql } from "@/lib/services/budgets";
import { assigneeFacts, type RuleSql } from "@/lib/services/liveness/rules/common";

export const agentRules: RuleSql = `
  SELECT s.id,
         CASE WHEN s."agentStatus" = 'terminated' THEN 'agent_terminated'
              WHEN s."agentStatus" = 'pending_approval' THEN 'agent_pending_approval'
              WHEN s."agentStatus" = 'paused' AND s."pauseReason" = 'budget' THEN 'agent_over_budget'
              WHEN s."agentStatus" = 'paused' THEN 'agent_paused'
              ELSE 'agent_unconfigured' END AS reason,
         -- the later of the agent's change, the issue's creation and its latest run: an issue delegated to an
         -- agent paused long ago stopped moving when it was filed, not when the agent was paused. Not the
         -- issue's updatedAt: a person's edit is no new cause, and the stall it cleared must be found again
         -- with its since (reset.ts)
         GREATEST(s."agentAt", s."createdAt", s."runAt", s."finishedAt") AS since,
         jsonb_build_object(${assigneeFacts}) || CASE WHEN s."agentStatus" = 'paused' AND s."pauseReason" = 'budget'
           THEN jsonb_build_object('budgetScope', COALESCE(${budgetPauseScopeSql("$1::uuid", "s.aid")}, 'agent')) ELSE '{}'::jsonb END AS facts
    FROM s
   WHERE s.aid IS NOT NULL AND s.status IN ('todo', 'in_progress')
     AND (s."agentStatus" IN ('terminated', 'pending_approval', 'paused') OR s.unconfigured)`;
