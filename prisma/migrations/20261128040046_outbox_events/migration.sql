-- CreateTable
CREATE TABLE "Event" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "occurredAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "subjectType" TEXT NOT NULL,
    "subjectId" TEXT NOT NULL,
    "actorType" "ActorType" NOT NULL,
    "actorId" TEXT,
    "data" JSONB NOT NULL DEFAULT '{}',
    "dispatchedAt" TIMESTAMPTZ(3),

    CONSTRAINT "Event_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Event_companyId_id_idx" ON "Event"("companyId", "id" DESC);

-- The relay's claim: the undispatched events in id order, and only those (dispatched ones are the bulk).
CREATE INDEX "Event_undispatched_idx" ON "Event" ("id") WHERE "dispatchedAt" IS NULL;

-- The relay wakes on NOTIFY charter_outbox, raised when the event's transaction commits (NOTIFY is
-- transactional), whichever code path wrote it. The payload is empty: the relay reads the table.
-- (An E'' string with \073 for its semicolons, as in the runtime migration: the driver adapter that
-- applies migrations splits scripts at every literal semicolon.)
CREATE FUNCTION charter_outbox_notify() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN PERFORM pg_notify(''charter_outbox'', '''')\073 RETURN NULL\073 END';

CREATE TRIGGER "Event_notify" AFTER INSERT ON "Event" FOR EACH STATEMENT EXECUTE FUNCTION charter_outbox_notify();
