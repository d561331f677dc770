-- Month-to-date spend has one definition: the sum of CostRollup over the days [p_from, p_to) that
-- the caller passes (the current UTC month, lib/services/spend.ts monthDays), for one agent or for a
-- whole company. A statement that upserts a rollup row itself names that row in p_except_*: its
-- snapshot does not see its own upsert, so it adds the row's new value itself. Set-returning,
-- LANGUAGE sql and STABLE: called in a FROM clause, `(SELECT cents FROM charter_…_month_spend(…))`,
-- the planner inlines the body into the calling statement, which pays no function call (a scalar
-- SQL function with a subquery is never inlined, and a plpgsql call cost ~0.17 ms per cost event).
CREATE FUNCTION charter_agent_month_spend(p_company uuid, p_agent uuid, p_from date, p_to date,
                                          p_except_day date DEFAULT NULL, p_except_project uuid DEFAULT NULL)
  RETURNS TABLE (cents float8) LANGUAGE sql STABLE ROWS 1 AS $$
  SELECT coalesce(sum(r."costCents"), 0)::float8 FROM "CostRollup" r
   WHERE r."companyId" = p_company AND r."agentId" = p_agent AND r.day >= p_from AND r.day < p_to
     AND (r.day, r."projectId") IS DISTINCT FROM (p_except_day, p_except_project)
$$;

CREATE FUNCTION charter_company_month_spend(p_company uuid, p_from date, p_to date, p_except_day date DEFAULT NULL,
                                            p_except_agent uuid DEFAULT NULL, p_except_project uuid DEFAULT NULL)
  RETURNS TABLE (cents float8) LANGUAGE sql STABLE ROWS 1 AS $$
  SELECT coalesce(sum(r."costCents"), 0)::float8 FROM "CostRollup" r
   WHERE r."companyId" = p_company AND r.day >= p_from AND r.day < p_to
     AND (r.day, r."agentId", r."projectId") IS DISTINCT FROM (p_except_day, p_except_agent, p_except_project)
$$;

-- The budget lock sums through them; otherwise it does as 20261125180000_budget_lock_only_when_budgeted
-- says: the agent's lock, then the company's, each only for a budget; then the sums, in a fresh snapshot.
CREATE OR REPLACE FUNCTION charter_budget_lock(p_company uuid, p_agent uuid, p_from date, p_to date, p_day date, p_project uuid, p_async boolean,
    p_agent_budget integer, p_company_budget integer) RETURNS TABLE ("agentOtherCents" float8, "companyOtherCents" float8, locked boolean)
  LANGUAGE plpgsql VOLATILE ROWS 1 AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('budget:agent:' || p_agent::text, 0)) WHERE p_agent_budget > 0;
  PERFORM pg_advisory_xact_lock(hashtextextended('budget:company:' || p_company::text, 0)) WHERE p_company_budget > 0;
  PERFORM set_config('synchronous_commit', 'off', true) WHERE p_async;
  RETURN QUERY SELECT
    (SELECT cents FROM charter_agent_month_spend(p_company, p_agent, p_from, p_to, p_day, p_project)),
    CASE WHEN p_company_budget > 0 THEN (SELECT cents FROM charter_company_month_spend(p_company, p_from, p_to, p_day, p_agent, p_project)) ELSE 0::float8 END,
    true;
END $$;
