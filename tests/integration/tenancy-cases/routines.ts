// The tenancy rows of tenancy-routines.test.ts: each endpoint another company's caller must get 404 from,
// with nothing changed. Kept apart from the test so that tenancy-coverage.test.ts can read them.
import type { TenancyCase } from "../../support/tenancy";
import type { World } from "../tenancy-routines.test";

export type Case = TenancyCase<World>;

export const r = (w: World) => `/api/routines/${w.refs.routineId}`;

export const cases: Case[] = [
  { name: "GET company routines", method: "GET", path: (w) => `/api/companies/${w.victim.company.id}/routines` },
  { name: "POST company routines", method: "POST", path: (w) => `/api/companies/${w.victim.company.id}/routines`, body: (w) => ({ name: "Planted", assigneeAgentId: w.victim.engineer.id }) },
  { name: "GET routine", method: "GET", path: r },
  { name: "PATCH routine", method: "PATCH", path: r, body: () => ({ status: "paused" }) },
  { name: "DELETE routine", method: "DELETE", path: r },
  { name: "POST triggers", method: "POST", path: (w) => `${r(w)}/triggers`, body: () => ({ kind: "webhook" }) },
  { name: "DELETE trigger", method: "DELETE", path: (w) => `${r(w)}/triggers/${w.refs.scheduleId}` },
  { name: "POST rotate-secret", method: "POST", path: (w) => `${r(w)}/triggers/${w.refs.hookId}/rotate-secret` },
  { name: "POST run", method: "POST", path: (w) => `${r(w)}/run` },
  { name: "GET runs", method: "GET", path: (w) => `${r(w)}/runs` },
];
