// Waiting on the board: a pending approval linked to the issue, or an open question on it. Younger
// than the company's waitLimitSec the issue is waiting as it should ('waiting' hides the idle rules
// ranked after it); older, it is stalled. And an issue in review with nobody able to review it: the
// project's reviewer agent cannot run (or is gone), or the board reviews and the company has no
// board member allowed to (owner, admin or member; viewers cannot write).
// Approvals and questions are read from their own side: the pending and open ones are few, open issues many.
import { assigneeFacts, type RuleSql } from "@/lib/services/liveness/rules/common";

const waitReason = (reason: string) => `CASE WHEN w.at < $2::timestamptz - make_interval(secs => co."waitLimitSec") THEN '${reason}' ELSE 'waiting' END`;

const approvals = `
  SELECT s.id, ${waitReason("waiting_on_approval")} AS reason, w.at AS since, jsonb_build_object(${assigneeFacts}, 'approvalId', w.id) AS facts
    FROM co, (
      SELECT DISTINCT ON (ia."issueId") ia."issueId", ap.id, ap."createdAt" AS at FROM "Approval" ap
        JOIN "IssueApproval" ia ON ia."companyId" = ap."companyId" AND ia."approvalId" = ap.id
       WHERE ap."companyId" = $1::uuid AND ap.status = 'pending'
       ORDER BY ia."issueId", ap."createdAt", ap.id) w
    JOIN s ON s.id = w."issueId"`;

const questions = `
  SELECT s.id, ${waitReason("waiting_on_question")} AS reason, w.at AS since, jsonb_build_object(${assigneeFacts}, 'questionId', w.id) AS facts
    FROM co, (
      SELECT DISTINCT ON (q."issueId") q."issueId", q.id, q."createdAt" AS at FROM "Question" q
       WHERE q."companyId" = $1::uuid AND q.status = 'open'
       ORDER BY q."issueId", q."createdAt", q.id) w
    JOIN s ON s.id = w."issueId"`;

const noReviewer = `
  SELECT s.id, 'no_reviewer' AS reason, s."updatedAt" AS since,
         CASE WHEN p.review->>'kind' = 'agent' THEN jsonb_build_object('agentId', p.review->>'agentId', 'agentName', ra.name) ELSE '{}'::jsonb END AS facts
    FROM s
    LEFT JOIN "Project" p ON p.id = s."projectId" AND p."companyId" = $1::uuid
    LEFT JOIN ag ra ON ra.id::text = p.review->>'agentId'
   WHERE s.status = 'in_review'
     AND CASE WHEN p.review->>'kind' = 'agent' THEN ra.id IS NULL OR ra.status IN ('terminated', 'paused', 'pending_approval')
              ELSE NOT EXISTS (SELECT 1 FROM "Membership" m WHERE m."companyId" = $1::uuid AND m.role IN ('owner', 'admin', 'member')) END`;

export const waitRules: RuleSql[] = [approvals, questions, noReviewer];
