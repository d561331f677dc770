-- CreateTable
CREATE TABLE "NotificationCompanyPreference" (
    "userId" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "enabled" BOOLEAN NOT NULL,
    "mode" "EmailMode" NOT NULL,
    "eventTypes" TEXT[],
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "NotificationCompanyPreference_pkey" PRIMARY KEY ("userId","companyId")
);

-- CreateIndex
CREATE INDEX "NotificationCompanyPreference_companyId_idx" ON "NotificationCompanyPreference"("companyId");

-- AddForeignKey
ALTER TABLE "NotificationCompanyPreference" ADD CONSTRAINT "NotificationCompanyPreference_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NotificationCompanyPreference" ADD CONSTRAINT "NotificationCompanyPreference_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
