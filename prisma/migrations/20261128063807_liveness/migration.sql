-- CreateEnum
CREATE TYPE "PauseMode" AS ENUM ('finish', 'cancel');

-- CreateEnum
CREATE TYPE "StallReason" AS ENUM ('agent_paused', 'agent_terminated', 'agent_over_budget', 'agent_pending_approval', 'agent_unconfigured', 'wake_failed', 'retries_exhausted', 'run_silent', 'stale_checkout', 'blocker_finished', 'blocked_without_reason', 'wake_lost', 'waiting_on_approval', 'waiting_on_question', 'no_reviewer', 'wake_loop', 'company_paused');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "WakeReason" ADD VALUE 'stalled_report';
ALTER TYPE "WakeReason" ADD VALUE 'retry';

-- AlterTable
ALTER TABLE "Company" ADD COLUMN     "pauseMode" "PauseMode",
ADD COLUMN     "pausedAt" TIMESTAMPTZ(3),
ADD COLUMN     "staleCheckoutSec" INTEGER NOT NULL DEFAULT 7200,
ADD COLUMN     "waitLimitSec" INTEGER NOT NULL DEFAULT 86400,
ADD COLUMN     "wakeCapPerHour" INTEGER NOT NULL DEFAULT 12;

-- AlterTable
ALTER TABLE "Issue" ADD COLUMN     "livenessResetAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "WakeRequest" ADD COLUMN     "notBefore" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "HeartbeatRun" ADD COLUMN     "lastActivityAt" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "IssueBlocker" (
    "issueId" UUID NOT NULL,
    "blockerIssueId" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IssueBlocker_pkey" PRIMARY KEY ("issueId","blockerIssueId")
);

-- CreateTable
CREATE TABLE "IssueStall" (
    "issueId" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "reason" "StallReason" NOT NULL,
    "since" TIMESTAMPTZ(3) NOT NULL,
    "facts" JSONB NOT NULL DEFAULT '{}',
    "detectedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "reportedToManagerAt" TIMESTAMPTZ(3),
    "reportedToBoardAt" TIMESTAMPTZ(3),

    CONSTRAINT "IssueStall_pkey" PRIMARY KEY ("issueId")
);

-- CreateTable
CREATE TABLE "LivenessRemedy" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "issueId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "causeKey" TEXT NOT NULL,
    "details" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LivenessRemedy_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "IssueBlocker_blockerIssueId_idx" ON "IssueBlocker"("blockerIssueId");

-- CreateIndex
CREATE INDEX "IssueStall_companyId_since_issueId_idx" ON "IssueStall"("companyId", "since" DESC, "issueId" DESC);

-- CreateIndex
CREATE INDEX "IssueStall_companyId_reason_since_issueId_idx" ON "IssueStall"("companyId", "reason", "since" DESC, "issueId" DESC);

-- CreateIndex
CREATE INDEX "LivenessRemedy_companyId_createdAt_idx" ON "LivenessRemedy"("companyId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "LivenessRemedy_issueId_kind_causeKey_key" ON "LivenessRemedy"("issueId", "kind", "causeKey");

-- CreateIndex
CREATE INDEX "WakeRequest_issueId_createdAt_idx" ON "WakeRequest"("issueId", "createdAt");
