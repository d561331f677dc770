-- CreateEnum
CREATE TYPE "RoutineStatus" AS ENUM ('active', 'paused');

-- CreateEnum
CREATE TYPE "RoutineConcurrencyPolicy" AS ENUM ('skip_if_active', 'coalesce_if_active', 'always_create');

-- CreateEnum
CREATE TYPE "RoutineCatchUpPolicy" AS ENUM ('skip_missed', 'run_once');

-- CreateEnum
CREATE TYPE "RoutineTriggerKind" AS ENUM ('schedule', 'webhook', 'api');

-- CreateEnum
CREATE TYPE "RoutineRunStatus" AS ENUM ('skipped', 'coalesced', 'issue_created', 'completed', 'failed');

-- CreateEnum
CREATE TYPE "RoutineSkipReason" AS ENUM ('paused', 'assignee_paused', 'active_issue', 'missed_window');

-- AlterEnum
ALTER TYPE "WakeReason" ADD VALUE 'routine';

-- CreateTable
CREATE TABLE "Routine" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "assigneeAgentId" UUID NOT NULL,
    "projectId" UUID,
    "goalId" UUID,
    "parentIssueId" UUID,
    "titleTemplate" TEXT NOT NULL,
    "priority" "IssuePriority" NOT NULL DEFAULT 'medium',
    "status" "RoutineStatus" NOT NULL DEFAULT 'active',
    "concurrencyPolicy" "RoutineConcurrencyPolicy" NOT NULL DEFAULT 'skip_if_active',
    "catchUpPolicy" "RoutineCatchUpPolicy" NOT NULL DEFAULT 'skip_missed',
    "createdByAgentId" UUID,
    "createdByUserId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Routine_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RoutineTrigger" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "routineId" UUID NOT NULL,
    "kind" "RoutineTriggerKind" NOT NULL,
    "cron" TEXT,
    "timezone" TEXT,
    "nextFireAt" TIMESTAMPTZ(3),
    "publicId" TEXT,
    "secretEncrypted" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "RoutineTrigger_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RoutineRun" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "routineId" UUID NOT NULL,
    "triggerId" UUID,
    "source" "RoutineTriggerKind" NOT NULL,
    "scheduledFor" TIMESTAMPTZ(3),
    "deliveryId" TEXT,
    "status" "RoutineRunStatus" NOT NULL,
    "reason" "RoutineSkipReason",
    "issueId" UUID,
    "payload" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "RoutineRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Routine_companyId_createdAt_id_idx" ON "Routine"("companyId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Routine_companyId_assigneeAgentId_idx" ON "Routine"("companyId", "assigneeAgentId");

-- CreateIndex
CREATE UNIQUE INDEX "RoutineTrigger_publicId_key" ON "RoutineTrigger"("publicId");

-- CreateIndex
CREATE INDEX "RoutineTrigger_companyId_routineId_idx" ON "RoutineTrigger"("companyId", "routineId");

-- CreateIndex
CREATE INDEX "RoutineTrigger_nextFireAt_idx" ON "RoutineTrigger"("nextFireAt");

-- CreateIndex
CREATE INDEX "RoutineRun_companyId_routineId_createdAt_id_idx" ON "RoutineRun"("companyId", "routineId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "RoutineRun_companyId_routineId_status_idx" ON "RoutineRun"("companyId", "routineId", "status");

-- CreateIndex
CREATE INDEX "RoutineRun_companyId_issueId_idx" ON "RoutineRun"("companyId", "issueId");

-- CreateIndex
CREATE UNIQUE INDEX "RoutineRun_companyId_triggerId_scheduledFor_key" ON "RoutineRun"("companyId", "triggerId", "scheduledFor");

-- CreateIndex
CREATE UNIQUE INDEX "RoutineRun_companyId_triggerId_deliveryId_key" ON "RoutineRun"("companyId", "triggerId", "deliveryId");
