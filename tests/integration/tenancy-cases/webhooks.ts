// The tenancy rows of tenancy-webhooks.test.ts: each endpoint another company's caller must get 404 from, with
// nothing changed. Kept apart from the test so that tenancy-coverage.test.ts can read them.
import type { TenancyCase } from "../../support/tenancy";
import type { World } from "../tenancy-webhooks.test";

export type Case = TenancyCase<World>;

export const cases: Case[] = [
  { name: "GET company webhooks", method: "GET", path: (w) => `/api/companies/${w.victim.company.id}/webhooks` },
  { name: "POST company webhooks", method: "POST", path: (w) => `/api/companies/${w.victim.company.id}/webhooks`, body: () => ({ url: "http://127.0.0.1:9/planted", eventTypes: ["issue.created"] }) },
  { name: "GET webhook", method: "GET", path: (w) => `/api/webhooks/${w.refs.webhookId}` },
  { name: "PATCH webhook", method: "PATCH", path: (w) => `/api/webhooks/${w.refs.webhookId}`, body: () => ({ url: "http://127.0.0.1:9/stolen" }) },
  { name: "DELETE webhook", method: "DELETE", path: (w) => `/api/webhooks/${w.refs.webhookId}` },
  { name: "POST rotate-secret", method: "POST", path: (w) => `/api/webhooks/${w.refs.webhookId}/rotate-secret` },
  { name: "POST webhook test", method: "POST", path: (w) => `/api/webhooks/${w.refs.webhookId}/test` },
  { name: "GET webhook deliveries", method: "GET", path: (w) => `/api/webhooks/${w.refs.webhookId}/deliveries` },
  { name: "POST redeliver", method: "POST", path: (w) => `/api/webhook-deliveries/${w.refs.deliveryId}/redeliver` },
];
