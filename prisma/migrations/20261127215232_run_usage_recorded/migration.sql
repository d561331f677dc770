-- AlterTable
ALTER TABLE "HeartbeatRun" ADD COLUMN     "usageRecordedAt" TIMESTAMPTZ(3);
