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

-- Existing events, folded once. From now on recordCostEvent (lib/services/costs.ts), the one write
-- path of cost events, folds each new event in the statement that inserts it.
INSERT INTO "CostRollup" ("companyId", day, "agentId", "projectId", "costCents", "inputTokens", "outputTokens", "eventCount")
SELECT "companyId", ("occurredAt" AT TIME ZONE 'UTC')::date, "agentId",
       coalesce("projectId", '00000000-0000-0000-0000-000000000000'::uuid),
       sum("costCents"), sum("inputTokens"), sum("outputTokens"), count(*)
  FROM "CostEvent" GROUP BY 1, 2, 3, 4;
