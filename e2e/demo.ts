// The demo company's journey on the board (e2e/onboarding.spec.ts clicks the guide's button on an empty
// instance, e2e/demo.spec.ts runs `npx charter demo`): its agents run scripts/demo-agent.mjs in the
// server's heartbeat worker, over the real HTTP API.
import type { Page, TestInfo } from "@playwright/test";
import { expect, snap } from "./fixtures";

/** The task page shows the whole loop, live: plan, delegated sub-issue, closing comment, done. */
export async function watchTaskToDone(page: Page, testInfo: TestInfo, prefix: string) {
  await expect(page.getByTestId("issue-identifier")).toHaveText(`${prefix}-1`);
  await snap(page, testInfo, `${prefix}-01-task-new`);
  await expect(page.getByTestId("issue-status")).toHaveText("Done", { timeout: 60_000 });
  const comments = page.getByTestId("comments");
  await expect(comments).toContainText("Plan: Grace");
  await expect(comments).toContainText(`${prefix}-2 is done`);
  await expect(comments).toContainText(`Reviewed ${prefix}-2: all done.`);
  const sub = page.getByTestId("sub-issues");
  await expect(sub).toContainText(`${prefix}-2`);
  await expect(sub).toContainText("Done");
  // Ada's two events name the task; Grace's names the sub-issue. Each run that touched the task is on it.
  await expect(page.getByTestId("issue-cost")).toHaveText("$0.03");
  const runs = page.getByTestId("issue-runs").getByTestId("issue-run");
  await expect(runs.filter({ hasText: "Ada" }).first()).toBeVisible();
  await expect(runs.filter({ hasText: "Grace" }).first()).toBeVisible();
  await snap(page, testInfo, `${prefix}-02-task-done`);

  await page.goto(`/${prefix}/costs`);
  await expect(page.getByTestId("range-total")).toHaveText("$0.06");
  const byAgent = page.getByTestId("agent-cost-row");
  await expect(byAgent.filter({ hasText: "Ada" })).toContainText("$0.03");
  await expect(byAgent.filter({ hasText: "Grace" })).toContainText("$0.03");
  const byIssue = page.getByTestId("costs-by-issue");
  await expect(byIssue).toContainText(`${prefix}-1`);
  await expect(byIssue).toContainText(`${prefix}-2`);
  await expect(page.getByTestId("costs-by-model")).toContainText("demo-planner");
  await snap(page, testInfo, `${prefix}-03-costs`);

  // the CEO's first run: its cost is the sum of the events posted with its key (2¢ for the plan)
  await page.goto(`/${prefix}/issues/${prefix}-1`);
  await runs.filter({ hasText: "Ada" }).last().getByRole("link").first().click();
  await expect(page.getByTestId("run-cost")).toHaveText("$0.02");
  await expect(page.getByTestId("run-issues")).toContainText(`${prefix}-1`);
}
