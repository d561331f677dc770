// People: a second person invited by link signs up and sees the company with the invite's role; the
// owner changes roles and cannot remove the last owner; the invite page's spent states. Also the
// issue page's activity and approvals, activity subjects, missing entity pages as real 404s, and
// Escape inside the new-project dialog's pickers.
import type { Browser, Page, TestInfo } from "@playwright/test";
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, createAgent, createCompany, patch, post } from "./api";
import { withE2eDatabase } from "./db";

const PHONE = { width: 390, height: 844 };
const NEWCOMER = { name: "Grace Hopper", email: "grace@example.test", password: "cobol-1959-compiler" };

/** A screenshot at desktop width and at 390 px. */
async function snapBoth(page: Page, testInfo: TestInfo, name: string) {
  await snap(page, testInfo, `${name}-desktop`);
  const size = page.viewportSize();
  await page.setViewportSize(PHONE);
  await snap(page, testInfo, `${name}-390`);
  if (size) await page.setViewportSize(size);
}

/** `count` board users joined to the company straight in the database (the members page at scale). */
async function seedMembers(companyId: string, count: number, tag: string) {
  await withE2eDatabase(async (db) => {
    await db.query(
      `WITH u AS (
         INSERT INTO "User" (id, email, name, "passwordHash", "updatedAt")
         SELECT gen_random_uuid(), $2 || '-' || n || '@example.test', 'Member ' || n, 'not-a-hash', now() FROM generate_series(1, $3::int) n
         RETURNING id, name)
       INSERT INTO "Membership" ("companyId", "userId", role)
       SELECT $1::uuid, id, (ARRAY['admin','member','viewer']::"MembershipRole"[])[1 + (substring(name from 8)::int % 3)] FROM u`,
      [companyId, tag, count],
    );
  });
}

async function freshContextPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1360, height: 900 } });
  return { context, page: await context.newPage() };
}

test("people: invite by link, a newcomer signs up as viewer, roles change, the last owner stays", async ({ page, browser, baseURL }, testInfo) => {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "People Partners", { issuePrefix: "PPL" });
  const issue = await post(api, `/api/companies/${company.id}/issues`, { title: "Write the onboarding guide" });

  await page.goto("/PPL/settings");
  await page.getByRole("link", { name: "Members" }).click();
  await page.waitForURL(/\/PPL\/settings\/members$/);
  await expect(page.getByTestId("member-row")).toHaveCount(1);
  await snapBoth(page, testInfo, "01-members-1");

  let link = "";
  await test.step("the owner creates a viewer link, shown once", async () => {
    const form = page.getByRole("form", { name: "Invite a person" });
    await form.getByLabel("Role").selectOption("viewer");
    await form.getByRole("button", { name: "Create link" }).click();
    link = await page.getByLabel("Invite link").inputValue();
    expect(link).toMatch(/\/invite\/chk_join_[A-Za-z0-9_-]{43}$/);
    // the suite's server is opened at 127.0.0.1 with no PUBLIC_BASE_URL: the dialog says the link works only here
    const note = page.getByTestId("board-invite-result").getByRole("status");
    await expect(note).toContainText("This link works only on this computer");
    await expect(note).toContainText("PUBLIC_BASE_URL");
    await expect(page.getByTestId("invite-row")).toHaveCount(1);
    await expect(page.getByTestId("invite-row")).toContainText("Anyone with the link");
    await snapBoth(page, testInfo, "02-members-invite-created");
    await page.emulateMedia({ colorScheme: "dark" });
    await snapBoth(page, testInfo, "02b-members-invite-created-dark");
    await page.emulateMedia({ colorScheme: "light" });
  });

  const guest = await freshContextPage(browser, baseURL!);
  await test.step("the newcomer opens the link, signs up and lands on the company as a viewer", async () => {
    expect((await guest.page.goto(new URL(link).pathname))?.status()).toBe(200);
    await expect(guest.page.getByTestId("invite-state")).toHaveAttribute("data-state", "valid");
    await expect(guest.page.getByRole("heading", { name: "Join People Partners" })).toBeVisible();
    await snapBoth(guest.page, testInfo, "03-invite-valid");
    await guest.page.getByLabel("Your name").fill(NEWCOMER.name);
    await guest.page.getByLabel("Email").fill(NEWCOMER.email);
    await guest.page.getByLabel("Password").fill("short");
    await guest.page.getByRole("button", { name: "Create account and join" }).click();
    await expect(guest.page.getByText("must be at least 8 characters")).toBeVisible();
    await expect(guest.page.getByLabel("Your name")).toHaveValue(NEWCOMER.name); // nothing typed is lost
    await guest.page.getByLabel("Password").fill(NEWCOMER.password);
    await guest.page.getByRole("button", { name: "Create account and join" }).click();
    await guest.page.waitForURL(/\/PPL\/dashboard$/);
    await expect(guest.page.getByTestId("current-company")).toHaveText("People Partners");
  });

  await test.step("a viewer sees no edit controls", async () => {
    await guest.page.goto(`/PPL/issues/${issue.identifier}`);
    await expect(guest.page.getByRole("heading", { name: "Write the onboarding guide" })).toBeVisible();
    await expect(guest.page.getByRole("button", { name: "Edit" })).toHaveCount(0);
    await guest.page.goto("/PPL/settings/members");
    await expect(guest.page.getByTestId("member-row")).toHaveCount(2);
    await expect(guest.page.getByRole("form", { name: "Invite a person" })).toHaveCount(0);
    await expect(guest.page.getByRole("combobox")).toHaveCount(0);
    await expect(guest.page.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  });

  await test.step("the spent link says so, to anyone", async () => {
    expect((await guest.page.goto(new URL(link).pathname))?.status()).toBe(410);
    await expect(guest.page.getByTestId("invite-state")).toHaveAttribute("data-state", "used");
    await expect(guest.page.getByRole("heading", { name: "This invite has already been used" })).toBeVisible();
    await snapBoth(guest.page, testInfo, "04-invite-used");
    expect((await guest.page.goto("/invite/chk_join_not-a-real-token"))?.status()).toBe(404);
    await expect(guest.page.getByTestId("invite-state")).toHaveAttribute("data-state", "unknown");
    await snapBoth(guest.page, testInfo, "05-invite-unknown");
    const expired = await post<{ id: string; url: string }>(api, `/api/companies/${company.id}/board-invites`, { role: "member" });
    await withE2eDatabase((db) => db.query(`UPDATE "BoardInvite" SET "expiresAt" = now() - interval '1 day' WHERE id = $1`, [expired.id]));
    expect((await guest.page.goto(new URL(expired.url).pathname))?.status()).toBe(410);
    await expect(guest.page.getByTestId("invite-state")).toHaveAttribute("data-state", "expired");
    await snapBoth(guest.page, testInfo, "06-invite-expired");
    const withdrawn = await post<{ id: string; url: string }>(api, `/api/companies/${company.id}/board-invites`, { role: "member" });
    expect((await api.delete(`/api/companies/${company.id}/board-invites/${withdrawn.id}`)).status()).toBe(204);
    expect((await guest.page.goto(new URL(withdrawn.url).pathname))?.status()).toBe(404);
    await expect(guest.page.getByTestId("invite-state")).toHaveAttribute("data-state", "revoked");
    await snapBoth(guest.page, testInfo, "06b-invite-withdrawn");
  });

  await test.step("the owner makes the newcomer a member; the last owner cannot leave or step down", async () => {
    await page.reload();
    const graceRole = page.getByLabel(`Role of ${NEWCOMER.name}`);
    await graceRole.selectOption("member");
    await expect.poll(async () => (await (await api.get(`/api/companies/${company.id}/members`)).json()).find((m: { email: string }) => m.email === NEWCOMER.email)?.role).toBe("member");
    await page.getByLabel(`Role of ${ADMIN.name}`).selectOption("admin");
    await expect(page.getByRole("alert").filter({ hasText: "A company must keep at least one owner" })).toBeVisible();
    await expect(page.getByLabel(`Role of ${ADMIN.name}`)).toHaveValue("owner");
    await page.getByRole("button", { name: `Remove ${ADMIN.name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Remove ${ADMIN.name}?` });
    await expect(dialog).toContainText("They are the last owner");
    await dialog.getByRole("button", { name: "Remove" }).click();
    await expect(dialog.getByRole("alert")).toContainText("A company must keep at least one owner");
    await snapBoth(page, testInfo, "07-members-last-owner");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByTestId("member-row")).toHaveCount(2);
  });

  await test.step("the viewer's new role shows on their next page", async () => {
    await guest.page.goto(`/PPL/issues/${issue.identifier}`);
    await expect(guest.page.getByRole("button", { name: "Edit" }).first()).toBeVisible();
    await guest.context.close();
  });

  await test.step("members page with 5 and 60 people", async () => {
    await seedMembers(company.id, 3, "five");
    await page.reload();
    await expect(page.getByTestId("member-row")).toHaveCount(5);
    await snapBoth(page, testInfo, "08-members-5");
    await seedMembers(company.id, 55, "sixty");
    await page.reload();
    await expect(page.getByTestId("member-row")).toHaveCount(60);
    await snapBoth(page, testInfo, "09-members-60");
  });
  await api.dispose();
});

test("the issue page shows its activity and linked approvals; activity lines name their subject", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Lifecycle Labs", { issuePrefix: "LIFE" });
  const ceo = await createAgent(api, company.id, { name: "Chief", role: "ceo" });
  const { token } = await post<{ token: string }>(api, `/api/agents/${ceo.id}/keys`, { name: "e2e" });
  const issue = await post(api, `/api/companies/${company.id}/issues`, { title: "Plan the first quarter" });
  await post(api, `/api/issues/${issue.id}/comments`, { body: "Draft the strategy first." });
  const res = await page.request.post(`/api/companies/${company.id}/approvals`, {
    headers: { authorization: `Bearer ${token}` },
    data: { type: "approve_ceo_strategy", requestedByAgentId: ceo.id, payload: { plan: "# Grow carefully\n\nHire two engineers." }, issueIds: [issue.id] },
  });
  expect(res.status(), await res.text()).toBe(201);

  await page.goto(`/LIFE/issues/${issue.identifier}`);
  const approvals = page.getByTestId("issue-approvals");
  await expect(approvals.getByTestId("issue-approval")).toHaveCount(1);
  await expect(approvals).toContainText("Grow carefully");
  await expect(approvals).toContainText("Pending");
  const activity = page.getByTestId("issue-activity");
  await expect(activity.getByTestId("issue-activity-item")).toHaveCount(2);
  await expect(activity.getByTestId("issue-activity-item").first()).toContainText("commented on this issue");
  await expect(activity.getByTestId("issue-activity-item").last()).toContainText("created this issue");
  await activity.scrollIntoViewIfNeeded();
  await snapBoth(page, testInfo, "10-issue-activity-approvals");

  await test.step("a status change appears in the activity", async () => {
    await patch(api, `/api/issues/${issue.id}`, { status: "todo" });
    await page.reload();
    await expect(activity.getByTestId("issue-activity-item").first()).toContainText("moved this issue from Backlog to Todo");
  });

  await test.step("the activity page names and links the issue; filters are plural words", async () => {
    await page.goto("/LIFE/activity");
    const subject = page.getByTestId("activity-subject").filter({ hasText: issue.identifier }).first();
    await expect(subject).toHaveAttribute("href", `/LIFE/issues/${issue.identifier}`);
    await expect(subject).toContainText("Plan the first quarter");
    await expect(page.getByRole("link", { name: "the CEO's strategy" }).first()).toBeVisible();
    const options = await page.getByLabel("Subject").locator("option").allTextContents();
    expect(options.join(",")).not.toMatch(/Companys|ys\b/);
    await snapBoth(page, testInfo, "11-activity-subjects");
  });
  await api.dispose();
});

test("missing entity pages answer 404 with the not-found page", async ({ page }) => {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Nowhere Inc", { issuePrefix: "NWH" });
  const issue = await post(api, `/api/companies/${company.id}/issues`, { title: "Exists" });
  const missing = "01900000-0000-7000-8000-000000000000";
  expect((await page.request.get(`/NWH/issues/${issue.identifier}`)).status()).toBe(200);
  for (const path of [`/NWH/issues/NWH-999`, `/NWH/agents/nobody`, `/NWH/projects/${missing}`, `/NWH/approvals/${missing}`, `/NWH/runs/${missing}`, `/NOPE/dashboard`]) {
    const res = await page.request.get(path);
    expect(res.status(), path).toBe(404);
    expect(await res.text(), path).toContain("This page does not exist");
  }
  await page.goto("/NWH/issues/NWH-999");
  await expect(page.getByRole("heading", { name: "This page does not exist" })).toBeVisible();
  await api.dispose();
});

test("Escape in the new-project dialog's pickers leaves the picker, not the dialog", async ({ page }) => {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Escape Artists", { issuePrefix: "ESC" });
  await post(api, `/api/companies/${company.id}/goals`, { title: "Stay open" });
  await page.goto("/ESC/projects");
  await page.getByRole("button", { name: "New project" }).click();
  const dialog = page.getByRole("dialog", { name: "New project" });
  await dialog.getByLabel("Name", { exact: true }).fill("Half typed");
  await dialog.getByRole("button", { name: "Goals" }).click();
  await expect(dialog.getByRole("group", { name: "Goals" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog.getByRole("group", { name: "Goals" })).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Status").focus();
  await page.keyboard.type("a");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Name", { exact: true })).toHaveValue("Half typed");
  // Escape elsewhere in the dialog still closes it
  await dialog.getByLabel("Name", { exact: true }).focus();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await api.dispose();
});
