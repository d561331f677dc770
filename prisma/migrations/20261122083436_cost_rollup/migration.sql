-- CreateTable
CREATE TABLE "CostRollup" (
    "companyId" UUID NOT NULL,
    "day" DATE NOT NULL,
    "agentId" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "costCents" BIGINT NOT NULL DEFAULT 0,
    "inputTokens" BIGINT NOT NULL DEFAULT 0,
    "outputTokens" BIGINT NOT NULL DEFAULT 0,
    "eventCount" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "CostRollup_pkey" PRIMARY KEY ("companyId","day","agentId","projectId")
);

-- CreateIndex
CREATE INDEX "CostRollup_companyId_agentId_day_idx" ON "CostRollup"("companyId", "agentId", "day");

-- Keeps CostRollup equal to the sums of CostEvent, in the inserting transaction, for any writer
-- (the API, the runtime, bulk loads): one statement-level trigger folds all new rows at once.
CREATE FUNCTION "CostRollup_fold"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "CostRollup" ("companyId", day, "agentId", "projectId", "costCents", "inputTokens", "outputTokens", "eventCount")
  SELECT "companyId", ("occurredAt" AT TIME ZONE 'UTC')::date, "agentId",
         coalesce("projectId", '00000000-0000-0000-0000-000000000000'::uuid),
         sum("costCents"), sum("inputTokens"), sum("outputTokens"), count(*)
    FROM new_rows
   GROUP BY 1, 2, 3, 4
  ON CONFLICT ("companyId", day, "agentId", "projectId") DO UPDATE SET
    "costCents" = "CostRollup"."costCents" + EXCLUDED."costCents",
    "inputTokens" = "CostRollup"."inputTokens" + EXCLUDED."inputTokens",
    "outputTokens" = "CostRollup"."outputTokens" + EXCLUDED."outputTokens",
    "eventCount" = "CostRollup"."eventCount" + EXCLUDED."eventCount";
  RETURN NULL;
END $$;

CREATE TRIGGER "CostEvent_rollup" AFTER INSERT ON "CostEvent"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "CostRollup_fold"();

-- cost events are an append-only ledger: the rollup stays true only if rows never change
CREATE FUNCTION "CostEvent_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'cost events are append-only';
END $$;

CREATE TRIGGER "CostEvent_no_update" BEFORE UPDATE ON "CostEvent"
  FOR EACH STATEMENT EXECUTE FUNCTION "CostEvent_append_only"();

INSERT INTO "CostRollup" ("companyId", day, "agentId", "projectId", "costCents", "inputTokens", "outputTokens", "eventCount")
SELECT "companyId", ("occurredAt" AT TIME ZONE 'UTC')::date, "agentId",
       coalesce("projectId", '00000000-0000-0000-0000-000000000000'::uuid),
       sum("costCents"), sum("inputTokens"), sum("outputTokens"), count(*)
  FROM "CostEvent" GROUP BY 1, 2, 3, 4;
