-- Budget crossings are decided one event at a time per agent and per company (README Decisions).
-- The statement recording a cost event calls this before it inserts anything: it takes a
-- transaction-level advisory lock for the agent (when it has a budget) and one for the company (when
-- it has one), always in that order, then sums the month's rollup with a fresh snapshot (a VOLATILE
-- function's queries take a new one under READ COMMITTED), so it sees every event whose statement
-- held the locks before, even on other projects and from other app instances. The sums leave out
-- the rollup row this event is folded into (p_day, p_agent, p_project): the statement adds that
-- row's value as its own upsert returns it. Unbudgeted agents of unbudgeted companies take no lock.
-- p_async (the one-statement path only, which is its own transaction): a statement that took a lock
-- commits without waiting for its WAL flush, so the lock is not held through the flush ("locked":
-- true tells the caller, who makes it durable before answering with one synchronous commit of its
-- own; WAL is flushed in order, so no later event's durable decision can count a lost one).
CREATE FUNCTION charter_budget_lock(p_company uuid, p_agent uuid, p_from date, p_to date, p_day date, p_project uuid, p_async boolean)
  RETURNS TABLE ("agentBudgetCents" integer, "companyBudgetCents" integer, "agentOtherCents" float8, "companyOtherCents" float8, locked boolean)
  LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  a_budget integer;
  c_budget integer;
BEGIN
  SELECT a."budgetMonthlyCents", c."budgetMonthlyCents" INTO a_budget, c_budget
    FROM "Agent" a JOIN "Company" c ON c.id = a."companyId" WHERE a.id = p_agent AND a."companyId" = p_company;
  IF NOT FOUND THEN
    RETURN QUERY SELECT NULL::integer, NULL::integer, 0::float8, 0::float8, false;
    RETURN;
  END IF;
  IF a_budget > 0 THEN PERFORM pg_advisory_xact_lock(hashtextextended('budget:agent:' || p_agent::text, 0)); END IF;
  IF c_budget > 0 THEN PERFORM pg_advisory_xact_lock(hashtextextended('budget:company:' || p_company::text, 0)); END IF;
  IF p_async AND (a_budget > 0 OR c_budget > 0) THEN PERFORM set_config('synchronous_commit', 'off', true); END IF;
  RETURN QUERY SELECT a_budget, c_budget,
    (SELECT coalesce(sum(r."costCents"), 0) FROM "CostRollup" r
      WHERE r."companyId" = p_company AND r."agentId" = p_agent AND r.day >= p_from AND r.day < p_to
        AND NOT (r.day = p_day AND r."projectId" = p_project))::float8,
    CASE WHEN c_budget > 0 THEN
      (SELECT coalesce(sum(r."costCents"), 0) FROM "CostRollup" r
        WHERE r."companyId" = p_company AND r.day >= p_from AND r.day < p_to
          AND NOT (r.day = p_day AND r."agentId" = p_agent AND r."projectId" = p_project))::float8
    ELSE 0::float8 END,
    a_budget > 0 OR c_budget > 0;
END $$;
