// What a wake already knows, loaded once at the start of its run (one statement, every part scoped
// to the run's company): the issue with its parent's title, the comment that mentioned the agent
// with its author, the decided approval with its linked issues, the answered question, and the wake's source (why a timer
// or the board woke it). The prompt, the http payload and nothing else read it.
import { sql } from "@/lib/db/client";
import type { ClaimedRun } from "@/lib/runtime/queue";
import { isUuid } from "@/lib/schemas/common";

export interface WakeContext {
  /** the wake's source: "timer every 3600s", "run now: <note>", "test"… */
  source: string | null;
  issue: {
    id: string; identifier: string; title: string; status: string; priority: string; description: string;
    parent: { identifier: string; title: string } | null;
  } | null;
  comment: { id: string; body: string; authorKind: "agent" | "user" | "system"; authorName: string | null } | null;
  approval: {
    id: string; type: string; status: string; decisionNote: string | null;
    issues: { identifier: string; title: string }[];
  } | null;
  /** the question a question_answered wake answers, with its options' labels */
  question?: { id: string; prompt: string; options: { id: string; label: string }[] } | null;
}

const contextSql = `
  SELECT
    (SELECT w.source FROM "WakeRequest" w WHERE w."companyId" = $1::uuid AND w.id = $2::uuid) AS source,
    (SELECT json_build_object('id', i.id, 'identifier', i.identifier, 'title', i.title, 'status', i.status, 'priority', i.priority,
              'description', i.description,
              'parent', (SELECT json_build_object('identifier', p.identifier, 'title', p.title) FROM "Issue" p
                          WHERE p."companyId" = i."companyId" AND p.id = i."parentId"))
       FROM "Issue" i WHERE i."companyId" = $1::uuid AND i.id = $3::uuid) AS issue,
    (SELECT json_build_object('id', c.id, 'body', c.body,
              'authorKind', CASE WHEN c."authorAgentId" IS NOT NULL THEN 'agent' WHEN c."authorUserId" IS NOT NULL THEN 'user' ELSE 'system' END,
              'authorName', coalesce((SELECT a.name FROM "Agent" a WHERE a."companyId" = c."companyId" AND a.id = c."authorAgentId"),
                                     (SELECT u.name FROM "User" u WHERE u.id = c."authorUserId")))
       FROM "IssueComment" c WHERE c."companyId" = $1::uuid AND c.id = $4::uuid) AS comment,
    (SELECT json_build_object('id', ap.id, 'type', ap.type, 'status', ap.status, 'decisionNote', ap."decisionNote",
              'issues', coalesce((SELECT json_agg(json_build_object('identifier', li.identifier, 'title', li.title) ORDER BY li.number)
                                    FROM "IssueApproval" ia JOIN "Issue" li ON li."companyId" = ia."companyId" AND li.id = ia."issueId"
                                   WHERE ia."companyId" = ap."companyId" AND ia."approvalId" = ap.id), '[]'::json))
       FROM "Approval" ap WHERE ap."companyId" = $1::uuid AND ap.id = $5::uuid) AS approval,
    (SELECT json_build_object('id', q.id, 'prompt', q.prompt, 'options', q.options)
       FROM "Question" q WHERE q."companyId" = $1::uuid AND q.id = $6::uuid) AS question`;

export async function loadWakeContext(run: ClaimedRun): Promise<WakeContext> {
  const questionId = run.reason === "question_answered" && typeof run.payload.questionId === "string" && isUuid(run.payload.questionId) ? run.payload.questionId : null;
  const { rows } = await sql().query<WakeContext>(contextSql, [run.companyId, run.wakeId, run.issueId, run.commentId, run.approvalId, questionId]);
  const r = rows[0];
  return { source: r?.source || null, issue: r?.issue ?? null, comment: r?.comment ?? null, approval: r?.approval ?? null, question: r?.question ?? null };
}
