// The tenancy rows of tenancy-work.test.ts: each endpoint another company's caller must get 404 from, with
// nothing changed. Kept apart from the test so that tenancy-coverage.test.ts can read them.
import type { World } from "../tenancy-work.test";

export interface Case {
  name: string;
  method: "GET" | "POST" | "PATCH" | "DELETE";
  path: (w: World) => string;
  body?: (w: World) => unknown;
}

export const c = (w: World) => w.victim.company;
export const ws = (w: World) => `/api/projects/${w.refs.projectId}/workspaces`;

export const cases: Case[] = [
  { name: "GET company goals", method: "GET", path: (w) => `/api/companies/${c(w).id}/goals` },
  { name: "GET company goals by prefix", method: "GET", path: (w) => `/api/companies/${c(w).issuePrefix}/goals` },
  { name: "POST company goals", method: "POST", path: (w) => `/api/companies/${c(w).id}/goals`, body: () => ({ title: "Planted" }) },
  { name: "GET goal", method: "GET", path: (w) => `/api/goals/${w.refs.goalId}` },
  { name: "PATCH goal", method: "PATCH", path: (w) => `/api/goals/${w.refs.goalId}`, body: () => ({ status: "cancelled" }) },
  { name: "GET company projects", method: "GET", path: (w) => `/api/companies/${c(w).id}/projects` },
  { name: "POST company projects", method: "POST", path: (w) => `/api/companies/${c(w).id}/projects`, body: () => ({ name: "Planted" }) },
  { name: "GET project", method: "GET", path: (w) => `/api/projects/${w.refs.projectId}` },
  { name: "PATCH project", method: "PATCH", path: (w) => `/api/projects/${w.refs.projectId}`, body: () => ({ name: "Hijacked", goalIds: [] }) },
  { name: "GET workspaces", method: "GET", path: ws },
  { name: "POST workspaces", method: "POST", path: ws, body: () => ({ cwd: "/evil", isPrimary: true }) },
  { name: "PATCH workspace", method: "PATCH", path: (w) => `${ws(w)}/${w.refs.spareId}`, body: () => ({ isPrimary: true, cwd: "/evil" }) },
  { name: "DELETE workspace", method: "DELETE", path: (w) => `${ws(w)}/${w.refs.workspaceId}` },
  { name: "GET company execution-workspaces", method: "GET", path: (w) => `/api/companies/${c(w).id}/execution-workspaces` },
  { name: "GET execution workspace", method: "GET", path: (w) => `/api/execution-workspaces/${w.refs.executionWorkspaceId}` },
  { name: "DELETE execution workspace", method: "DELETE", path: (w) => `/api/execution-workspaces/${w.refs.executionWorkspaceId}?force=true` },
  { name: "GET company labels", method: "GET", path: (w) => `/api/companies/${c(w).id}/labels` },
  { name: "POST company labels", method: "POST", path: (w) => `/api/companies/${c(w).id}/labels`, body: () => ({ name: "planted" }) },
  { name: "GET label", method: "GET", path: (w) => `/api/labels/${w.refs.labelId}` },
  { name: "PATCH label", method: "PATCH", path: (w) => `/api/labels/${w.refs.labelId}`, body: () => ({ name: "hijacked" }) },
  { name: "DELETE label", method: "DELETE", path: (w) => `/api/labels/${w.refs.labelId}` },
];
