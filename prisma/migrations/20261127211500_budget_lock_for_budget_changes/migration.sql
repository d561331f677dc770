-- A budget change takes the same locks as cost events (lib/services/budgets.ts lockBudgets), and an
-- event that waited on them decides with the budgets as they are once it holds them: the budgets are
-- read again after the locks, in the same fresh snapshot as the month's sums. Otherwise
-- charter_budget_lock is as 20261126220000_month_spend left it.
DROP FUNCTION charter_budget_lock(uuid, uuid, date, date, date, uuid, boolean, integer, integer);

-- The advisory lock key of an agent's or a company's budget: one spelling for both functions.
CREATE FUNCTION charter_budget_lock_key(p_kind text, p_id uuid) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT hashtextextended('budget:' || p_kind || ':' || p_id::text, 0)
$$;

CREATE FUNCTION charter_budget_lock(p_company uuid, p_agent uuid, p_from date, p_to date, p_day date, p_project uuid, p_async boolean,
    p_agent_budget integer, p_company_budget integer)
  RETURNS TABLE ("agentOtherCents" float8, "companyOtherCents" float8, locked boolean, "agentBudgetCents" integer, "companyBudgetCents" integer)
  LANGUAGE plpgsql VOLATILE ROWS 1 AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(charter_budget_lock_key('agent', p_agent)) WHERE p_agent_budget > 0;
  PERFORM pg_advisory_xact_lock(charter_budget_lock_key('company', p_company)) WHERE p_company_budget > 0;
  PERFORM set_config('synchronous_commit', 'off', true) WHERE p_async;
  RETURN QUERY SELECT
    (SELECT cents FROM charter_agent_month_spend(p_company, p_agent, p_from, p_to, p_day, p_project)),
    CASE WHEN c."budgetMonthlyCents" > 0 THEN (SELECT cents FROM charter_company_month_spend(p_company, p_from, p_to, p_day, p_agent, p_project)) ELSE 0::float8 END,
    true, a."budgetMonthlyCents", c."budgetMonthlyCents"
    FROM "Agent" a JOIN "Company" c ON c.id = a."companyId" WHERE a.id = p_agent AND a."companyId" = p_company;
END $$;

-- A budget change's locks: every agent of the company that has a budget, is paused for one or is
-- p_agent (the one whose budget changes), in id order, then the company. A cost event takes at most
-- one agent's lock and the company's last, so the two never wait on each other in a circle.
CREATE FUNCTION charter_budget_lock_company(p_company uuid, p_agent uuid) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(charter_budget_lock_key('agent', a.id))
     FROM (SELECT id FROM "Agent" WHERE "companyId" = p_company AND ("budgetMonthlyCents" > 0 OR "pauseReason" = 'budget' OR id = p_agent) ORDER BY id) a;
  PERFORM pg_advisory_xact_lock(charter_budget_lock_key('company', p_company));
END $$;
