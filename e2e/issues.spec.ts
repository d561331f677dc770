// Issues on the board: create one from the list, move it on the kanban board (a legal move, and
// an illegal one the API refuses with its reason while the card stays), comment with an @-mention
// that wakes the agent, find it by a word of the comment; then the same pages with 10,000 issues,
// seeded straight into the e2e server's database.
import pg from "pg";
import type { APIRequestContext, Page } from "@playwright/test";
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, createAgent, createCompany, patch, post } from "./api";
import { e2eDatabaseUrl } from "./db";

async function issueStatus(api: APIRequestContext, ref: string): Promise<string> {
  const res = await api.get(`/api/issues/${ref}`);
  expect(res.status()).toBe(200);
  return (await res.json()).status;
}

const column = (page: Page, status: string) => page.getByTestId(`board-column-${status}`);

test("an issue from the list, across the board, discussed and found again", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Issue Works", { issuePrefix: "WORK" });
  const ceo = await createAgent(api, company.id, { name: "Morgan", role: "ceo", icon: "crown" });
  const grace = await createAgent(api, company.id, { name: "Grace Hopper", role: "engineer", icon: "code", reportsTo: ceo.id });

  await test.step("a new company has no issues; create the first from the list", async () => {
    await page.goto("/WORK/issues");
    await expect(page.getByText("No issues yet")).toBeVisible();
    await snap(page, testInfo, "01-issues-empty");
    await page.getByRole("button", { name: "New issue" }).click();
    const dialog = page.getByRole("dialog", { name: "New issue" });
    await dialog.getByLabel("Title").fill("Calibrate the arm sensors");
    await dialog.getByLabel("Description").fill("The **left arm** drifts by 2°.\n\n- [ ] measure\n- [ ] fix");
    await dialog.getByLabel("Priority").selectOption("high");
    await snap(page, testInfo, "02-new-issue");
    await dialog.getByRole("button", { name: "Create issue" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: "Created WORK-1" })).toBeVisible();
    await expect(page.getByTestId("issue-row")).toHaveCount(1);
    await expect(page.getByTestId("issue-row")).toContainText("Backlog");
    expect(await issueStatus(api, "WORK-1")).toBe("backlog");
  });
  const other = await post(api, `/api/companies/${company.id}/issues`, { title: "Order more servos", priority: "low" });

  await test.step("the board: backlog → todo is a legal move", async () => {
    // a desktop monitor shows all seven columns; on a laptop the board scrolls sideways, where the
    // browser scrolls it while dragging but Playwright's drag cannot
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.getByRole("tab", { name: "Board" }).click();
    await page.waitForURL(/\/WORK\/issues\?view=board$/);
    const card = column(page, "backlog").getByTestId("board-card").filter({ hasText: "WORK-1" });
    await expect(card).toBeVisible();
    await snap(page, testInfo, "03-board");
    await card.dragTo(column(page, "todo"));
    await expect(column(page, "todo").getByTestId("board-card").filter({ hasText: "WORK-1" })).toBeVisible();
    await expect(column(page, "backlog").getByTestId("board-card").filter({ hasText: "WORK-1" })).toHaveCount(0);
    await expect.poll(() => issueStatus(api, "WORK-1")).toBe("todo");
  });

  await test.step("todo → done is refused with the API's reason, and the card stays in todo", async () => {
    const card = column(page, "todo").getByTestId("board-card").filter({ hasText: "WORK-1" });
    await card.dragTo(column(page, "done"));
    await expect(page.getByTestId("move-refusal")).toContainText("cannot move from todo to done");
    await expect(page.getByRole("alert").filter({ hasText: "WORK-1 stays in Todo" })).toBeVisible();
    await snap(page, testInfo, "04-board-refused");
    await expect(column(page, "todo").getByTestId("board-card").filter({ hasText: "WORK-1" })).toBeVisible();
    await expect(column(page, "done").getByTestId("board-card")).toHaveCount(0);
    expect(await issueStatus(api, "WORK-1")).toBe("todo");
  });

  await test.step("the detail page: markdown, legal status moves only, a comment that wakes an agent", async () => {
    await page.setViewportSize({ width: 1360, height: 900 });
    await column(page, "todo").getByRole("link", { name: "Calibrate the arm sensors" }).click();
    await page.waitForURL(/\/WORK\/issues\/WORK-1$/);
    await expect(page.getByRole("heading", { name: "Calibrate the arm sensors" })).toBeVisible();
    await expect(page.getByText("left arm")).toHaveCSS("font-weight", "700");
    // todo's only move is in_progress, which needs an assignee; cancelling is always offered
    const status = page.getByLabel("Status");
    await expect(status.locator("option")).toHaveText(["Todo", "Move to In progress (needs an assignee)", "Cancel issue"]);
    await expect(status.locator("option", { hasText: "Move to In progress" })).toBeDisabled();

    await page.getByRole("combobox", { name: "Comment", exact: true }).fill(`Pairing with @Grace Hopper on the **gyroscope** drift; see /WORK/issues/${other.identifier}.`);
    await expect(page.getByText("an agent is woken", { exact: false })).toBeVisible();
    await page.getByRole("button", { name: "Comment", exact: true }).click();
    const comment = page.getByTestId("comments").getByRole("listitem").last();
    await expect(comment).toContainText("Pairing with @Grace Hopper");
    await expect(comment.getByTestId("comment-author")).toHaveText(/Ada Lovelace/);
    const commentId = (await comment.getAttribute("id"))!.replace("comment-", "");
    await snap(page, testInfo, "05-detail");

    const wakes = await (await api.get(`/api/agents/${grace.id}/wakeups`)).json();
    expect(wakes).toEqual([expect.objectContaining({ reason: "mention", commentId })]);
    const ceoWakes = await (await api.get(`/api/agents/${ceo.id}/wakeups`)).json();
    expect(ceoWakes).toEqual([]);

    // a link of the spec's form in a comment navigates inside the board
    await comment.getByRole("link", { name: `/WORK/issues/${other.identifier}` }).click();
    await page.waitForURL(new RegExp(`/WORK/issues/${other.identifier}$`));
    await expect(page.getByRole("heading", { name: "Order more servos" })).toBeVisible();
  });

  await test.step("assign, start and finish from the detail page; a sub-issue under it", async () => {
    await page.goto("/WORK/issues/WORK-1");
    await page.getByLabel("Assignee").selectOption({ label: "Grace Hopper" });
    await expect(page.getByLabel("Status").locator("option", { hasText: "Move to In progress" })).toBeEnabled();
    await page.getByLabel("Status").selectOption({ label: "Move to In progress" });
    await expect(page.getByTestId("issue-status")).toHaveText("In progress");
    await expect(page.getByTestId("started-at")).not.toHaveText("Not yet");

    await page.getByRole("button", { name: "New sub-issue" }).click();
    const dialog = page.getByRole("dialog", { name: "New sub-issue of WORK-1" });
    await dialog.getByLabel("Title").fill("Measure the drift");
    await dialog.getByRole("button", { name: "Create issue" }).click();
    await expect(page.getByTestId("sub-issues")).toContainText("Measure the drift");
    await page.getByTestId("sub-issues").getByRole("link", { name: "Measure the drift" }).click();
    await page.waitForURL(/\/WORK\/issues\/WORK-3$/);
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs).toContainText("WORK-1 Calibrate the arm sensors");
    await crumbs.getByRole("link", { name: /WORK-1/ }).click();
    await page.waitForURL(/\/WORK\/issues\/WORK-1$/);
  });

  await test.step("an issue link by id works like one by identifier", async () => {
    const issue = await (await api.get("/api/issues/WORK-1")).json();
    await page.goto(`/WORK/issues/${issue.id}`);
    await expect(page.getByTestId("issue-identifier")).toHaveText("WORK-1");
    await page.goto("/WORK/issues/WORK-999");
    await expect(page.getByRole("heading", { name: "This page does not exist" })).toBeVisible();
  });

  await test.step("the list finds the issue by a word of its comment", async () => {
    await page.goto("/WORK/issues");
    await expect(page.getByTestId("issue-row")).toHaveCount(3);
    await page.getByLabel("Search issues").fill("gyroscope");
    await expect(page.getByTestId("issue-row")).toHaveCount(1);
    await expect(page.getByTestId("issue-row")).toContainText("Calibrate the arm sensors");
    await expect(page).toHaveURL(/\?q=gyroscope$/);
    await snap(page, testInfo, "06-search");
    await page.reload();
    await expect(page.getByTestId("issue-row")).toHaveCount(1);
    await expect(page.getByLabel("Search issues")).toHaveValue("gyroscope");
  });
  await api.dispose();
});

/** `count` issues in one statement, spread over statuses, priorities, assignees and two projects; every tenth has a label. */
async function seedIssues(companyId: string, prefix: string, refs: { agentIds: string[]; projectIds: Array<string | null>; labelId: string }, count: number) {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    await client.query("BEGIN");
    await client.query(
      `INSERT INTO "Issue" (id, "companyId", number, identifier, title, description, status, priority, "assigneeAgentId", "projectId", "startedAt", "completedAt", "createdAt", "updatedAt")
       SELECT gen_random_uuid(), $1::uuid, n, $2 || '-' || n,
              'Scaled issue ' || n || ': ' || (ARRAY['telemetry ingest', 'firmware update', 'billing export', 'onboarding flow', 'sensor calibration'])[1 + n % 5],
              'Generated for the scale check.',
              s.status::"IssueStatus", (ARRAY['critical', 'high', 'medium', 'low'])[1 + n % 4]::"IssuePriority",
              CASE WHEN s.status IN ('in_progress', 'in_review', 'done') OR n % 3 = 0 THEN ($3::uuid[])[1 + n % array_length($3::uuid[], 1)] END,
              ($5::uuid[])[1 + n % 3],
              CASE WHEN s.status IN ('in_progress', 'in_review', 'done') THEN now() - n * interval '1 minute' END,
              CASE WHEN s.status = 'done' THEN now() - n * interval '30 seconds' END,
              now() - n * interval '1 minute', now() - n * interval '1 minute'
         FROM generate_series(1, $4::int) n,
              LATERAL (SELECT (ARRAY['backlog', 'todo', 'in_progress', 'in_review', 'blocked', 'done', 'cancelled'])[1 + n % 7] AS status) s`,
      [companyId, prefix, refs.agentIds, count, refs.projectIds],
    );
    await client.query(
      `INSERT INTO "IssueLabel" ("companyId", "issueId", "labelId") SELECT "companyId", id, $2::uuid FROM "Issue" WHERE "companyId" = $1::uuid AND number % 10 = 0`,
      [companyId, refs.labelId],
    );
    await client.query(`UPDATE "Company" SET "issueCounter" = $2 WHERE id = $1::uuid`, [companyId, count]);
    await client.query("COMMIT");
    await client.query(`ANALYZE "Issue"`);
  } finally {
    await client.end();
  }
}

test("issue pages with 10,000 issues", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Massive Dynamic", { issuePrefix: "MASS" });
  // the seeded in-progress issues were last touched up to ~7 days ago with no run: the stale-checkout remedy
  // would hand them back to todo under the test's eyes, so the company's limit is its longest (7 days)
  await patch(api, `/api/companies/${company.id}`, { staleCheckoutSec: 604_800 });
  const ceo = await createAgent(api, company.id, { name: "Nina Sharp", role: "ceo", icon: "crown" });
  const agents = [ceo];
  for (let i = 1; i <= 5; i++) agents.push(await createAgent(api, company.id, { name: `Engineer ${i}`, role: "engineer", icon: "code", reportsTo: ceo.id }));
  const goal = await post(api, `/api/companies/${company.id}/goals`, { title: "Serve a million robots" });
  const projects = [
    await post(api, `/api/companies/${company.id}/projects`, { name: "Fleet", status: "active", goalIds: [goal.id], workspace: { cwd: "/srv/fleet" } }),
    await post(api, `/api/companies/${company.id}/projects`, { name: "Firmware", status: "planned" }),
  ];
  const label = await post(api, `/api/companies/${company.id}/labels`, { name: "scale", color: "#7c3aed" });
  // a third of the issues have no project (the array's third element is null)
  await seedIssues(company.id, "MASS", { agentIds: agents.map((a) => a.id), projectIds: [projects[0].id, projects[1].id, null], labelId: label.id }, 10_000);
  const timed = async (what: string, fn: () => Promise<void>) => {
    const t0 = Date.now();
    await fn();
    const ms = Date.now() - t0;
    testInfo.annotations.push({ type: "timing", description: `${what}: ${ms} ms` });
    expect(ms, `${what} took ${ms} ms`).toBeLessThan(8_000);
  };

  await test.step("the list shows one page, and Load more the next", async () => {
    await timed("list", async () => {
      await page.goto("/MASS/issues");
      await expect(page.getByTestId("issue-row")).toHaveCount(50);
    });
    // priority first: the first page is all critical
    await expect(page.getByTestId("issue-row").first()).toContainText("Critical");
    await snap(page, testInfo, "10-list-10k");
    await page.getByRole("button", { name: "Load more" }).click();
    await expect(page.getByTestId("issue-row")).toHaveCount(100);
    await page.getByLabel("Search issues").fill("MASS-9999");
    await expect(page.getByTestId("issue-row")).toHaveCount(1);
    await page.getByLabel("Search issues").fill("");
    await page.getByLabel("Status").click();
    await page.getByRole("group", { name: "Status" }).getByLabel("Blocked").check();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("issue-row")).toHaveCount(50);
    await expect(page.getByTestId("issue-row").filter({ hasNotText: "Blocked" })).toHaveCount(0);
  });

  await test.step("the board loads a first page of 20 per column, shows each column's total and loads more on scroll", async () => {
    await timed("board", async () => {
      await page.goto("/MASS/issues?view=board");
      await expect(page.getByTestId("board-card")).toHaveCount(7 * 20);
    });
    // the seed puts issue n in status n % 7: 1,429 todo (n = 1, 8, …, 9997), 1,428 done
    await expect(column(page, "todo").getByTestId("column-count")).toHaveText("1,429");
    await expect(column(page, "done").getByTestId("column-count")).toHaveText("1,428");
    await snap(page, testInfo, "11-board-10k");
    // scrolling a column to its end loads its next 50, and only its own (its Load more button is the
    // end it watches: once that is in view, the page is already on its way)
    const todoCards = column(page, "todo").getByTestId("board-card");
    await todoCards.last().scrollIntoViewIfNeeded();
    await expect(todoCards).toHaveCount(70);
    await todoCards.last().scrollIntoViewIfNeeded();
    await expect(todoCards).toHaveCount(120);
    await expect(column(page, "done").getByTestId("board-card")).toHaveCount(20);
    await expect(column(page, "todo").getByTestId("column-count")).toHaveText("1,429");
  });

  await test.step("filters: a label, a project", async () => {
    await page.goto("/MASS/issues");
    await page.getByLabel("Label").selectOption({ label: "scale" });
    await expect(page).toHaveURL(/labelId=/);
    await expect(page.getByTestId("issue-row")).toHaveCount(50);
    await expect(page.getByTestId("issue-row").filter({ hasNotText: "scale" })).toHaveCount(0);
    await page.getByLabel("Project").selectOption({ label: "Fleet" });
    await expect(page.getByTestId("issue-row").filter({ hasNotText: "Fleet" })).toHaveCount(0);
  });

  await test.step("a project with thousands of issues, and the goals", async () => {
    await timed("project", async () => {
      await page.goto(`/MASS/projects/${projects[0].id}`);
      await expect(page.getByTestId("issue-row")).toHaveCount(50);
    });
    await snap(page, testInfo, "13-project-10k");
    await page.goto("/MASS/projects");
    await expect(page.getByTestId("project-row")).toHaveCount(2);
    await page.goto("/MASS/goals");
    await expect(page.getByTestId("goal-node")).toHaveCount(1);
  });

  await test.step("a detail page", async () => {
    await timed("detail", async () => {
      await page.goto("/MASS/issues/MASS-5000");
      await expect(page.getByTestId("issue-identifier")).toHaveText("MASS-5000");
    });
    await snap(page, testInfo, "12-detail-10k");
  });
  await api.dispose();
});
