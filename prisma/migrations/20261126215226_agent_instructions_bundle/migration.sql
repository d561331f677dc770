-- CreateTable
CREATE TABLE "AgentInstructionsFile" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "agentId" UUID NOT NULL,
    "path" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "AgentInstructionsFile_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "AgentInstructionsFile_companyId_agentId_path_key" ON "AgentInstructionsFile"("companyId", "agentId", "path");

-- AddForeignKey
ALTER TABLE "AgentInstructionsFile" ADD CONSTRAINT "AgentInstructionsFile_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;
