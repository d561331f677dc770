// The board's finer issue controls: managing labels (and filtering and labelling issues with
// them), checkout and release from the issue page (and a refused checkout), a thread of 1,000
// comments read a page at a time, and moving kanban cards without a mouse (keyboard and touch).
import { execFileSync } from "node:child_process";
import type { APIRequestContext, Page } from "@playwright/test";
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, createAgent, createCompany, post } from "./api";
import { withE2eDatabase } from "./db";

async function getIssue(api: APIRequestContext, ref: string) {
  const res = await api.get(`/api/issues/${ref}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as { id: string; status: string; assigneeAgentId: string | null; lockedAt: string | null; labelIds: string[] };
}

const column = (page: Page, status: string) => page.getByTestId(`board-column-${status}`);
const labelRow = (page: Page, name: string) => page.getByTestId("label-row").and(page.locator(`[data-name="${name}"]`));

test("labels: create, rename and recolour, label an issue, filter by it, delete", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Label Makers", { issuePrefix: "LABL" });
  const first = await post(api, `/api/companies/${company.id}/issues`, { title: "Fix the login redirect" });
  await post(api, `/api/companies/${company.id}/issues`, { title: "Write the release notes" });

  await test.step("no labels yet; the issues page links to them", async () => {
    await page.goto("/LABL/issues");
    await page.getByRole("link", { name: "Labels", exact: true }).click();
    await page.waitForURL(/\/LABL\/issues\/labels$/);
    await expect(page.getByText("No labels yet")).toBeVisible();
    await snap(page, testInfo, "labels-0");
  });

  await test.step("create two labels; a name in use is refused with the API's sentence", async () => {
    await page.getByRole("button", { name: "New label" }).click();
    let dialog = page.getByRole("dialog", { name: "New label" });
    await dialog.getByLabel("Name").fill("bug");
    await dialog.getByRole("radio", { name: "#dc2626" }).click();
    await expect(dialog.getByLabel("Colour", { exact: true })).toHaveValue("#dc2626");
    await snap(page, testInfo, "labels-new");
    await dialog.getByRole("button", { name: "Create label" }).click();
    await expect(dialog).toBeHidden();
    await expect(labelRow(page, "bug")).toContainText("#dc2626");

    await page.getByRole("button", { name: "New label" }).click();
    dialog = page.getByRole("dialog", { name: "New label" });
    await dialog.getByLabel("Name").fill("bug");
    await dialog.getByRole("button", { name: "Create label" }).click();
    await expect(dialog.getByRole("alert")).toContainText("already exists");
    await dialog.getByLabel("Name").fill("security");
    await dialog.getByLabel("Colour", { exact: true }).fill("#0891b2");
    await dialog.getByRole("button", { name: "Create label" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("label-row")).toHaveCount(2);
  });

  await test.step("rename and recolour", async () => {
    await page.getByRole("button", { name: "Edit bug" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit label “bug”" });
    await dialog.getByLabel("Name").fill("defect");
    await dialog.getByRole("radio", { name: "#2563eb" }).click();
    await dialog.getByRole("button", { name: "Save label" }).click();
    await expect(dialog).toBeHidden();
    await expect(labelRow(page, "defect")).toContainText("#2563eb");
    await expect(labelRow(page, "bug")).toHaveCount(0);
    const labels = await (await api.get(`/api/companies/${company.id}/labels`)).json();
    expect(labels.map((l: { name: string; color: string }) => [l.name, l.color])).toEqual([["defect", "#2563eb"], ["security", "#0891b2"]]);
  });

  await test.step("label an issue on its page", async () => {
    await page.goto(`/LABL/issues/${first.identifier}`);
    await page.getByRole("button", { name: /^Labels: / }).click();
    // the box ticks once the API has saved the change
    const defect = page.getByRole("group", { name: "Labels" }).getByLabel("defect");
    await defect.click();
    await expect(defect).toBeChecked();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("issue-labels")).toContainText("defect");
    await expect.poll(async () => (await getIssue(api, first.identifier)).labelIds.length).toBe(1);
  });

  await test.step("filter the list by the label, from the list and from the labels page", async () => {
    await page.goto("/LABL/issues");
    await expect(page.getByTestId("issue-row")).toHaveCount(2);
    await page.getByLabel("Label", { exact: true }).selectOption({ label: "defect" });
    await expect(page).toHaveURL(/labelId=/);
    await expect(page.getByTestId("issue-row")).toHaveCount(1);
    await expect(page.getByTestId("issue-row")).toContainText("Fix the login redirect");
    await page.goto("/LABL/issues/labels");
    await labelRow(page, "security").getByRole("link", { name: "Issues" }).click();
    await page.waitForURL(/\/LABL\/issues\?labelId=/);
    await expect(page.getByText("No issue matches these filters")).toBeVisible();
  });

  await test.step("delete a label: it leaves the issues that carried it", async () => {
    await page.goto("/LABL/issues/labels");
    await page.getByRole("button", { name: "Delete defect" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete the label “defect”?" });
    await expect(confirm).toContainText("removed from every issue");
    await confirm.getByRole("button", { name: "Delete label" }).click();
    await expect(confirm).toBeHidden();
    await expect(labelRow(page, "defect")).toHaveCount(0);
    await expect(page.getByTestId("label-row")).toHaveCount(1);
    expect((await getIssue(api, first.identifier)).labelIds).toEqual([]);
  });

  await test.step("10 labels, then 150 with a filter box", async () => {
    const names = ["frontend", "backend", "infra", "docs", "customer", "performance", "ux", "billing", "mobile"];
    const colors = ["#dc2626", "#ea580c", "#65a30d", "#059669", "#2563eb", "#7c3aed", "#db2777", "#d97706", "#6b7280"];
    await Promise.all(names.map((name, i) => post(api, `/api/companies/${company.id}/labels`, { name, color: colors[i] })));
    await page.reload();
    await expect(page.getByTestId("label-row")).toHaveCount(10);
    await expect(page.getByLabel("Filter labels")).toHaveCount(0);
    await snap(page, testInfo, "labels-10");
    for (let i = 0; i < 140; i += 20) {
      await Promise.all(Array.from({ length: 20 }, (_, j) => post(api, `/api/companies/${company.id}/labels`, {
        name: `area/${String(i + j + 1).padStart(3, "0")} ${["search", "sync", "import", "export"][(i + j) % 4]}`, color: colors[(i + j) % colors.length],
      })));
    }
    await page.reload();
    await expect(page.getByTestId("label-row")).toHaveCount(150);
    await snap(page, testInfo, "labels-150");
    await page.getByLabel("Filter labels").fill("sync");
    await expect(page.getByTestId("label-row")).toHaveCount(35);
  });
  await api.dispose();
});

test("checkout and release from the issue page; a stale checkout is refused and names the owner", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Lock Smiths", { issuePrefix: "LOCK" });
  const ceo = await createAgent(api, company.id, { name: "Morgan", role: "ceo", icon: "crown" });
  const grace = await createAgent(api, company.id, { name: "Grace Hopper", role: "engineer", icon: "code", reportsTo: ceo.id });
  const linus = await createAgent(api, company.id, { name: "Linus Torvalds", role: "engineer", icon: "terminal", reportsTo: ceo.id });
  const issue = await post(api, `/api/companies/${company.id}/issues`, { title: "Rotate the signing keys", status: "todo" });
  const lockOwner = page.getByTestId("lock-owner");

  await test.step("check out for an agent", async () => {
    await page.goto(`/LOCK/issues/${issue.identifier}`);
    await expect(lockOwner).toHaveText("Not checked out.");
    await page.getByLabel("Check out for agent").selectOption({ label: "Grace Hopper" });
    await page.getByRole("button", { name: "Check out", exact: true }).click();
    await expect(lockOwner).toContainText("Checked out by Grace Hopper");
    await expect(lockOwner).toContainText("by the board");
    await expect(page.getByTestId("issue-status")).toHaveText("In progress");
    await snap(page, testInfo, "checkout-locked");
    const after = await getIssue(api, issue.identifier);
    expect([after.status, after.assigneeAgentId, after.lockedAt !== null]).toEqual(["in_progress", grace.id, true]);
  });

  await test.step("release: back to todo, unassigned, unlocked", async () => {
    await page.getByRole("button", { name: "Release" }).click();
    await expect(lockOwner).toHaveText("Not checked out.");
    await expect(page.getByTestId("issue-status")).toHaveText("Todo");
    const after = await getIssue(api, issue.identifier);
    expect([after.status, after.assigneeAgentId, after.lockedAt]).toEqual(["todo", null, null]);
  });

  await test.step("another agent takes it meanwhile: the page's checkout is refused with the API's reason and shows the owner", async () => {
    // a page that missed the live update (its event stream cut) still shows the issue as free
    await page.route("**/api/companies/*/events", (route) => route.abort());
    await page.reload();
    await post(api, `/api/issues/${issue.id}/checkout`, { agentId: linus.id, expectedStatuses: ["todo"] }, 200);
    await page.getByLabel("Check out for agent").selectOption({ label: "Grace Hopper" });
    await page.getByRole("button", { name: "Check out", exact: true }).click();
    await expect(page.getByTestId("checkout-refusal")).toContainText("Another agent owns this issue");
    await expect(page.getByRole("alert").filter({ hasText: "Checkout refused" })).toContainText("409 conflict");
    await expect(lockOwner).toContainText("Checked out by Linus Torvalds");
    await snap(page, testInfo, "checkout-refused");
    expect((await getIssue(api, issue.identifier)).assigneeAgentId).toBe(linus.id);
    await page.getByRole("button", { name: "Release" }).click();
    await expect(lockOwner).toHaveText("Not checked out.");
    await expect(page.getByTestId("checkout-refusal")).toHaveCount(0);
  });
  await api.dispose();
});

test("an issue with 1,000 comments shows the first page and loads more on request", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Chatty Robotics", { issuePrefix: "CHAT" });
  const ceo = await createAgent(api, company.id, { name: "Morgan", role: "ceo", icon: "crown" });
  const ada = await createAgent(api, company.id, { name: "Ada", role: "engineer", icon: "code", reportsTo: ceo.id });
  const quiet = await post(api, `/api/companies/${company.id}/issues`, { title: "A quiet issue" });
  const some = await post(api, `/api/companies/${company.id}/issues`, { title: "A short discussion" });
  const busy = await post(api, `/api/companies/${company.id}/issues`, { title: "The great debate", description: "Tabs or spaces?" });
  for (let i = 1; i <= 10; i++) await post(api, `/api/issues/${some.id}/comments`, { body: `Point ${i}: **agreed**.` });
  const ids = await withE2eDatabase(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO "IssueComment" (id, "companyId", "issueId", body, "authorAgentId", "createdAt", "updatedAt")
       SELECT gen_random_uuid(), $1::uuid, $2::uuid, 'Comment ' || n || ': ' || (ARRAY['tabs, clearly', 'spaces, obviously', 'whatever **gofmt** says'])[1 + n % 3],
              (ARRAY[$3::uuid, $4::uuid])[1 + n % 2], now() - (1001 - n) * interval '1 second', now() - (1001 - n) * interval '1 second'
         FROM generate_series(1, 1000) n
       RETURNING id`,
      [company.id, busy.id, ceo.id, ada.id],
    );
    return rows.map((r) => r.id);
  });
  const items = page.getByTestId("comments").locator(":scope > li");

  await test.step("no comments, and ten", async () => {
    await page.goto(`/CHAT/issues/${quiet.identifier}`);
    await expect(page.getByTestId("comment-count")).toHaveText("0");
    await snap(page, testInfo, "comments-0");
    await page.goto(`/CHAT/issues/${some.identifier}`);
    await expect(items).toHaveCount(10);
    await expect(page.getByRole("button", { name: /Load \d+ more comments/ })).toHaveCount(0);
    await snap(page, testInfo, "comments-10");
  });

  await test.step("1,000: the first 50, oldest first, then 50 more", async () => {
    const t0 = Date.now();
    await page.goto(`/CHAT/issues/${busy.identifier}`);
    await expect(items).toHaveCount(50);
    const ms = Date.now() - t0;
    testInfo.annotations.push({ type: "timing", description: `issue with 1,000 comments: ${ms} ms` });
    expect(ms).toBeLessThan(8_000);
    await expect(items.first()).toContainText("Comment 1:");
    await expect(page.getByTestId("comment-count")).toHaveText("50+");
    await snap(page, testInfo, "comments-1000");
    await page.getByRole("button", { name: "Load 50 more comments" }).click();
    await expect(items).toHaveCount(100);
    await expect(items.nth(99)).toContainText("Comment 100:");
  });

  await test.step("a new comment lands at the end of the thread; its link loads the pages up to it", async () => {
    await page.getByRole("combobox", { name: "Comment", exact: true }).fill("Settled: **tabs**.");
    await page.getByRole("button", { name: "Comment", exact: true }).click();
    const notice = page.getByRole("status").filter({ hasText: "Your comment was posted at the end of the thread" });
    await expect(notice).toBeVisible();
    await expect(items).toHaveCount(100);
    await notice.getByRole("link", { name: "show it" }).click();
    await expect(items).toHaveCount(1001, { timeout: 30_000 });
    await expect(items.last()).toContainText("Settled: tabs.");
    await expect(items.last()).toBeInViewport();
    await expect(page.getByRole("button", { name: /Load \d+ more comments/ })).toHaveCount(0);
    await expect(page.getByTestId("comment-count")).toHaveText("1001");
  });

  await test.step("a permalink to comment 700 opens with it in view", async () => {
    await page.goto(`/CHAT/issues/${busy.identifier}#comment-${ids[699]}`);
    await expect(page.locator(`#comment-${ids[699]}`)).toBeInViewport({ timeout: 30_000 });
    await expect(page.locator(`#comment-${ids[699]}`)).toContainText("Comment 700:");
  });
  await api.dispose();
});

test("kanban cards move with the keyboard and the Move dialog, refused moves keep their reason", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Keyboard Co", { issuePrefix: "KBRD" });
  await post(api, `/api/companies/${company.id}/issues`, { title: "Wire the keypad" });
  await post(api, `/api/companies/${company.id}/issues`, { title: "Label the keys", status: "todo" });
  const announcer = page.getByTestId("board-announcer");
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto("/KBRD/issues?view=board");
  const card = (status: string, id: string) => column(page, status).getByTestId("board-card").filter({ hasText: id });

  await test.step("Space, arrow, Space: backlog → todo, announced, focus kept", async () => {
    // a key pressed before the board has hydrated does nothing: retry the pick-up (Escape cancels a
    // half-done one) until the board answers
    await expect(async () => {
      await card("backlog", "KBRD-1").focus();
      await page.keyboard.press("Escape");
      await page.keyboard.press("Space");
      await expect(announcer).toContainText("Picked up KBRD-1 in Backlog", { timeout: 2000 });
    }).toPass({ timeout: 20_000 });
    await page.keyboard.press("ArrowRight");
    await expect(announcer).toHaveText("Over Todo.");
    // the target column is highlighted as under a drag
    await expect(column(page, "todo")).toHaveClass(/border-indigo-500/);
    await expect(column(page, "backlog")).not.toHaveClass(/border-indigo/);
    await page.waitForTimeout(300); // the colour transition, for the screenshot
    await snap(page, testInfo, "board-keyboard-picked");
    await page.keyboard.press("Space");
    await expect(card("todo", "KBRD-1")).toBeVisible();
    await expect(card("backlog", "KBRD-1")).toHaveCount(0);
    await expect(announcer).toHaveText("KBRD-1 moved to Todo.");
    await expect(card("todo", "KBRD-1")).toBeFocused();
    expect((await getIssue(api, "KBRD-1")).status).toBe("todo");
  });

  await test.step("todo → done by keyboard: the API refuses, its reason shows, the card stays", async () => {
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowRight");
    await expect(announcer).toContainText("Over In progress: needs an assignee");
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
    await expect(announcer).toContainText("Over Done: not from Todo");
    await page.keyboard.press("Space");
    await expect(page.getByTestId("move-refusal")).toContainText("cannot move from todo to done");
    await expect(page.getByRole("alert").filter({ hasText: "KBRD-1 stays in Todo" })).toBeVisible();
    await expect(card("todo", "KBRD-1")).toBeVisible();
    await expect(card("todo", "KBRD-1")).toBeFocused();
    expect((await getIssue(api, "KBRD-1")).status).toBe("todo");
    await snap(page, testInfo, "board-keyboard-refused");
  });

  await test.step("Escape puts the card down where it was", async () => {
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Escape");
    await expect(announcer).toHaveText("Move cancelled; KBRD-1 stays in Todo.");
    await expect(card("todo", "KBRD-1")).toBeVisible();
    expect((await getIssue(api, "KBRD-1")).status).toBe("todo");
  });

  await test.step("the Move dialog: a refused move, then a legal one", async () => {
    await card("todo", "KBRD-2").getByRole("button", { name: "Move KBRD-2" }).click();
    let dialog = page.getByRole("dialog", { name: "Move KBRD-2" });
    await expect(dialog.getByRole("button", { name: "Todo current" })).toBeDisabled();
    await snap(page, testInfo, "board-move-dialog");
    await dialog.getByRole("button", { name: "Done not from Todo" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("move-refusal")).toContainText("cannot move from todo to done");
    await card("todo", "KBRD-2").getByRole("button", { name: "Move KBRD-2" }).click();
    dialog = page.getByRole("dialog", { name: "Move KBRD-2" });
    await dialog.getByRole("button", { name: "Cancelled", exact: true }).click();
    await expect(card("cancelled", "KBRD-2")).toBeVisible();
    await expect(page.getByTestId("move-refusal")).toHaveCount(0);
    await expect.poll(async () => (await getIssue(api, "KBRD-2")).status).toBe("cancelled");
  });
  await api.dispose();
});

test.describe("on a touch screen", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("a card moves through its Move dialog", async ({ page }, testInfo) => {
    await signIn(page, ADMIN);
    const api = await boardApi(page);
    const company = await createCompany(api, "Touch Co", { issuePrefix: "TOUCH" });
    await post(api, `/api/companies/${company.id}/issues`, { title: "Calibrate the touch panel" });
    await page.goto("/TOUCH/issues?view=board");
    await column(page, "backlog").getByRole("button", { name: "Move TOUCH-1" }).tap();
    const dialog = page.getByRole("dialog", { name: "Move TOUCH-1" });
    await snap(page, testInfo, "board-touch-dialog");
    await dialog.getByRole("button", { name: "Todo", exact: true }).tap();
    await expect(column(page, "todo").getByTestId("board-card").filter({ hasText: "TOUCH-1" })).toBeAttached();
    await expect.poll(async () => (await getIssue(api, "TOUCH-1")).status).toBe("todo");
    await api.dispose();
  });
});

test("a viewer reads labels, the lock and the board, and is offered no change", async ({ page, browser }, testInfo) => {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Read Only Inc", { issuePrefix: "VIEW" });
  const grace = await createAgent(api, company.id, { name: "Grace Hopper", role: "engineer", icon: "code" });
  await post(api, `/api/companies/${company.id}/labels`, { name: "bug", color: "#dc2626" });
  const issue = await post(api, `/api/companies/${company.id}/issues`, { title: "Audit the ledger", status: "todo" });
  await post(api, `/api/issues/${issue.id}/checkout`, { agentId: grace.id, expectedStatuses: ["todo"] }, 200);
  const viewer = { name: "Val Viewer", email: "viewer@example.test", password: "read-only-but-curious" };
  const env: NodeJS.ProcessEnv = { ...process.env, CHARTER_DATA_DIR: process.env.CHARTER_E2E_DIR };
  delete env.DATABASE_URL;
  execFileSync(process.execPath, ["scripts/charter.mjs", "user", "create", "--email", viewer.email, "--password", viewer.password, "--name", viewer.name], { env, stdio: "pipe" });
  await post(api, `/api/companies/${company.id}/members`, { email: viewer.email, role: "viewer" });

  const context = await browser.newContext({ baseURL: process.env.CHARTER_E2E_BASE_URL });
  const view = await context.newPage();
  try {
    await signIn(view, viewer);
    await view.goto("/VIEW/issues/labels");
    await expect(view.getByTestId("label-row")).toHaveCount(1);
    await expect(view.getByRole("button", { name: "New label" })).toHaveCount(0);
    await expect(view.getByRole("button", { name: "Edit bug" })).toHaveCount(0);
    await expect(view.getByRole("button", { name: "Delete bug" })).toHaveCount(0);

    await view.goto(`/VIEW/issues/${issue.identifier}`);
    await expect(view.getByTestId("lock-owner")).toContainText("Checked out by Grace Hopper");
    await expect(view.getByTestId("issue-checkout").getByRole("button")).toHaveCount(0);
    await snap(view, testInfo, "viewer-issue");

    await view.goto("/VIEW/issues?view=board");
    const card = column(view, "in_progress").getByTestId("board-card").filter({ hasText: issue.identifier });
    await expect(card).toBeVisible();
    await expect(card).toHaveAttribute("draggable", "false");
    await expect(card.getByRole("button", { name: `Move ${issue.identifier}` })).toHaveCount(0);
  } finally {
    await context.close();
  }
  await api.dispose();
});
