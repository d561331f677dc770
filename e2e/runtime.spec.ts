// The heartbeat runtime from the board: "Run now" on an agent opens the run it started, and its page
// shows the log while it runs and after it ends.
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, createAgent, createCompany, patch, post } from "./api";

test("run now on an agent shows the run and its log", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Heartbeat Works", { issuePrefix: "BEAT" });
  const agent = await createAgent(api, company.id, {
    name: "Pulse", role: "engineer", title: "Runs on demand",
    adapterConfig: { command: "echo hello from the heartbeat; echo agent $SERVICE_AGENT_ID; sleep 12; echo all done" },
  });

  await page.goto(`/BEAT/agents/${agent.urlKey}`);
  const runs = page.getByTestId("agent-runs");
  await expect(runs).toContainText("No heartbeats yet");
  await snap(page, testInfo, "01-agent-no-runs");

  await runs.getByRole("button", { name: "Run now" }).click();
  // Run now opens the run it started, once a worker has claimed the wake
  await page.waitForURL(/\/BEAT\/runs\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { name: "Heartbeat of Pulse" })).toBeVisible();
  await expect(page.getByTestId("run-log")).toContainText("hello from the heartbeat", { timeout: 15_000 });
  await expect(page.getByTestId("run-log")).toContainText(`agent ${agent.id}`);
  // the log is there while the run still runs, and the page follows it to the end
  await expect(page.getByTestId("run-status")).toHaveText("Running");
  await expect(page.getByTestId("run-log")).not.toContainText("all done");
  await snap(page, testInfo, "03-run-live");
  await expect(page.getByTestId("run-status")).toHaveText("Succeeded", { timeout: 20_000 });
  await expect(page.getByTestId("run-log")).toContainText("all done");
  await snap(page, testInfo, "04-run-done");

  // back on the agent page the run is listed as succeeded
  await page.getByRole("link", { name: "Pulse" }).click();
  await expect(page.getByTestId("agent-runs")).toContainText("Succeeded");
});

test("a run that cannot be found under this company is a 404 page", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto("/BEAT/runs/0190c0de-0000-7000-8000-000000000000");
  await expect(page.getByText(/not found|404/i).first()).toBeVisible();
});

test("an issue page and the org chart follow the assignee's heartbeat live", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Live Badges", { issuePrefix: "LIVE" });
  const agent = await createAgent(api, company.id, { name: "Quill", role: "ceo", adapterConfig: { command: "sleep 8" } });
  const issue = await post<{ identifier: string }>(api, `/api/companies/${company.id}/issues`, { title: "Write the plan" });

  await page.goto(`/LIVE/issues/${issue.identifier}`);
  await expect(page.getByRole("heading", { name: "Write the plan" })).toBeVisible();
  // assigning wakes the agent: its badge on this page turns to running, then back, without a reload
  await patch(api, `/api/issues/${issue.identifier}`, { assigneeAgentId: agent.id });
  await expect(page.getByTestId("assignee-live-status")).toHaveText("Running", { timeout: 20_000 });
  await snap(page, testInfo, "05-issue-assignee-running");

  await page.goto("/LIVE/org");
  await expect(page.getByText("Running").first()).toBeVisible();
  await expect(page.getByText("Running")).toHaveCount(0, { timeout: 20_000 });
  await snap(page, testInfo, "06-org-after-run");
});
