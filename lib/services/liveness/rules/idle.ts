// An agent's issue with nothing in flight (no run queued or running, no wake waiting): checked out or
// in progress and idle past the company's staleCheckoutSec (the checkout outlived its run), or todo
// and idle past the grace ($4) (the wake that should have run it was lost, or its run ended without
// touching it). Idle is measured from the latest sign of life (lastSignSql).
import { assigneeFacts, idleSql, lastSignSql, type RuleSql } from "@/lib/services/liveness/rules/common";

const staleCheckout = `
  SELECT s.id, 'stale_checkout' AS reason, ${lastSignSql} AS since,
         jsonb_build_object(${assigneeFacts}, 'runId', COALESCE(s."checkoutRunId", s."runId"), 'limitSec', co."staleCheckoutSec") AS facts
    FROM s, co
   WHERE s.aid IS NOT NULL AND (s.status = 'in_progress' OR (s.status = 'todo' AND s."checkoutRunId" IS NOT NULL)) AND ${idleSql}
     AND ${lastSignSql} < $2::timestamptz - make_interval(secs => co."staleCheckoutSec")`;

const wakeLost = `
  SELECT s.id, 'wake_lost' AS reason, ${lastSignSql} AS since, jsonb_build_object(${assigneeFacts}, 'runId', s."runId") AS facts
    FROM s
   WHERE s.aid IS NOT NULL AND s.status = 'todo' AND ${idleSql}
     AND ${lastSignSql} < $2::timestamptz - make_interval(secs => $4::int)`;

export const idleRules: RuleSql[] = [staleCheckout, wakeLost];
