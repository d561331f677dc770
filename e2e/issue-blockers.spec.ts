// Blockers on the issue page: the board adds what an issue waits on with the picker and removes it,
// a cycle is refused with the API's sentence, the blocker shows what it blocks, and finishing the last
// blocker moves the blocked issue back to todo (the remedy blockers_finished, in its activity).
import type { Page } from "@playwright/test";
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, createAgent, createCompany, patch, post } from "./api";

const blockedBy = (page: Page) => page.getByTestId("issue-blocked-by");

async function addBlocker(page: Page, identifier: string) {
  const picker = page.getByRole("combobox", { name: "Add a blocker" });
  await picker.fill(identifier);
  await page.getByRole("option").filter({ hasText: identifier }).first().click();
  await expect(blockedBy(page)).toContainText(identifier);
}

test("blockers: add with the picker, remove, a cycle refused, Blocks, and the blocked issue back to todo when its blocker is done", async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Blocker Works", { issuePrefix: "BLKR" });
  const agent = await createAgent(api, company.id, { name: "Bea Blocked", role: "engineer" });
  const issues = `/api/companies/${company.id}/issues`;
  const schema = await post(api, issues, { title: "Design the schema", status: "in_progress", assigneeAgentId: agent.id });
  const docs = await post(api, issues, { title: "Write the docs" });
  const migrate = await post(api, issues, { title: "Run the migration", status: "blocked", assigneeAgentId: agent.id });

  await test.step("an issue with no blockers says so; the picker adds two", async () => {
    await page.goto(`/BLKR/issues/${migrate.identifier}`);
    await expect(page.getByText("Nothing: this issue waits on no other issue.")).toBeVisible();
    await expect(page.getByText("No issue waits on this one.")).toBeVisible();
    await snap(page, testInfo, "blockers-empty");
    await addBlocker(page, schema.identifier);
    await addBlocker(page, docs.identifier);
    await expect(blockedBy(page).getByRole("listitem")).toHaveCount(2);
    await snap(page, testInfo, "blockers-two");
  });

  await test.step("remove one; the other stays, also after a reload", async () => {
    await page.getByRole("button", { name: `Remove blocker ${docs.identifier}` }).click();
    await expect(blockedBy(page).getByRole("listitem")).toHaveCount(1);
    await page.reload();
    await expect(blockedBy(page)).toContainText(schema.identifier);
    await expect(blockedBy(page)).not.toContainText(docs.identifier);
  });

  await test.step("the blocker shows what it blocks; making it wait on its dependent is refused as a cycle", async () => {
    await page.getByTestId("issue-blocked-by").getByRole("link", { name: new RegExp(schema.identifier) }).click();
    await page.waitForURL(new RegExp(`/BLKR/issues/${schema.identifier}$`));
    await expect(page.getByTestId("issue-blocks")).toContainText(migrate.identifier);
    await addBlockerRefused(page, migrate.identifier);
    await snap(page, testInfo, "blockers-cycle");
  });

  await test.step("the blocker done: the blocked issue is back in todo, and its activity says why", async () => {
    await patch(api, `/api/issues/${schema.id}`, { status: "done" });
    await page.goto(`/BLKR/issues/${migrate.identifier}`);
    await expect(page.getByTestId("issue-status")).toContainText(/todo/i);
    await expect(page.getByText(`back to todo: its last open blocker, ${schema.identifier}, is finished`)).toBeVisible();
    await snap(page, testInfo, "blockers-released");
  });
});

async function addBlockerRefused(page: Page, identifier: string) {
  const picker = page.getByRole("combobox", { name: "Add a blocker" });
  await picker.fill(identifier);
  await page.getByRole("option").filter({ hasText: identifier }).first().click();
  // Next's route announcer is an alert too
  await expect(page.getByRole("alert").filter({ hasText: "would make a cycle" })).toBeVisible();
  await expect(page.getByText("Nothing: this issue waits on no other issue.")).toBeVisible();
}
