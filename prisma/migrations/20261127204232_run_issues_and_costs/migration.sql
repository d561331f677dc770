-- CreateTable
CREATE TABLE "CostModelRollup" (
    "companyId" UUID NOT NULL,
    "day" DATE NOT NULL,
    "agentId" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "costCents" BIGINT NOT NULL DEFAULT 0,
    "inputTokens" BIGINT NOT NULL DEFAULT 0,
    "outputTokens" BIGINT NOT NULL DEFAULT 0,
    "eventCount" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "CostModelRollup_pkey" PRIMARY KEY ("companyId","day","agentId","provider","model")
);

-- CreateTable
CREATE TABLE "IssueCost" (
    "issueId" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "costCents" BIGINT NOT NULL DEFAULT 0,
    "eventCount" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "IssueCost_pkey" PRIMARY KEY ("issueId")
);

-- CreateTable
CREATE TABLE "HeartbeatRunIssue" (
    "companyId" UUID NOT NULL,
    "runId" UUID NOT NULL,
    "issueId" UUID NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "HeartbeatRunIssue_pkey" PRIMARY KEY ("runId","issueId")
);

-- CreateIndex
CREATE INDEX "IssueCost_companyId_costCents_idx" ON "IssueCost"("companyId", "costCents" DESC);

-- CreateIndex
CREATE INDEX "HeartbeatRunIssue_companyId_issueId_idx" ON "HeartbeatRunIssue"("companyId", "issueId");

-- The new sums start equal to the ledger; from now on the statement recording each cost event keeps them.
INSERT INTO "CostModelRollup" ("companyId", day, "agentId", provider, model, "costCents", "inputTokens", "outputTokens", "eventCount")
SELECT "companyId", ("occurredAt" AT TIME ZONE 'UTC')::date, "agentId", provider, model, sum("costCents"), sum("inputTokens"), sum("outputTokens"), count(*)
  FROM "CostEvent" GROUP BY 1, 2, 3, 4, 5;

INSERT INTO "IssueCost" ("issueId", "companyId", "costCents", "eventCount")
SELECT "issueId", min("companyId"::text)::uuid, sum("costCents"), count(*) FROM "CostEvent" WHERE "issueId" IS NOT NULL GROUP BY "issueId";

-- a run's cost was the usage its adapter reported; it becomes the sum of every event it posted
UPDATE "HeartbeatRun" r SET "costCents" = least(s.cents, 2147483647)
  FROM (SELECT "runId", sum("costCents") AS cents FROM "CostEvent" WHERE "runId" IS NOT NULL GROUP BY "runId") s
 WHERE r.id = s."runId";
