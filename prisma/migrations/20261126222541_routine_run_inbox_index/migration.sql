-- CreateIndex
CREATE INDEX "RoutineRun_companyId_status_reason_updatedAt_idx" ON "RoutineRun"("companyId", "status", "reason", "updatedAt");
