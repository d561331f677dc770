-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "MembershipRole" AS ENUM ('owner', 'admin', 'member', 'viewer');

-- CreateEnum
CREATE TYPE "CompanyStatus" AS ENUM ('active', 'paused', 'archived');

-- CreateEnum
CREATE TYPE "AgentRole" AS ENUM ('ceo', 'manager', 'engineer', 'researcher', 'designer', 'qa', 'general');

-- CreateEnum
CREATE TYPE "AgentStatus" AS ENUM ('idle', 'running', 'paused', 'error', 'pending_approval', 'terminated');

-- CreateEnum
CREATE TYPE "PauseReason" AS ENUM ('board', 'budget', 'loop');

-- CreateEnum
CREATE TYPE "AdapterType" AS ENUM ('process', 'http', 'claude_local', 'codex_local');

-- CreateEnum
CREATE TYPE "AgentKeyKind" AS ENUM ('api', 'run');

-- CreateEnum
CREATE TYPE "GoalLevel" AS ENUM ('company', 'team', 'agent', 'task');

-- CreateEnum
CREATE TYPE "GoalStatus" AS ENUM ('planned', 'active', 'achieved', 'cancelled');

-- CreateEnum
CREATE TYPE "ProjectStatus" AS ENUM ('backlog', 'planned', 'active', 'paused', 'completed', 'cancelled');

-- CreateEnum
CREATE TYPE "IssueStatus" AS ENUM ('backlog', 'todo', 'in_progress', 'in_review', 'blocked', 'done', 'cancelled');

-- CreateEnum
CREATE TYPE "IssuePriority" AS ENUM ('critical', 'high', 'medium', 'low');

-- CreateEnum
CREATE TYPE "ApprovalType" AS ENUM ('hire_agent', 'approve_ceo_strategy');

-- CreateEnum
CREATE TYPE "ApprovalStatus" AS ENUM ('pending', 'approved', 'rejected', 'revision_requested');

-- CreateEnum
CREATE TYPE "ActorType" AS ENUM ('user', 'agent', 'system');

-- CreateEnum
CREATE TYPE "WakeReason" AS ENUM ('mention', 'assignment', 'approval', 'manual', 'timer');

-- CreateEnum
CREATE TYPE "WakeStatus" AS ENUM ('queued', 'coalesced', 'started', 'skipped');

-- CreateEnum
CREATE TYPE "RunStatus" AS ENUM ('queued', 'running', 'succeeded', 'failed', 'cancelled', 'timed_out');

-- CreateTable
CREATE TABLE "User" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "isInstanceAdmin" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InstanceSetting" (
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "InstanceSetting_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "Membership" (
    "companyId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "role" "MembershipRole" NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Membership_pkey" PRIMARY KEY ("companyId","userId")
);

-- CreateTable
CREATE TABLE "BoardToken" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3),
    "revokedAt" TIMESTAMPTZ(3),
    "lastUsedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BoardToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Company" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "status" "CompanyStatus" NOT NULL DEFAULT 'active',
    "issuePrefix" TEXT NOT NULL,
    "issueCounter" INTEGER NOT NULL DEFAULT 0,
    "budgetMonthlyCents" INTEGER NOT NULL DEFAULT 0,
    "requireBoardApprovalForNewAgents" BOOLEAN NOT NULL DEFAULT true,
    "brandColor" TEXT,
    "logoAssetId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Company_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Agent" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "urlKey" TEXT NOT NULL,
    "role" "AgentRole" NOT NULL DEFAULT 'general',
    "title" TEXT NOT NULL DEFAULT '',
    "icon" TEXT,
    "capabilities" TEXT NOT NULL DEFAULT '',
    "status" "AgentStatus" NOT NULL DEFAULT 'idle',
    "pauseReason" "PauseReason",
    "reportsToId" UUID,
    "adapterType" "AdapterType" NOT NULL DEFAULT 'process',
    "adapterConfig" JSONB NOT NULL DEFAULT '{}',
    "runtimeConfig" JSONB NOT NULL DEFAULT '{}',
    "budgetMonthlyCents" INTEGER NOT NULL DEFAULT 0,
    "lastHeartbeatAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Agent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AgentKey" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "agentId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "kind" "AgentKeyKind" NOT NULL DEFAULT 'api',
    "tokenHash" TEXT NOT NULL,
    "runId" UUID,
    "expiresAt" TIMESTAMPTZ(3),
    "revokedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AgentKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AgentConfigRevision" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "agentId" UUID NOT NULL,
    "revision" INTEGER NOT NULL,
    "config" JSONB NOT NULL,
    "changedKeys" TEXT[],
    "reason" TEXT NOT NULL DEFAULT 'update',
    "rolledBackFromId" UUID,
    "createdByAgentId" UUID,
    "createdByUserId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AgentConfigRevision_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Goal" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "level" "GoalLevel" NOT NULL DEFAULT 'company',
    "status" "GoalStatus" NOT NULL DEFAULT 'active',
    "parentId" UUID,
    "ownerAgentId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Goal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Project" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "status" "ProjectStatus" NOT NULL DEFAULT 'planned',
    "leadAgentId" UUID,
    "targetDate" DATE,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Project_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProjectGoal" (
    "companyId" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "goalId" UUID NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ProjectGoal_pkey" PRIMARY KEY ("companyId","projectId","goalId")
);

-- CreateTable
CREATE TABLE "ProjectWorkspace" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "cwd" TEXT,
    "repoUrl" TEXT,
    "repoRef" TEXT,
    "isPrimary" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ProjectWorkspace_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Issue" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "identifier" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "status" "IssueStatus" NOT NULL DEFAULT 'backlog',
    "priority" "IssuePriority" NOT NULL DEFAULT 'medium',
    "parentId" UUID,
    "projectId" UUID,
    "goalId" UUID,
    "assigneeAgentId" UUID,
    "assigneeUserId" UUID,
    "createdByAgentId" UUID,
    "createdByUserId" UUID,
    "checkoutRunId" UUID,
    "lockedAt" TIMESTAMPTZ(3),
    "startedAt" TIMESTAMPTZ(3),
    "completedAt" TIMESTAMPTZ(3),
    "cancelledAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Issue_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Label" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "color" TEXT NOT NULL DEFAULT '#6b7280',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Label_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IssueLabel" (
    "companyId" UUID NOT NULL,
    "issueId" UUID NOT NULL,
    "labelId" UUID NOT NULL,

    CONSTRAINT "IssueLabel_pkey" PRIMARY KEY ("companyId","issueId","labelId")
);

-- CreateTable
CREATE TABLE "IssueComment" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "issueId" UUID NOT NULL,
    "body" TEXT NOT NULL,
    "authorAgentId" UUID,
    "authorUserId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "IssueComment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Approval" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "type" "ApprovalType" NOT NULL,
    "status" "ApprovalStatus" NOT NULL DEFAULT 'pending',
    "requestedByAgentId" UUID,
    "requestedByUserId" UUID,
    "payload" JSONB NOT NULL DEFAULT '{}',
    "subjectAgentId" UUID,
    "decisionNote" TEXT,
    "decidedByUserId" UUID,
    "decidedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Approval_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IssueApproval" (
    "companyId" UUID NOT NULL,
    "issueId" UUID NOT NULL,
    "approvalId" UUID NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IssueApproval_pkey" PRIMARY KEY ("companyId","issueId","approvalId")
);

-- CreateTable
CREATE TABLE "ApprovalComment" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "approvalId" UUID NOT NULL,
    "body" TEXT NOT NULL,
    "authorAgentId" UUID,
    "authorUserId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ApprovalComment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CostEvent" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "agentId" UUID NOT NULL,
    "issueId" UUID,
    "projectId" UUID,
    "runId" UUID,
    "provider" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "inputTokens" INTEGER NOT NULL DEFAULT 0,
    "outputTokens" INTEGER NOT NULL DEFAULT 0,
    "costCents" INTEGER NOT NULL,
    "occurredAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CostEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ActivityLog" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "actorType" "ActorType" NOT NULL,
    "actorId" TEXT,
    "action" TEXT NOT NULL,
    "entityType" TEXT NOT NULL,
    "entityId" TEXT NOT NULL,
    "details" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ActivityLog_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Asset" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "contentType" TEXT NOT NULL,
    "byteSize" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "originalName" TEXT NOT NULL DEFAULT '',
    "data" BYTEA NOT NULL,
    "createdByUserId" UUID,
    "createdByAgentId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Asset_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WakeRequest" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "agentId" UUID NOT NULL,
    "reason" "WakeReason" NOT NULL,
    "source" TEXT NOT NULL DEFAULT '',
    "issueId" UUID,
    "commentId" UUID,
    "approvalId" UUID,
    "status" "WakeStatus" NOT NULL DEFAULT 'queued',
    "skipReason" TEXT,
    "coalescedIntoId" UUID,
    "runId" UUID,
    "payload" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "WakeRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "HeartbeatRun" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "agentId" UUID NOT NULL,
    "wakeRequestId" UUID,
    "status" "RunStatus" NOT NULL DEFAULT 'queued',
    "adapterType" "AdapterType" NOT NULL,
    "workerId" TEXT,
    "startedAt" TIMESTAMPTZ(3),
    "finishedAt" TIMESTAMPTZ(3),
    "heartbeatAt" TIMESTAMPTZ(3),
    "exitCode" INTEGER,
    "error" TEXT,
    "log" TEXT NOT NULL DEFAULT '',
    "logBytes" INTEGER NOT NULL DEFAULT 0,
    "costCents" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "HeartbeatRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Invite" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "agentMessage" TEXT NOT NULL DEFAULT '',
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "acceptedAt" TIMESTAMPTZ(3),
    "createdAgentId" UUID,
    "createdByUserId" UUID,
    "createdByAgentId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Invite_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OAuthCode" (
    "id" UUID NOT NULL,
    "codeHash" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "redirectUri" TEXT NOT NULL,
    "codeChallenge" TEXT,
    "userId" UUID,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "consumedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OAuthCode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OAuthToken" (
    "id" UUID NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "userId" UUID,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OAuthToken_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE INDEX "Membership_userId_idx" ON "Membership"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "BoardToken_tokenHash_key" ON "BoardToken"("tokenHash");

-- CreateIndex
CREATE INDEX "BoardToken_userId_idx" ON "BoardToken"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Company_issuePrefix_key" ON "Company"("issuePrefix");

-- CreateIndex
CREATE INDEX "Agent_companyId_reportsToId_idx" ON "Agent"("companyId", "reportsToId");

-- CreateIndex
CREATE INDEX "Agent_companyId_status_idx" ON "Agent"("companyId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "Agent_companyId_urlKey_key" ON "Agent"("companyId", "urlKey");

-- CreateIndex
CREATE UNIQUE INDEX "AgentKey_tokenHash_key" ON "AgentKey"("tokenHash");

-- CreateIndex
CREATE INDEX "AgentKey_companyId_agentId_idx" ON "AgentKey"("companyId", "agentId");

-- CreateIndex
CREATE UNIQUE INDEX "AgentConfigRevision_companyId_agentId_revision_key" ON "AgentConfigRevision"("companyId", "agentId", "revision");

-- CreateIndex
CREATE INDEX "Goal_companyId_status_idx" ON "Goal"("companyId", "status");

-- CreateIndex
CREATE INDEX "Goal_companyId_parentId_idx" ON "Goal"("companyId", "parentId");

-- CreateIndex
CREATE INDEX "Project_companyId_status_idx" ON "Project"("companyId", "status");

-- CreateIndex
CREATE INDEX "ProjectGoal_companyId_goalId_idx" ON "ProjectGoal"("companyId", "goalId");

-- CreateIndex
CREATE INDEX "ProjectWorkspace_companyId_projectId_idx" ON "ProjectWorkspace"("companyId", "projectId");

-- CreateIndex
CREATE INDEX "Issue_companyId_status_priority_updatedAt_idx" ON "Issue"("companyId", "status", "priority", "updatedAt" DESC);

-- CreateIndex
CREATE INDEX "Issue_companyId_priority_updatedAt_idx" ON "Issue"("companyId", "priority", "updatedAt" DESC);

-- CreateIndex
CREATE INDEX "Issue_companyId_assigneeAgentId_status_idx" ON "Issue"("companyId", "assigneeAgentId", "status");

-- CreateIndex
CREATE INDEX "Issue_companyId_assigneeUserId_idx" ON "Issue"("companyId", "assigneeUserId");

-- CreateIndex
CREATE INDEX "Issue_companyId_projectId_idx" ON "Issue"("companyId", "projectId");

-- CreateIndex
CREATE INDEX "Issue_companyId_parentId_idx" ON "Issue"("companyId", "parentId");

-- CreateIndex
CREATE UNIQUE INDEX "Issue_companyId_number_key" ON "Issue"("companyId", "number");

-- CreateIndex
CREATE UNIQUE INDEX "Issue_companyId_identifier_key" ON "Issue"("companyId", "identifier");

-- CreateIndex
CREATE UNIQUE INDEX "Label_companyId_name_key" ON "Label"("companyId", "name");

-- CreateIndex
CREATE INDEX "IssueLabel_companyId_labelId_idx" ON "IssueLabel"("companyId", "labelId");

-- CreateIndex
CREATE INDEX "IssueComment_companyId_issueId_createdAt_idx" ON "IssueComment"("companyId", "issueId", "createdAt");

-- CreateIndex
CREATE INDEX "Approval_companyId_status_createdAt_idx" ON "Approval"("companyId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "Approval_companyId_requestedByAgentId_type_status_idx" ON "Approval"("companyId", "requestedByAgentId", "type", "status");

-- CreateIndex
CREATE INDEX "IssueApproval_companyId_approvalId_idx" ON "IssueApproval"("companyId", "approvalId");

-- CreateIndex
CREATE INDEX "ApprovalComment_companyId_approvalId_createdAt_idx" ON "ApprovalComment"("companyId", "approvalId", "createdAt");

-- CreateIndex
CREATE INDEX "CostEvent_companyId_occurredAt_idx" ON "CostEvent"("companyId", "occurredAt");

-- CreateIndex
CREATE INDEX "CostEvent_companyId_agentId_occurredAt_idx" ON "CostEvent"("companyId", "agentId", "occurredAt");

-- CreateIndex
CREATE INDEX "CostEvent_companyId_projectId_occurredAt_idx" ON "CostEvent"("companyId", "projectId", "occurredAt");

-- CreateIndex
CREATE INDEX "ActivityLog_companyId_id_idx" ON "ActivityLog"("companyId", "id" DESC);

-- CreateIndex
CREATE INDEX "ActivityLog_companyId_entityType_entityId_idx" ON "ActivityLog"("companyId", "entityType", "entityId");

-- CreateIndex
CREATE INDEX "Asset_companyId_createdAt_idx" ON "Asset"("companyId", "createdAt");

-- CreateIndex
CREATE INDEX "WakeRequest_companyId_agentId_status_createdAt_idx" ON "WakeRequest"("companyId", "agentId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "WakeRequest_status_createdAt_idx" ON "WakeRequest"("status", "createdAt");

-- CreateIndex
CREATE INDEX "HeartbeatRun_companyId_agentId_createdAt_idx" ON "HeartbeatRun"("companyId", "agentId", "createdAt");

-- CreateIndex
CREATE INDEX "HeartbeatRun_companyId_status_idx" ON "HeartbeatRun"("companyId", "status");

-- CreateIndex
CREATE INDEX "HeartbeatRun_status_heartbeatAt_idx" ON "HeartbeatRun"("status", "heartbeatAt");

-- CreateIndex
CREATE UNIQUE INDEX "Invite_tokenHash_key" ON "Invite"("tokenHash");

-- CreateIndex
CREATE INDEX "Invite_companyId_createdAt_idx" ON "Invite"("companyId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "OAuthCode_codeHash_key" ON "OAuthCode"("codeHash");

-- CreateIndex
CREATE INDEX "OAuthCode_expiresAt_idx" ON "OAuthCode"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "OAuthToken_tokenHash_key" ON "OAuthToken"("tokenHash");

-- CreateIndex
CREATE INDEX "OAuthToken_expiresAt_idx" ON "OAuthToken"("expiresAt");

-- AddForeignKey
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BoardToken" ADD CONSTRAINT "BoardToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Agent" ADD CONSTRAINT "Agent_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Agent" ADD CONSTRAINT "Agent_reportsToId_fkey" FOREIGN KEY ("reportsToId") REFERENCES "Agent"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgentKey" ADD CONSTRAINT "AgentKey_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectGoal" ADD CONSTRAINT "ProjectGoal_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectWorkspace" ADD CONSTRAINT "ProjectWorkspace_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IssueLabel" ADD CONSTRAINT "IssueLabel_issueId_fkey" FOREIGN KEY ("issueId") REFERENCES "Issue"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IssueLabel" ADD CONSTRAINT "IssueLabel_labelId_fkey" FOREIGN KEY ("labelId") REFERENCES "Label"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: Prisma's schema language has no partial indexes.
-- One CEO per company (a terminated CEO does not count).
CREATE UNIQUE INDEX "Agent_one_ceo_per_company" ON "Agent"("companyId") WHERE "role" = 'ceo' AND "status" <> 'terminated';
