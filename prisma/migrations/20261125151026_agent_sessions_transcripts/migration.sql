-- CreateEnum
CREATE TYPE "RunStepKind" AS ENUM ('assistant', 'tool_call', 'tool_result', 'system', 'result');

-- AlterTable
ALTER TABLE "CostEvent" ADD COLUMN     "estimated" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "HeartbeatRun" ADD COLUMN     "issueId" UUID;

-- CreateTable
CREATE TABLE "HeartbeatRunStep" (
    "companyId" UUID NOT NULL,
    "runId" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "kind" "RunStepKind" NOT NULL,
    "text" TEXT,
    "toolName" TEXT,
    "input" JSONB,
    "output" TEXT,
    "isError" BOOLEAN,

    CONSTRAINT "HeartbeatRunStep_pkey" PRIMARY KEY ("companyId","runId","seq")
);

-- CreateTable
CREATE TABLE "AgentTaskSession" (
    "companyId" UUID NOT NULL,
    "agentId" UUID NOT NULL,
    "issueId" UUID NOT NULL,
    "adapterType" "AdapterType" NOT NULL,
    "sessionId" TEXT NOT NULL,
    "lastRunId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "AgentTaskSession_pkey" PRIMARY KEY ("companyId","agentId","issueId")
);

-- CreateIndex
CREATE INDEX "HeartbeatRun_companyId_issueId_createdAt_idx" ON "HeartbeatRun"("companyId", "issueId", "createdAt");

-- Runs recorded before this migration: the issue of the wake that started them.
UPDATE "HeartbeatRun" r SET "issueId" = w."issueId" FROM "WakeRequest" w WHERE w.id = r."wakeRequestId" AND w."issueId" IS NOT NULL;
