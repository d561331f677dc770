-- CreateTable
CREATE TABLE "IssueStatusCount" (
    "id" BIGSERIAL NOT NULL,
    "companyId" UUID NOT NULL,
    "status" "IssueStatus" NOT NULL,
    "n" INTEGER NOT NULL,

    CONSTRAINT "IssueStatusCount_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "IssueStatusCount_companyId_idx" ON "IssueStatusCount"("companyId");

-- The kanban's column totals and the dashboard's task counts were a count of every issue of the
-- company on every request (740 ms of CPU at 1,000,000 issues). They become the sum of a few rows
-- here: every write of Issue appends its signed delta per company and status in the writing
-- transaction (so the counts commit, roll back and survive a crash with the issues themselves, on
-- every app instance), and a count read folds a company's deltas into one row per status once they
-- pile up (lib/services/issues/counts.ts). Appending takes no lock another writer waits for; one
-- counter row per status would serialise concurrent moves and could deadlock two opposite moves.

-- Inserts and deletes: one row per company and status per statement (a bulk insert adds a handful).
CREATE FUNCTION charter_issue_count_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "IssueStatusCount" ("companyId", status, n) SELECT "companyId", status, count(*) FROM added GROUP BY 1, 2;
  RETURN NULL;
END $$;

CREATE FUNCTION charter_issue_count_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "IssueStatusCount" ("companyId", status, n) SELECT "companyId", status, -count(*) FROM removed GROUP BY 1, 2;
  RETURN NULL;
END $$;

-- A status change: out of the old column, into the new. Only updates that change the status (or the
-- company) call it; every other update of an issue pays nothing.
CREATE FUNCTION charter_issue_count_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "IssueStatusCount" ("companyId", status, n) VALUES (OLD."companyId", OLD.status, -1), (NEW."companyId", NEW.status, 1);
  RETURN NULL;
END $$;

CREATE TRIGGER "Issue_count_added" AFTER INSERT ON "Issue" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION charter_issue_count_added();
CREATE TRIGGER "Issue_count_removed" AFTER DELETE ON "Issue" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION charter_issue_count_removed();
CREATE TRIGGER "Issue_count_moved" AFTER UPDATE OF status, "companyId" ON "Issue" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD."companyId" IS DISTINCT FROM NEW."companyId")
  EXECUTE FUNCTION charter_issue_count_moved();

-- The issues already there. CREATE TRIGGER holds a lock that keeps writers of Issue out until this
-- migration commits, so no write falls between this count and the triggers.
INSERT INTO "IssueStatusCount" ("companyId", status, n) SELECT "companyId", status, count(*) FROM "Issue" GROUP BY 1, 2;
