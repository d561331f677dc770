-- CreateTable
CREATE TABLE "InboxRead" (
    "companyId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "itemKey" TEXT NOT NULL,
    "readAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "InboxRead_pkey" PRIMARY KEY ("companyId","userId","itemKey")
);

-- CreateTable
CREATE TABLE "CommentMention" (
    "companyId" UUID NOT NULL,
    "commentId" UUID NOT NULL,
    "issueId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CommentMention_pkey" PRIMARY KEY ("companyId","commentId","userId")
);

-- CreateTable
CREATE TABLE "BoardInvite" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "role" "MembershipRole" NOT NULL,
    "email" TEXT,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "acceptedAt" TIMESTAMPTZ(3),
    "acceptedByUserId" UUID,
    "revokedAt" TIMESTAMPTZ(3),
    "createdByUserId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BoardInvite_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IssueAttachment" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "issueId" UUID NOT NULL,
    "commentId" UUID,
    "assetId" UUID NOT NULL,
    "createdByUserId" UUID,
    "createdByAgentId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IssueAttachment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BoardSession" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "revokedAt" TIMESTAMPTZ(3),

    CONSTRAINT "BoardSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rate_limits" (
    "key" VARCHAR(255) NOT NULL,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT,

    CONSTRAINT "rate_limits_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "CommentMention_companyId_userId_createdAt_idx" ON "CommentMention"("companyId", "userId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "BoardInvite_tokenHash_key" ON "BoardInvite"("tokenHash");

-- CreateIndex
CREATE INDEX "BoardInvite_companyId_createdAt_idx" ON "BoardInvite"("companyId", "createdAt");

-- CreateIndex
CREATE INDEX "IssueAttachment_companyId_issueId_createdAt_idx" ON "IssueAttachment"("companyId", "issueId", "createdAt");

-- CreateIndex
CREATE INDEX "IssueAttachment_companyId_commentId_idx" ON "IssueAttachment"("companyId", "commentId");

-- CreateIndex
CREATE INDEX "BoardSession_userId_idx" ON "BoardSession"("userId");
