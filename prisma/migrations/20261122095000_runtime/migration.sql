-- CreateIndex
CREATE INDEX "HeartbeatRun_companyId_createdAt_idx" ON "HeartbeatRun"("companyId", "createdAt");

-- Runs in flight per agent: the worker's claim counts them for every candidate wake.
CREATE INDEX "HeartbeatRun_active_agent_idx" ON "HeartbeatRun" ("agentId") WHERE status IN ('queued', 'running');

-- Live events (DESIGN §2, §8): every mutation writes an activity row in its own transaction, so a
-- trigger on that table announces each change exactly when it commits (NOTIFY is transactional),
-- whichever code path wrote it (Prisma or hand-written SQL). Payloads stay small: the SSE hub of
-- every app instance fans them out to the browsers of that company, which re-read what changed.
-- (The body is an E'' string with \073 for its semicolons: the driver adapter that applies
-- migrations splits scripts at every literal semicolon, dollar quotes included.)
CREATE FUNCTION charter_activity_notify() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN PERFORM pg_notify(''charter_events'', json_build_object(''companyId'', NEW."companyId", ''entityType'', NEW."entityType", ''entityId'', NEW."entityId", ''action'', NEW.action, ''activityId'', NEW.id)::text)\073 RETURN NULL\073 END';

CREATE TRIGGER "ActivityLog_notify" AFTER INSERT ON "ActivityLog" FOR EACH ROW EXECUTE FUNCTION charter_activity_notify();
