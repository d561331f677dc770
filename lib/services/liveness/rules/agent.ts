// The assignee cannot run: terminated, waiting for its hire's approval, paused by its budget or by
// the board (or the loop breaker), or configured so that every run fails before it starts. Only
// issues the assignee must act on next (todo, in_progress): a blocked issue waits for its blockers
// and one in review for its reviewer.
import { budgetPauseScopeSql } from "@/lib/services/budgets";
import { assigneeFacts, lastSignSql, type RuleSql } from "@/lib/services/liveness/rules/common";

export const agentRules: RuleSql = `
  SELECT s.id,
         CASE WHEN s."agentStatus" = 'terminated' THEN 'agent_terminated'
              WHEN s."agentStatus" = 'pending_approval' THEN 'agent_pending_approval'
              WHEN s."agentStatus" = 'paused' AND s."pauseReason" = 'budget' THEN 'agent_over_budget'
              WHEN s."agentStatus" = 'paused' THEN 'agent_paused'
              ELSE 'agent_unconfigured' END AS reason,
         -- the later of the agent's change and the issue's last sign of life: an issue handed to an agent
         -- paused long ago stopped moving when it was handed over, not when the agent was paused
         GREATEST(s."agentAt", ${lastSignSql}) AS since,
         jsonb_build_object(${assigneeFacts}) || CASE WHEN s."agentStatus" = 'paused' AND s."pauseReason" = 'budget'
           THEN jsonb_build_object('budgetScope', COALESCE(${budgetPauseScopeSql("$1::uuid", "s.aid")}, 'agent')) ELSE '{}'::jsonb END AS facts
    FROM s
   WHERE s.aid IS NOT NULL AND s.status IN ('todo', 'in_progress')
     AND (s."agentStatus" IN ('terminated', 'pending_approval', 'paused') OR s.unconfigured)`;
