-- A cost event reported through the API is recorded in one statement, without a transaction around
-- it, when it leaves the agent's and the company's month under 80% of their budgets: then no budget
-- rule can act. Otherwise this guard aborts that statement (nothing is written, SQLSTATE CB001) and
-- the event is recorded again in a transaction that applies the budget rules (README Decisions).
CREATE FUNCTION charter_budget_guard(reached boolean) RETURNS boolean
  LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF reached THEN
    RAISE EXCEPTION 'a budget threshold is reached: record this cost event in a transaction' USING ERRCODE = 'CB001';
  END IF;
  RETURN true;
END $$;
