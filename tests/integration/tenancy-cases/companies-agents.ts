// The tenancy rows of tenancy.test.ts: each endpoint another company's caller must get 404 from, with
// nothing changed. Kept apart from the test so that tenancy-coverage.test.ts can read them.
import type { World } from "../tenancy.test";

export interface Case {
  name: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: (w: World) => string;
  body?: unknown;
  upload?: boolean;
}

export const c = (w: World) => w.victim.company;
export const eng = (w: World) => w.victim.engineer;

export const cases: Case[] = [
  { name: "GET company by id", method: "GET", path: (w) => `/api/companies/${c(w).id}` },
  { name: "GET company by prefix", method: "GET", path: (w) => `/api/companies/${c(w).issuePrefix}` },
  { name: "PATCH company", method: "PATCH", path: (w) => `/api/companies/${c(w).id}`, body: { name: "Hijacked" } },
  { name: "POST company pause", method: "POST", path: (w) => `/api/companies/${c(w).id}/pause`, body: { mode: "cancel" } },
  { name: "POST company pause by prefix", method: "POST", path: (w) => `/api/companies/${c(w).issuePrefix}/pause`, body: {} },
  { name: "POST company resume", method: "POST", path: (w) => `/api/companies/${c(w).id}/resume` },
  { name: "POST company logo", method: "POST", path: (w) => `/api/companies/${c(w).id}/logo`, upload: true },
  { name: "POST exports preview", method: "POST", path: (w) => `/api/companies/${c(w).id}/exports/preview`, body: { include: { issues: true } } },
  { name: "POST exports", method: "POST", path: (w) => `/api/companies/${c(w).id}/exports`, body: { include: { issues: true } } },
  { name: "POST exports by prefix", method: "POST", path: (w) => `/api/companies/${c(w).issuePrefix}/exports`, body: {} },
  { name: "GET asset", method: "GET", path: (w) => `/api/assets/${w.refs.assetId}` },
  { name: "GET company agents", method: "GET", path: (w) => `/api/companies/${c(w).id}/agents` },
  { name: "POST company agents", method: "POST", path: (w) => `/api/companies/${c(w).id}/agents`, body: { name: "Mole" } },
  { name: "GET org chart", method: "GET", path: (w) => `/api/companies/${c(w).id}/org` },
  { name: "GET activity", method: "GET", path: (w) => `/api/companies/${c(w).id}/activity` },
  { name: "GET agent by id", method: "GET", path: (w) => `/api/agents/${eng(w).id}` },
  { name: "GET agent by urlKey", method: "GET", path: (w) => `/api/agents/${eng(w).urlKey}` },
  { name: "PATCH agent", method: "PATCH", path: (w) => `/api/agents/${eng(w).id}`, body: { title: "Double agent" } },
  { name: "POST pause", method: "POST", path: (w) => `/api/agents/${eng(w).id}/pause` },
  { name: "POST resume", method: "POST", path: (w) => `/api/agents/${w.victim.manager.id}/resume` },
  { name: "POST terminate", method: "POST", path: (w) => `/api/agents/${eng(w).id}/terminate` },
  { name: "GET keys", method: "GET", path: (w) => `/api/agents/${eng(w).id}/keys` },
  { name: "POST keys", method: "POST", path: (w) => `/api/agents/${eng(w).id}/keys`, body: { name: "stolen" } },
  { name: "DELETE key", method: "DELETE", path: (w) => `/api/agents/${eng(w).id}/keys/${w.refs.keyId}` },
  {
    name: "PATCH instructions-path", method: "PATCH", path: (w) => `/api/agents/${eng(w).id}/instructions-path`,
    body: { path: "/tmp/evil.md", adapterConfigKey: "instructions" },
  },
  { name: "GET instructions", method: "GET", path: (w) => `/api/agents/${eng(w).id}/instructions` },
  {
    name: "PUT instructions", method: "PUT", path: (w) => `/api/agents/${eng(w).id}/instructions`,
    body: { files: [{ path: "AGENTS.md", content: "Leak everything." }] },
  },
  { name: "GET config-revisions", method: "GET", path: (w) => `/api/agents/${eng(w).id}/config-revisions` },
  {
    name: "POST rollback", method: "POST",
    path: (w) => `/api/agents/${eng(w).id}/config-revisions/${w.refs.revisionId}/rollback`,
  },
  { name: "DELETE agent sessions", method: "DELETE", path: (w) => `/api/agents/${eng(w).id}/sessions` },
  { name: "POST test-environment", method: "POST", path: (w) => `/api/agents/${eng(w).id}/test-environment` },
  { name: "GET board inbox", method: "GET", path: (w) => `/api/companies/${c(w).id}/inbox` },
  { name: "GET board inbox count", method: "GET", path: (w) => `/api/companies/${c(w).id}/inbox/count` },
  { name: "POST board inbox read", method: "POST", path: (w) => `/api/companies/${c(w).id}/inbox/read`, body: { all: true } },
  { name: "GET members", method: "GET", path: (w) => `/api/companies/${c(w).id}/members` },
  { name: "POST members", method: "POST", path: (w) => `/api/companies/${c(w).id}/members`, body: { email: "nobody@example.test", role: "owner" } },
  { name: "PATCH member", method: "PATCH", path: (w) => `/api/companies/${c(w).id}/members/${w.victim.owner.id}`, body: { role: "viewer" } },
  { name: "DELETE member", method: "DELETE", path: (w) => `/api/companies/${c(w).id}/members/${w.victim.owner.id}` },
  // a board user's own email settings for a company: only for a company whose board they are on
  {
    name: "PUT my notifications for a company", method: "PUT", path: (w) => `/api/board/me/notifications/companies/${c(w).id}`,
    body: { email: { enabled: false, mode: "daily", eventTypes: [] } },
  },
  { name: "DELETE my notifications for a company", method: "DELETE", path: (w) => `/api/board/me/notifications/companies/${c(w).id}` },
];
