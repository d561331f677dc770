// Waiting on the board: a pending approval linked to the issue, or an open question on it. Younger
// than the company's waitLimitSec the issue is waiting as it should ('waiting' hides the idle rules
// ranked after it); older, it is stalled. And an issue in review with nobody able to review it: the
// project's reviewer agent cannot run (or is gone), or the board reviews and the company has no
// board member allowed to (owner, admin or member; viewers cannot write).
import { assigneeFacts, type RuleSql } from "@/lib/services/liveness/rules/common";

const waitReason = (reason: string) => `CASE WHEN w.at < $2::timestamptz - make_interval(secs => co."waitLimitSec") THEN '${reason}' ELSE 'waiting' END`;

const approvals = `
  SELECT s.id, ${waitReason("waiting_on_approval")} AS reason, w.at AS since, jsonb_build_object(${assigneeFacts}, 'approvalId', w.id) AS facts
    FROM s, co
    CROSS JOIN LATERAL (
      SELECT ap.id, ap."createdAt" AS at FROM "IssueApproval" ia
        JOIN "Approval" ap ON ap.id = ia."approvalId" AND ap."companyId" = ia."companyId"
       WHERE ia."companyId" = $1::uuid AND ia."issueId" = s.id AND ap.status = 'pending'
       ORDER BY ap."createdAt", ap.id LIMIT 1) w`;

const questions = `
  SELECT s.id, ${waitReason("waiting_on_question")} AS reason, w.at AS since, jsonb_build_object(${assigneeFacts}, 'questionId', w.id) AS facts
    FROM s, co
    CROSS JOIN LATERAL (
      SELECT q.id, q."createdAt" AS at FROM "Question" q
       WHERE q."companyId" = $1::uuid AND q."issueId" = s.id AND q.status = 'open'
       ORDER BY q."createdAt", q.id LIMIT 1) w`;

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
