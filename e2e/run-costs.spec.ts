// A run traced to the issues it worked on and to what it cost, and a company-budget pause explained
// once. A `process` agent's script uses the API with its run's key: it checks out the issue it was
// woken for, comments on a second issue, reports two cost events (one naming no issue, so it is the
// woken issue's) and finishes. The run page lists both issues and the run's cost; each issue page
// lists the run and its own cost; the costs page breaks the spend down by model and by issue. Then
// the company's budget is lowered under its spend: the agent page says so once, and the inbox says
// which budget.
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, createAgent, createCompany, patch, post } from "./api";

const SCRIPT = `set -e
H="authorization: Bearer $SERVICE_API_KEY"; J="content-type: application/json"; U="$SERVICE_API_URL/api"
curl -sf -X POST -H "$H" -H "$J" "$U/issues/$SERVICE_TASK_ID/checkout" -d "{\\"agentId\\":\\"$SERVICE_AGENT_ID\\",\\"expectedStatuses\\":[\\"todo\\"]}" > /dev/null
curl -sf -X POST -H "$H" -H "$J" "$U/issues/$OTHER_ISSUE/comments" -d '{"body":"The cause is here, not in the report."}' > /dev/null
curl -sf -X POST -H "$H" -H "$J" "$U/companies/$SERVICE_COMPANY_ID/cost-events" -d "{\\"agentId\\":\\"$SERVICE_AGENT_ID\\",\\"provider\\":\\"anthropic\\",\\"model\\":\\"claude-sonnet\\",\\"costCents\\":142}" > /dev/null
curl -sf -X POST -H "$H" -H "$J" "$U/companies/$SERVICE_COMPANY_ID/cost-events" -d "{\\"agentId\\":\\"$SERVICE_AGENT_ID\\",\\"issueId\\":\\"$OTHER_ISSUE\\",\\"provider\\":\\"openai\\",\\"model\\":\\"gpt-5\\",\\"costCents\\":58}" > /dev/null
curl -sf -X PATCH -H "$H" -H "$J" "$U/issues/$SERVICE_TASK_ID" -d '{"status":"done"}' > /dev/null
echo finished`;

test("a run's issues and cost on the run, issue and costs pages; a company-budget pause said once", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Run Costs Journey", { issuePrefix: "RCJ" });
  const other = await post<{ id: string; identifier: string }>(api, `/api/companies/${company.id}/issues`, { title: "The flaky report" });
  const agent = await createAgent(api, company.id, { name: "Tracer", role: "engineer", adapterConfig: { command: SCRIPT, env: { OTHER_ISSUE: other.id } } });
  const woken = await post<{ id: string; identifier: string }>(api, `/api/companies/${company.id}/issues`, { title: "Fix the export", assigneeAgentId: agent.id });

  let runId = "";
  await test.step("the run finishes", async () => {
    await expect.poll(async () => {
      const runs = (await (await api.get(`/api/companies/${company.id}/heartbeat-runs?agentId=${agent.id}`)).json()) as { id: string; status: string }[];
      runId = runs[0]?.id ?? "";
      return runs[0]?.status;
    }, { timeout: 60_000 }).toBe("succeeded");
  });

  await test.step("the run page lists both issues and what the run cost", async () => {
    await page.goto(`/RCJ/runs/${runId}`);
    const issues = page.getByTestId("run-issues");
    await expect(issues.getByRole("link")).toHaveText([`${woken.identifier} Fix the export`, `${other.identifier} The flaky report`]);
    await expect(page.getByTestId("run-cost")).toHaveText("$2.00");
    await snap(page, testInfo, "run-page");
  });

  await test.step("each issue page lists the run and its own cost", async () => {
    await issues(page, woken.identifier, "$1.42");
    await snap(page, testInfo, "issue-page");
    await issues(page, other.identifier, "$0.58");
  });

  await test.step("the costs page breaks the spend down by model and by issue", async () => {
    await page.goto("/RCJ/costs");
    await expect(page.getByTestId("costs-by-model").locator("li")).toHaveCount(2);
    await expect(page.getByTestId("costs-by-model").locator("li").first()).toContainText("claude-sonnet");
    await expect(page.getByTestId("costs-by-model").locator("li").first()).toContainText("$1.42");
    const byIssue = page.getByTestId("costs-by-issue").locator("li");
    await expect(byIssue).toHaveCount(2);
    await expect(byIssue.first()).toContainText(woken.identifier);
    await byIssue.nth(1).getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/RCJ/issues/${other.identifier}$`));
    await page.goto("/RCJ/costs");
    await snap(page, testInfo, "costs-page");
    await page.emulateMedia({ colorScheme: "dark" });
    await snap(page, testInfo, "costs-page-dark");
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, testInfo, "costs-page-390-dark");
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(`/RCJ/runs/${runId}`);
    await snap(page, testInfo, "run-page-390");
    await page.setViewportSize({ width: 1360, height: 900 });
  });

  await test.step("a company budget under its spend: the agent page says the company's budget, once; the inbox says which", async () => {
    await patch(api, `/api/companies/${company.id}`, { budgetMonthlyCents: 100 });
    await page.goto(`/RCJ/agents/${agent.urlKey}`);
    await expect(page.getByText("Paused: the company's monthly budget is spent")).toBeVisible();
    await expect(page.getByText("It has spent its monthly budget")).toHaveCount(0);
    await expect(page.getByText(/the agent is paused until the budget is raised/)).toHaveCount(0);
    await snap(page, testInfo, "agent-company-pause");
    await page.goto("/RCJ/inbox");
    await expect(page.getByText("Paused: the company is over its monthly budget")).toBeVisible();
    await snap(page, testInfo, "inbox-company-pause");
  });
});

async function issues(page: import("@playwright/test").Page, identifier: string, cost: string) {
  await page.goto(`/RCJ/issues/${identifier}`);
  await expect(page.getByTestId("issue-runs").getByTestId("issue-run")).toHaveCount(1);
  await expect(page.getByTestId("issue-runs").getByTestId("issue-run")).toContainText("Tracer");
  await expect(page.getByTestId("issue-cost")).toHaveText(cost);
}
