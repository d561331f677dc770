-- DropIndex
DROP INDEX "IssueCost_companyId_costCents_idx";

-- CreateIndex
CREATE INDEX "IssueCost_companyId_costCents_issueId_idx" ON "IssueCost"("companyId", "costCents" DESC, "issueId");
