// A blocked issue is moving while it waits for blockers still open, or says why in a comment. It is
// stalled once every blocker is done or cancelled (nobody told it), or when it has neither a blocker
// nor a comment written since it became blocked (after a grace, $4, to write one).
import { assigneeFacts, type RuleSql } from "@/lib/services/liveness/rules/common";

const blockerFinished = `
  SELECT s.id, 'blocker_finished' AS reason, b.since,
         jsonb_build_object(${assigneeFacts}, 'blockerIssueIds', b.ids, 'blockerIdentifiers', b.identifiers) AS facts
    FROM s
    CROSS JOIN LATERAL (
      SELECT count(*) AS n, count(*) FILTER (WHERE bi.status NOT IN ('done', 'cancelled')) AS open,
             array_agg(bi.id ORDER BY bi.number) AS ids, array_agg(bi.identifier ORDER BY bi.number) AS identifiers,
             max(COALESCE(bi."completedAt", bi."cancelledAt", bi."updatedAt")) AS since
        FROM "IssueBlocker" ib JOIN "Issue" bi ON bi.id = ib."blockerIssueId" AND bi."companyId" = ib."companyId"
       WHERE ib."issueId" = s.id) b
   WHERE s.status = 'blocked' AND b.n > 0 AND b.open = 0`;

// When it became blocked: its latest move to blocked in the activity log, else its last change
// (an issue created blocked).
const blockedWithoutReason = `
  SELECT s.id, 'blocked_without_reason' AS reason, bb.at AS since, jsonb_build_object(${assigneeFacts}) AS facts
    FROM s
    CROSS JOIN LATERAL (
      SELECT COALESCE((SELECT l."createdAt" FROM "ActivityLog" l
                        WHERE l."companyId" = $1::uuid AND l."entityType" = 'issue' AND l."entityId" = s.id::text AND l.details->>'to' = 'blocked'
                        ORDER BY l.id DESC LIMIT 1), s."updatedAt") AS at
      -- OFFSET 0 keeps the lookup a row of its own, looked up once, not once per use of bb.at
      OFFSET 0) bb
   WHERE s.status = 'blocked' AND NOT EXISTS (SELECT 1 FROM "IssueBlocker" ib WHERE ib."issueId" = s.id)
     AND (s."lastCommentAt" IS NULL OR s."lastCommentAt" < bb.at)
     AND bb.at < $2::timestamptz - make_interval(secs => $4::int)`;

export const blockedRules: RuleSql[] = [blockerFinished, blockedWithoutReason];
