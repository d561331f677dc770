// Liveness: a paused agent's issue says why it is not moving (the Not moving page with its
// reason chip and count, the issue page's line, the list badge, the dashboard count), and resuming
// the agent from the Not moving page moves it. The stall row is written as the liveness sweep writes it;
// once the sweep runs in the worker (CHARTER_LIVENESS_TICK_MS=1000 in global setup), the second test
// waits for the sweep itself both ways.
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, createAgent, createCompany, post } from "./api";
import { withE2eDatabase } from "./db";


async function pausedAgentIssue(page: import("@playwright/test").Page, name: string, prefix: string) {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, name, { issuePrefix: prefix });
  const agent = await createAgent(api, company.id, { name: "Mara Quinn", role: "engineer" });
  await post(api, `/api/agents/${agent.id}/pause`, {}, 200);
  const issue = await post<{ id: string; identifier: string }>(api, `/api/companies/${company.id}/issues`, { title: "Ship the login page", status: "todo", assigneeAgentId: agent.id });
  return { api, company, agent, issue };
}

test("a paused agent's issue says why it is not moving, and resuming the agent is one click", async ({ page }, testInfo) => {
  const { api, company, agent, issue } = await pausedAgentIssue(page, "Stalled Seas", "STLL");
  await page.goto("/STLL/stalled");
  await expect(page.getByText("Every open issue is moving")).toBeVisible();
  await snap(page, testInfo, "stalled-empty");

  await withE2eDatabase((db) => db.query(
    `INSERT INTO "IssueStall" ("issueId", "companyId", reason, since, facts) VALUES ($1, $2, 'agent_paused', now(), $3)
     ON CONFLICT ("issueId") DO NOTHING`,
    [issue.id, company.id, JSON.stringify({ agentId: agent.id, agentName: "Mara Quinn" })],
  ));
  await page.reload();
  const row = page.getByTestId("stalled-row").filter({ hasText: issue.identifier });
  await expect(row).toContainText("Mara Quinn is paused");
  await expect(page.getByRole("link", { name: /Agent paused 1/ })).toBeVisible();
  await snap(page, testInfo, "stalled-normal");

  await page.goto(`/STLL/issues/${issue.identifier}`);
  await expect(page.getByTestId("liveness-line")).toHaveText(/^Not moving since .+: Mara Quinn is paused$/);
  await page.goto("/STLL/dashboard");
  await expect(page.getByTestId("stat-stalled")).toContainText("1");

  await page.goto("/STLL/stalled");
  await row.getByRole("button", { name: "Resume agent" }).click();
  // the resume cleared the stall in its own transaction: the row goes with the page's refresh
  await expect(row).toHaveCount(0);
  await expect(page.getByText("Every open issue is moving")).toBeVisible();
  const after = await (await api.get(`/api/agents/${agent.id}`)).json();
  expect(after.status).not.toBe("paused");
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, testInfo, "stalled-390");
  await api.dispose();
});

test("the sweep finds the paused agent's issue and lets it go once the agent is resumed", async ({ page }) => {
  const { api, agent, issue } = await pausedAgentIssue(page, "Sweeping Seas", "STSW");
  await expect.poll(async () => (await (await api.get(`/api/issues/${issue.id}`)).json()).liveness?.reason, { timeout: 30_000 }).toBe("agent_paused");
  await page.goto(`/STSW/issues/${issue.identifier}`);
  await expect(page.getByTestId("liveness-line")).toContainText("Mara Quinn is paused");
  await page.goto("/STSW/stalled");
  await page.getByTestId("stalled-row").filter({ hasText: issue.identifier }).getByRole("button", { name: "Resume agent" }).click();
  await expect.poll(async () => (await (await api.get(`/api/issues/${issue.id}`)).json()).liveness?.state, { timeout: 30_000 }).toBe("moving");
  expect((await (await api.get(`/api/agents/${agent.id}`)).json()).status).not.toBe("paused");
  await page.reload();
  await expect(page.getByTestId("stalled-row").filter({ hasText: issue.identifier })).toHaveCount(0);
  await api.dispose();
});
