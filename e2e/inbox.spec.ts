// The board user's inbox: empty; an approval that appears with a badge in the side bar, is decided
// from the queue (the Approvals tab count and the badges drop without a reload) and leaves the inbox;
// a mention and read marks; and a company with hundreds of items, paged.
import { request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, createAgent, createCompany, post } from "./api";
import { withE2eDatabase } from "./db";

async function agentApi(board: APIRequestContext, agentId: string): Promise<APIRequestContext> {
  const { token } = await post<{ token: string }>(board, `/api/agents/${agentId}/keys`, { name: "e2e" });
  return playwrightRequest.newContext({ baseURL: process.env.CHARTER_E2E_BASE_URL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
}

async function phone(page: Page, run: () => Promise<void>) {
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await run();
  } finally {
    await page.setViewportSize({ width: 1360, height: 900 });
  }
}

test("an empty inbox says what will appear there", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  await createCompany(api, "Calm Waters", { issuePrefix: "CALM" });
  await api.dispose();
  await page.goto("/CALM/inbox");
  await expect(page.getByText("Nothing needs you right now")).toBeVisible();
  await expect(page.getByTestId("nav-badge-unread")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Mark all read" })).toBeDisabled();
  await snap(page, testInfo, "inbox-empty");
  await phone(page, async () => {
    await page.reload();
    await expect(page.getByText("Nothing needs you right now")).toBeVisible();
    await snap(page, testInfo, "inbox-empty-390");
  });
});

test("an approval appears in the inbox with a badge, is decided, and the badges drop", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  const board = await boardApi(page);
  const me = (await (await board.get("/api/board/me")).json()) as { id: string; name: string };
  const company = await createCompany(board, "Inbox Works", { issuePrefix: "INBX" });
  const ceo = await createAgent(board, company.id, { name: "Cleo", role: "ceo", icon: "crown" });
  const ceoApi = await agentApi(board, ceo.id);
  const strategy = await post<{ id: string }>(ceoApi, `/api/companies/${company.id}/approvals`, {
    type: "approve_ceo_strategy", requestedByAgentId: ceo.id, payload: { plan: "Ship the MVP in six weeks" },
  });
  await post(ceoApi, `/api/companies/${company.id}/agent-hires`, { name: "Devon", role: "engineer", capabilities: "Go", budgetMonthlyCents: 2_500 });
  const issue = await post<{ id: string; identifier: string }>(board, `/api/companies/${company.id}/issues`, { title: "Pick a database", status: "blocked" });
  await post(ceoApi, `/api/issues/${issue.id}/comments`, { body: `Blocked on a decision, [@${me.name}](user://${me.id}): Postgres or SQLite?` });
  await post(board, `/api/companies/${company.id}/issues`, { title: "Write the launch post", assigneeUserId: me.id });
  // paused by the board (not an inbox item), so approving its strategy queues its wake instead of a
  // run that would fail (it has no command) and add an item while the counts are checked
  await post(board, `/api/agents/${ceo.id}/pause`, {}, 200);

  const unread = page.getByTestId("nav-badge-unread");
  const pending = page.getByTestId("nav-badge-pendingApprovals");
  const items = page.getByTestId("inbox-item");

  await test.step("the inbox lists what waits, the side bar counts it", async () => {
    await page.goto("/INBX/inbox");
    await expect(items).toHaveCount(5);
    await expect(unread).toHaveText("5");
    await expect(pending).toHaveText("2");
    await expect(items.filter({ hasText: "Approve the CEO's strategy" })).toContainText("Requested by Cleo");
    await expect(items.filter({ hasText: `Cleo mentioned you on ${issue.identifier}` })).toContainText(`Blocked on a decision, @${me.name}: Postgres or SQLite?`);
    await snap(page, testInfo, "inbox-normal");
    await phone(page, async () => {
      await expect(items.first()).toBeVisible();
      await snap(page, testInfo, "inbox-normal-390");
    });
  });

  await test.step("marking one read is the user's: the dot and the count drop", async () => {
    const mention = items.filter({ hasText: "mentioned you" });
    await mention.getByRole("button", { name: /Mark read/ }).click();
    await expect(mention).toHaveAttribute("data-read", "true");
    await expect(unread).toHaveText("4");
    await page.getByRole("button", { name: "Mention", exact: true }).click();
    await expect(items).toHaveCount(1);
    await page.getByRole("button", { name: "All", exact: true }).click();
    await page.getByLabel("Unread only").check();
    await expect(items).toHaveCount(4);
    await page.getByLabel("Unread only").uncheck();
  });

  await test.step("decided from the queue: the tab count, the side bar's badges and the inbox drop", async () => {
    await items.filter({ hasText: "Approve the CEO's strategy" }).getByRole("link").click();
    await page.waitForURL(`**/INBX/approvals/${strategy.id}`);
    await page.goto("/INBX/approvals");
    await expect(page.getByTestId("pending-tab-count")).toHaveText("2");
    const card = page.getByTestId("approval-card").filter({ hasText: "Approve the CEO's strategy" });
    await card.getByRole("button", { name: "Approve" }).click();
    await expect(card).toHaveCount(0);
    await expect(page.getByTestId("pending-tab-count")).toHaveText("1");
    await expect(pending).toHaveText("1");
    await expect(unread).toHaveText("3");
    await page.getByTestId("approval-card").filter({ hasText: "Hire Devon" }).getByRole("button", { name: "Reject" }).click();
    await expect(page.getByTestId("pending-tab-count")).toHaveCount(0);
    await expect(pending).toHaveCount(0);
    await expect(unread).toHaveText("2");
    await page.getByRole("link", { name: /^Inbox/ }).click();
    // the blocked issue, the mention (read) and the issue assigned to me
    await expect(items).toHaveCount(3);
    await expect(items.filter({ hasText: "Approve the CEO's strategy" })).toHaveCount(0);
  });

  await test.step("a new approval arrives live: the badges rise without a reload", async () => {
    await post(ceoApi, `/api/companies/${company.id}/agent-hires`, { name: "Robin", role: "designer", capabilities: "Figma", budgetMonthlyCents: 1_000 });
    await expect(pending).toHaveText("1");
    await expect(unread).toHaveText("3");
  });

  await test.step("mark all read", async () => {
    await page.reload();
    await page.getByRole("button", { name: "Mark all read" }).click();
    await expect(unread).toHaveCount(0);
    await expect(items.and(page.locator("[data-read=false]"))).toHaveCount(0);
    await expect(pending).toHaveText("1");
  });
  await ceoApi.dispose();
  await board.dispose();
});

test("an inbox of hundreds of items pages by 50 and the badge says 99+", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Busy Bees", { issuePrefix: "BUSY" });
  const agent = await createAgent(api, company.id, { name: "Worker", role: "engineer" });
  await api.dispose();
  // 400 blocked issues and 150 failed runs, straight into the database
  await withE2eDatabase(async (db) => {
    await db.query(
      `INSERT INTO "Issue" (id, "companyId", number, identifier, title, status, priority, "assigneeAgentId", "createdAt", "updatedAt")
       SELECT gen_random_uuid(), $1::uuid, n, 'BUSY-' || n, 'Blocked task number ' || n || ' waiting on ' || (ARRAY['legal', 'a vendor', 'the design review'])[1 + n % 3],
              'blocked', (ARRAY['critical', 'high', 'medium', 'low'])[1 + n % 4]::"IssuePriority", $2::uuid, now() - n * interval '7 minutes', now() - n * interval '7 minutes'
         FROM generate_series(1, 400) n`,
      [company.id, agent.id],
    );
    await db.query(`UPDATE "Company" SET "issueCounter" = 400 WHERE id = $1::uuid`, [company.id]);
    await db.query(
      `INSERT INTO "HeartbeatRun" (id, "companyId", "agentId", status, "adapterType", "createdAt", "finishedAt", error)
       SELECT gen_random_uuid(), $1::uuid, $2::uuid, (ARRAY['failed', 'timed_out'])[1 + n % 2]::"RunStatus", 'process',
              now() - n * interval '11 minutes', now() - n * interval '11 minutes' + interval '30 seconds', 'process exited with code ' || (n % 3 + 1)
         FROM generate_series(1, 150) n`,
      [company.id, agent.id],
    );
  });
  const items = page.getByTestId("inbox-item");
  await page.goto("/BUSY/inbox");
  await expect(items).toHaveCount(50);
  await expect(page.getByTestId("nav-badge-unread")).toHaveText("99+");
  await snap(page, testInfo, "inbox-many");
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(items).toHaveCount(100);
  await page.getByRole("button", { name: "Failed run", exact: true }).click();
  await expect(items).toHaveCount(50);
  await expect(items.first()).toContainText("Worker's run");
  await page.getByRole("button", { name: "All", exact: true }).click();
  await phone(page, async () => {
    await page.reload();
    await expect(items).toHaveCount(50);
    await snap(page, testInfo, "inbox-many-390");
    // nothing wider than the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
