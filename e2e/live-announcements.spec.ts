// Live updates that matter reach screen readers: a polite status region announces a new approval on
// any page of the company, and a heartbeat finishing on the pages that show it.
import { request as playwrightRequest } from "@playwright/test";
import { ADMIN, expect, signIn, test } from "./fixtures";
import { boardApi, createAgent, createCompany, post } from "./api";

test("a new approval and a finished heartbeat are announced", async ({ page }) => {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Loud Hall", { issuePrefix: "LOUD" });
  const ceo = await createAgent(api, company.id, { name: "Cleo", role: "ceo", adapterConfig: { command: "echo hi; sleep 1" } });
  const announcer = page.getByTestId("live-announcer");

  await page.goto("/LOUD/dashboard");
  await expect(announcer).toHaveAttribute("aria-live", "polite");
  await expect(announcer).toHaveText("");
  // the live stream is open once the page has hydrated and the events endpoint answered
  await page.waitForResponse((r) => r.url().includes(`/api/companies/${company.id}/events`), { timeout: 15_000 }).catch(() => undefined);
  const { token } = await post<{ token: string }>(api, `/api/agents/${ceo.id}/keys`, { name: "e2e" });
  const ceoApi = await playwrightRequest.newContext({ baseURL: process.env.CHARTER_E2E_BASE_URL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  await post(ceoApi, `/api/companies/${company.id}/agent-hires`, { name: "Devon", role: "engineer", reason: "The platform needs an owner" });
  await expect(announcer).toHaveText("New approval waiting: hire Devon", { timeout: 15_000 });

  await page.goto(`/LOUD/agents/${ceo.urlKey}`);
  await expect(announcer).toHaveText("");
  await page.getByTestId("agent-runs").getByRole("button", { name: "Run now" }).click();
  await expect(announcer).toHaveText("Heartbeat of Cleo: succeeded", { timeout: 30_000 });
  await ceoApi.dispose();
  await api.dispose();
});
