-- DropIndex
DROP INDEX "Issue_companyId_status_priority_updatedAt_idx";

-- DropIndex
DROP INDEX "Issue_companyId_priority_updatedAt_idx";

-- CreateIndex
CREATE INDEX "Issue_companyId_status_priority_updatedAt_id_idx" ON "Issue"("companyId", "status", "priority", "updatedAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Issue_companyId_priority_updatedAt_id_idx" ON "Issue"("companyId", "priority", "updatedAt" DESC, "id" DESC);
