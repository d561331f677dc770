// The tenancy rows of tenancy-governance.test.ts: each endpoint another company's caller must get 404 from, with
// nothing changed. Kept apart from the test so that tenancy-coverage.test.ts can read them.
import type { World } from "../tenancy-governance.test";

export interface Case {
  name: string;
  method: "GET" | "POST" | "DELETE";
  path: (w: World) => string;
  body?: (w: World) => unknown;
}

export const c = (w: World) => w.victim.company;

export const cases: Case[] = [
  { name: "POST cost-events", method: "POST", path: (w) => `/api/companies/${c(w).id}/cost-events`, body: (w) => ({ agentId: w.victim.engineer.id, provider: "p", model: "m", costCents: 1 }) },
  { name: "GET cost-events", method: "GET", path: (w) => `/api/companies/${c(w).id}/cost-events` },
  { name: "GET costs summary", method: "GET", path: (w) => `/api/companies/${c(w).id}/costs/summary` },
  { name: "GET costs summary by prefix", method: "GET", path: (w) => `/api/companies/${c(w).issuePrefix}/costs/summary` },
  { name: "GET costs by agent", method: "GET", path: (w) => `/api/companies/${c(w).id}/costs/by-agent` },
  { name: "GET costs by project", method: "GET", path: (w) => `/api/companies/${c(w).id}/costs/by-project` },
  { name: "GET costs by model", method: "GET", path: (w) => `/api/companies/${c(w).id}/costs/by-model` },
  { name: "GET costs by issue", method: "GET", path: (w) => `/api/companies/${c(w).id}/costs/by-issue` },
  { name: "GET dashboard", method: "GET", path: (w) => `/api/companies/${c(w).id}/dashboard` },
  { name: "POST invite prompt", method: "POST", path: (w) => `/api/companies/${c(w).id}/gateway/invite-prompt`, body: () => ({}) },
  { name: "GET board invites", method: "GET", path: (w) => `/api/companies/${c(w).id}/board-invites` },
  { name: "POST board invites", method: "POST", path: (w) => `/api/companies/${c(w).id}/board-invites`, body: () => ({ role: "owner" }) },
  { name: "DELETE board invite", method: "DELETE", path: (w) => `/api/companies/${c(w).id}/board-invites/${w.refs.inviteId}` },
  { name: "GET company approvals", method: "GET", path: (w) => `/api/companies/${c(w).id}/approvals?status=pending` },
  { name: "POST company approvals", method: "POST", path: (w) => `/api/companies/${c(w).id}/approvals`, body: (w) => ({ type: "approve_ceo_strategy", requestedByAgentId: w.victim.ceo.id, payload: { plan: "planted" } }) },
  { name: "POST agent-hires", method: "POST", path: (w) => `/api/companies/${c(w).id}/agent-hires`, body: () => ({ name: "Planted", role: "engineer" }) },
  { name: "GET approval", method: "GET", path: (w) => `/api/approvals/${w.refs.strategy}` },
  { name: "GET approval issues", method: "GET", path: (w) => `/api/approvals/${w.refs.strategy}/issues` },
  { name: "GET approval comments", method: "GET", path: (w) => `/api/approvals/${w.refs.strategy}/comments` },
  { name: "POST approval comments", method: "POST", path: (w) => `/api/approvals/${w.refs.strategy}/comments`, body: () => ({ body: "planted" }) },
  { name: "POST approve", method: "POST", path: (w) => `/api/approvals/${w.refs.hireA}/approve`, body: () => ({}) },
  { name: "POST reject", method: "POST", path: (w) => `/api/approvals/${w.refs.strategy}/reject`, body: () => ({}) },
  { name: "POST request-revision", method: "POST", path: (w) => `/api/approvals/${w.refs.strategy}/request-revision`, body: () => ({}) },
  { name: "POST resubmit", method: "POST", path: (w) => `/api/approvals/${w.refs.hireB}/resubmit`, body: () => ({}) },
  { name: "GET issue approvals", method: "GET", path: (w) => `/api/issues/${w.refs.issueId}/approvals` },
  { name: "POST issue approvals", method: "POST", path: (w) => `/api/issues/${w.refs.issueId}/approvals`, body: (w) => ({ approvalId: w.refs.hireA }) },
  { name: "DELETE issue approval", method: "DELETE", path: (w) => `/api/issues/${w.refs.issueId}/approvals/${w.refs.strategy}` },
];
