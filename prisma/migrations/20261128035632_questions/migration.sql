-- CreateEnum
CREATE TYPE "QuestionStatus" AS ENUM ('open', 'answered', 'declined', 'expired', 'cancelled');

-- AlterEnum
ALTER TYPE "WakeReason" ADD VALUE 'question_answered';

-- CreateTable
CREATE TABLE "Question" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "issueId" UUID NOT NULL,
    "askedByAgentId" UUID,
    "askedByUserId" UUID,
    "prompt" TEXT NOT NULL,
    "options" JSONB NOT NULL,
    "allowText" BOOLEAN NOT NULL DEFAULT false,
    "defaultOptionId" TEXT,
    "expiresAt" TIMESTAMPTZ(3),
    "status" "QuestionStatus" NOT NULL DEFAULT 'open',
    "answerOptionId" TEXT,
    "answerText" TEXT,
    "declineReason" TEXT,
    "effectResult" JSONB,
    "answeredByUserId" UUID,
    "answeredAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Question_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Question_companyId_status_createdAt_idx" ON "Question"("companyId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "Question_companyId_issueId_createdAt_idx" ON "Question"("companyId", "issueId", "createdAt");

-- CreateIndex
CREATE INDEX "Question_status_expiresAt_idx" ON "Question"("status", "expiresAt");
