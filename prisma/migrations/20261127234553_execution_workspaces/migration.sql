-- CreateEnum
CREATE TYPE "WorkspacePolicy" AS ENUM ('git_worktree', 'shared');

-- CreateEnum
CREATE TYPE "ExecutionWorkspaceState" AS ENUM ('active', 'kept', 'removed');

-- CreateEnum
CREATE TYPE "WorkProductKind" AS ENUM ('pull_request', 'branch', 'commit', 'document', 'url', 'preview');

-- CreateEnum
CREATE TYPE "VerificationStatus" AS ENUM ('running', 'passed', 'failed', 'timed_out');

-- CreateEnum
CREATE TYPE "ReviewVerdict" AS ENUM ('approve', 'request_changes');

-- AlterEnum
ALTER TYPE "WakeReason" ADD VALUE 'review_requested';

-- AlterTable
ALTER TABLE "Project" ADD COLUMN     "branchTemplate" TEXT,
ADD COLUMN     "review" JSONB,
ADD COLUMN     "verification" JSONB,
ADD COLUMN     "workspacePolicy" "WorkspacePolicy";

-- AlterTable
ALTER TABLE "Issue" ADD COLUMN     "executionWorkspaceId" UUID,
ADD COLUMN     "workspaceInherited" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "workspacePolicy" "WorkspacePolicy";

-- AlterTable
ALTER TABLE "HeartbeatRun" ADD COLUMN     "executionWorkspaceId" UUID;

-- CreateTable
CREATE TABLE "ExecutionWorkspace" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "projectWorkspaceId" UUID,
    "issueId" UUID NOT NULL,
    "policy" "WorkspacePolicy" NOT NULL,
    "path" TEXT,
    "branch" TEXT,
    "baseRef" TEXT,
    "baseSha" TEXT,
    "repoUrl" TEXT,
    "headSha" TEXT,
    "dirty" BOOLEAN NOT NULL DEFAULT false,
    "ahead" INTEGER NOT NULL DEFAULT 0,
    "behind" INTEGER NOT NULL DEFAULT 0,
    "diskBytes" BIGINT,
    "statusAt" TIMESTAMPTZ(3),
    "state" "ExecutionWorkspaceState" NOT NULL DEFAULT 'active',
    "keptReason" TEXT,
    "error" TEXT,
    "errorAt" TIMESTAMPTZ(3),
    "lockedByRunId" UUID,
    "closedAt" TIMESTAMPTZ(3),
    "removedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ExecutionWorkspace_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WorkProduct" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "issueId" UUID NOT NULL,
    "runId" UUID,
    "kind" "WorkProductKind" NOT NULL,
    "title" TEXT NOT NULL,
    "url" TEXT,
    "status" TEXT,
    "sha" TEXT,
    "subject" TEXT,
    "author" TEXT,
    "filesChanged" INTEGER,
    "insertions" INTEGER,
    "deletions" INTEGER,
    "createdByAgentId" UUID,
    "createdByUserId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "WorkProduct_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Verification" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "issueId" UUID NOT NULL,
    "executionWorkspaceId" UUID,
    "status" "VerificationStatus" NOT NULL DEFAULT 'running',
    "command" JSONB NOT NULL,
    "exitCode" INTEGER,
    "durationMs" INTEGER,
    "headSha" TEXT,
    "error" TEXT,
    "log" TEXT NOT NULL DEFAULT '',
    "logBytes" INTEGER NOT NULL DEFAULT 0,
    "trigger" TEXT NOT NULL,
    "requestedByAgentId" UUID,
    "requestedByUserId" UUID,
    "workerId" TEXT,
    "claimedAt" TIMESTAMPTZ(3),
    "heartbeatAt" TIMESTAMPTZ(3),
    "startedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMPTZ(3),

    CONSTRAINT "Verification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IssueReview" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "issueId" UUID NOT NULL,
    "verdict" "ReviewVerdict" NOT NULL,
    "comment" TEXT,
    "reviewerAgentId" UUID,
    "reviewerUserId" UUID,
    "headSha" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IssueReview_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ExecutionWorkspace_companyId_projectId_idx" ON "ExecutionWorkspace"("companyId", "projectId");

-- CreateIndex
CREATE INDEX "ExecutionWorkspace_state_closedAt_idx" ON "ExecutionWorkspace"("state", "closedAt");

-- CreateIndex
CREATE INDEX "ExecutionWorkspace_lockedByRunId_idx" ON "ExecutionWorkspace"("lockedByRunId");

-- CreateIndex
CREATE UNIQUE INDEX "ExecutionWorkspace_companyId_issueId_key" ON "ExecutionWorkspace"("companyId", "issueId");

-- CreateIndex
CREATE INDEX "WorkProduct_companyId_issueId_createdAt_idx" ON "WorkProduct"("companyId", "issueId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "WorkProduct_companyId_issueId_sha_key" ON "WorkProduct"("companyId", "issueId", "sha");

-- CreateIndex
CREATE INDEX "Verification_companyId_issueId_startedAt_idx" ON "Verification"("companyId", "issueId", "startedAt" DESC);

-- CreateIndex
CREATE INDEX "Verification_status_claimedAt_idx" ON "Verification"("status", "claimedAt");

-- CreateIndex
CREATE INDEX "IssueReview_companyId_issueId_createdAt_idx" ON "IssueReview"("companyId", "issueId", "createdAt");
