// The tenancy rows of tenancy-runtime.test.ts: each endpoint another company's caller must get 404 from, with
// nothing changed. Kept apart from the test so that tenancy-coverage.test.ts can read them.
import type { World } from "../tenancy-runtime.test";

export interface Case {
  name: string;
  method: "GET" | "POST";
  path: (w: World) => string;
  body?: (w: World) => unknown;
  /** a server-sent event stream: opened as the board's live view opens it */
  stream?: boolean;
}

export const cases: Case[] = [
  { name: "GET company heartbeat-runs", method: "GET", path: (w) => `/api/companies/${w.victim.company.id}/heartbeat-runs` },
  { name: "GET company heartbeat-runs by prefix", method: "GET", path: (w) => `/api/companies/${w.victim.company.issuePrefix}/heartbeat-runs` },
  { name: "GET heartbeat run", method: "GET", path: (w) => `/api/heartbeat-runs/${w.runId}` },
  { name: "GET heartbeat run log", method: "GET", path: (w) => `/api/heartbeat-runs/${w.runId}/log` },
  { name: "GET heartbeat run transcript", method: "GET", path: (w) => `/api/heartbeat-runs/${w.runId}/transcript` },
  { name: "GET company events (a live stream)", method: "GET", path: (w) => `/api/companies/${w.victim.company.id}/events`, stream: true },
  { name: "POST heartbeat run cancel", method: "POST", path: (w) => `/api/heartbeat-runs/${w.runId}/cancel` },
  { name: "POST agent wakeup", method: "POST", path: (w) => `/api/agents/${w.victim.engineer.id}/wakeup`, body: (w) => ({ issueId: w.issueId }) },
];
