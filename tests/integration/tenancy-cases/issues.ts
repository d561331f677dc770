// The tenancy rows of tenancy-issues.test.ts: each endpoint another company's caller must get 404 from, with
// nothing changed. Kept apart from the test so that tenancy-coverage.test.ts can read them.
import type { Caller, World } from "../tenancy-issues.test";

export interface Case {
  name: string;
  method: "GET" | "POST" | "PATCH" | "DELETE";
  path: (w: World) => string;
  body?: (w: World, caller: Caller) => unknown;
  /** a multipart upload of an image instead of a JSON body */
  upload?: boolean;
}

export const v = (w: World) => w.victim;

export const cases: Case[] = [
  { name: "GET company issues", method: "GET", path: (w) => `/api/companies/${v(w).company.id}/issues` },
  { name: "GET company issues by prefix", method: "GET", path: (w) => `/api/companies/${v(w).company.issuePrefix}/issues?q=Victim` },
  { name: "GET company issue counts", method: "GET", path: (w) => `/api/companies/${v(w).company.id}/issues/counts?q=Victim` },
  { name: "GET company stalled issues", method: "GET", path: (w) => `/api/companies/${v(w).company.id}/stalled` },
  { name: "GET company stalled issues by prefix", method: "GET", path: (w) => `/api/companies/${v(w).company.issuePrefix}/stalled?reason=agent_paused` },
  { name: "GET company issue counts by prefix", method: "GET", path: (w) => `/api/companies/${v(w).company.issuePrefix}/issues/counts` },
  { name: "POST company issues", method: "POST", path: (w) => `/api/companies/${v(w).company.id}/issues`, body: (w) => ({ title: "Planted", assigneeAgentId: v(w).engineer.id }) },
  { name: "GET issue by id", method: "GET", path: (w) => `/api/issues/${w.refs.issueId}` },
  { name: "GET issue by identifier", method: "GET", path: (w) => `/api/issues/${w.refs.identifier}` },
  {
    name: "PATCH issue", method: "PATCH", path: (w) => `/api/issues/${w.refs.issueId}`,
    body: (w) => ({ title: "Hijacked", status: "cancelled", comment: `@${v(w).ceo.name} gotcha` }),
  },
  { name: "PATCH issue by identifier", method: "PATCH", path: (w) => `/api/issues/${w.refs.identifier}`, body: () => ({ priority: "critical" }) },
  { name: "POST checkout as the caller", method: "POST", path: (w) => `/api/issues/${w.refs.freeId}/checkout`, body: (w, c) => ({ agentId: c.self(w), expectedStatuses: ["todo"] }) },
  { name: "POST checkout as the victim's agent", method: "POST", path: (w) => `/api/issues/${w.refs.freeId}/checkout`, body: (w) => ({ agentId: v(w).manager.id, expectedStatuses: ["todo"] }) },
  { name: "POST release", method: "POST", path: (w) => `/api/issues/${w.refs.issueId}/release` },
  { name: "GET issue questions", method: "GET", path: (w) => `/api/issues/${w.refs.issueId}/questions` },
  { name: "GET company questions", method: "GET", path: (w) => `/api/companies/${v(w).company.id}/questions?status=open` },
  {
    name: "POST issue questions", method: "POST", path: (w) => `/api/issues/${w.refs.issueId}/questions`,
    body: () => ({ prompt: "Planted?", options: [{ id: "a", label: "A", effect: { kind: "cancel" } }] }),
  },
  { name: "POST answer question", method: "POST", path: (w) => `/api/questions/${w.refs.questionId}/answer`, body: () => ({ optionId: "yes" }) },
  { name: "POST decline question", method: "POST", path: (w) => `/api/questions/${w.refs.questionId}/decline`, body: () => ({ reason: "no" }) },
  { name: "POST cancel question", method: "POST", path: (w) => `/api/questions/${w.refs.questionId}/cancel` },
  { name: "GET comments", method: "GET", path: (w) => `/api/issues/${w.refs.issueId}/comments` },
  { name: "POST comments", method: "POST", path: (w) => `/api/issues/${w.refs.issueId}/comments`, body: (w) => ({ body: `@${v(w).ceo.name} planted` }) },
  { name: "GET one comment", method: "GET", path: (w) => `/api/issues/${w.refs.issueId}/comments/${w.refs.commentId}` },
  { name: "GET attachments", method: "GET", path: (w) => `/api/issues/${w.refs.issueId}/attachments` },
  { name: "POST attachments", method: "POST", path: (w) => `/api/issues/${w.refs.issueId}/attachments`, upload: true },
  { name: "DELETE attachment", method: "DELETE", path: (w) => `/api/issues/${w.refs.issueId}/attachments/${w.refs.attachmentId}` },
  { name: "GET work products", method: "GET", path: (w) => `/api/issues/${w.refs.issueId}/work-products` },
  { name: "POST work products", method: "POST", path: (w) => `/api/issues/${w.refs.identifier}/work-products`, body: () => ({ kind: "pull_request", title: "Planted", url: "https://example.test/pr/1" }) },
  { name: "PATCH work product", method: "PATCH", path: (w) => `/api/work-products/${w.refs.workProductId}`, body: () => ({ status: "merged", title: "Hijacked" }) },
  { name: "GET verifications", method: "GET", path: (w) => `/api/issues/${w.refs.issueId}/verifications` },
  { name: "POST verifications", method: "POST", path: (w) => `/api/issues/${w.refs.issueId}/verifications`, body: () => ({}) },
  { name: "GET verification log", method: "GET", path: (w) => `/api/verifications/${w.refs.verificationId}/log` },
  { name: "POST review", method: "POST", path: (w) => `/api/issues/${w.refs.identifier}/review`, body: () => ({ verdict: "approve", comment: "planted" }) },
  { name: "GET wakeups", method: "GET", path: (w) => `/api/agents/${v(w).manager.id}/wakeups` },
  { name: "GET wakeups by urlKey", method: "GET", path: (w) => `/api/agents/${v(w).engineer.urlKey}/wakeups` },
];
