// company_paused: every open issue of a paused company (its own pause, or the instance's) waits for
// the resume; nothing else about it matters until then.
import type { RuleSql } from "@/lib/services/liveness/rules/common";

export const companyRules: RuleSql = `
  SELECT s.id, 'company_paused' AS reason, co."pausedAt" AS since, '{}'::jsonb AS facts
    FROM s, co WHERE co."pausedAt" IS NOT NULL`;
