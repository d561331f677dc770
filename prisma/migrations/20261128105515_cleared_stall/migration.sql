-- CreateTable
CREATE TABLE "ClearedStall" (
    "issueId" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "reason" "StallReason" NOT NULL,
    "since" TIMESTAMPTZ(3) NOT NULL,
    "facts" JSONB NOT NULL DEFAULT '{}',
    "detectedAt" TIMESTAMPTZ(3) NOT NULL,
    "reportedToManagerAt" TIMESTAMPTZ(3),
    "reportedToBoardAt" TIMESTAMPTZ(3),
    "clearedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ClearedStall_pkey" PRIMARY KEY ("issueId")
);

-- CreateIndex
CREATE INDEX "ClearedStall_companyId_clearedAt_idx" ON "ClearedStall"("companyId", "clearedAt");
