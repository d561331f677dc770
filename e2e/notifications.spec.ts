// The notifications page: choose events and a digest, save, give one company settings of its own and
// take them back, and send a test email that a real smtp-server (started here, on the port
// global-setup gave the server as SMTP_URL) receives; a company's email unsubscribes from that company,
// the test email's from all.
import { request as playwrightRequest } from "@playwright/test";
import { SMTPServer } from "smtp-server";
import { simpleParser, type ParsedMail } from "mailparser";
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, createAgent, createCompany, post } from "./api";
import { seriousAxeViolations } from "./axe";

test("notifications: preferences, digest choice and a test email", async ({ page }, testInfo) => {
  // the company's mail goes through the shared server's outbox and job queue, behind the other journeys' work
  test.setTimeout(240_000);
  const messages: ParsedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true, disabledCommands: ["STARTTLS"], logger: false,
    onData(stream, _session, done) { simpleParser(stream).then((m) => { messages.push(m); done(); }, done); },
  });
  await new Promise<void>((resolve) => smtp.listen(Number(process.env.CHARTER_E2E_SMTP_PORT), "127.0.0.1", resolve));
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  try {
    const mailroom = await createCompany(api, "Mailroom", { issuePrefix: "MAIL" });
    await createCompany(api, "Mailroom Annex", { issuePrefix: "MAILX" });

    await page.goto("/MAIL/settings");
    await page.getByRole("link", { name: "Notifications" }).click();
    await expect(page.getByRole("heading", { name: "Notifications" })).toBeVisible();
    await expect(page.getByText("Mail is off")).toHaveCount(0);

    const form = page.getByRole("form", { name: "Email notifications" });
    await form.getByLabel("When").selectOption("daily");
    await form.getByRole("checkbox", { name: /Issue created/ }).check();
    await form.getByRole("checkbox", { name: /A run failed/ }).uncheck();
    await form.getByRole("button", { name: "Save preferences" }).click();
    await expect(form.getByRole("status")).toHaveText("Saved.");
    await snap(page, testInfo, "01-notifications");

    await page.reload();
    await expect(form.getByLabel("When")).toHaveValue("daily");
    await expect(form.getByRole("checkbox", { name: /Issue created/ })).toBeChecked();
    await expect(form.getByRole("checkbox", { name: /A run failed/ })).not.toBeChecked();

    await page.getByRole("button", { name: "Send a test email" }).click();
    await expect(page.getByText(`Sent to ${ADMIN.email}.`)).toBeVisible();
    // notifications of earlier journeys' events, waiting for a mail server, may arrive here too once
    // this one listens: the test email is the one that says so
    const testMails = () => messages.filter((m) => m.subject === "[Charter] Test email: notifications reach you");
    await expect.poll(() => testMails().length).toBe(1);
    const testMail = testMails()[0];
    expect(testMail.to).toMatchObject({ value: [{ address: ADMIN.email }] });
    expect(testMail.text).toMatch(/test email/i);
    expect(testMail.headerLines.some((h) => h.key === "list-unsubscribe-post")).toBe(true);
    await snap(page, testInfo, "02-notifications-sent");

    await test.step("at phone width, in the dark theme", async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.emulateMedia({ colorScheme: "dark" });
      await page.reload();
      await expect(form.getByRole("button", { name: "Save preferences" })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect.soft(await seriousAxeViolations(page)).toEqual([]);
      await snap(page, testInfo, "03-notifications-phone-dark");
    });

    await test.step("per company: its own settings saved, then back to the default", async () => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.emulateMedia({ colorScheme: "light" });
      await page.reload();
      const companies = page.getByRole("list", { name: "Companies" });
      const annex = companies.getByRole("listitem").filter({ hasText: "Mailroom Annex" });
      await expect(annex).toContainText("Same as my default");
      await page.getByRole("button", { name: "Change email settings for Mailroom Annex" }).click();
      const annexForm = page.getByRole("form", { name: "Email settings for Mailroom Annex" });
      // it starts from the default chosen above
      await expect(annexForm.getByLabel("When")).toHaveValue("daily");
      await annexForm.getByRole("checkbox", { name: "Email me about Mailroom Annex" }).uncheck();
      await annexForm.getByRole("button", { name: "Save for this company" }).click();
      await expect(annexForm.getByRole("status")).toHaveText("Saved.");
      await expect(annex).toContainText("Own settings");
      await expect(annex).toContainText("No email");
      await snap(page, testInfo, "03a-company-own-settings");
      await page.reload();
      await expect(annex).toContainText("No email");
      await page.getByRole("button", { name: "Change email settings for Mailroom Annex" }).click();
      await expect(annexForm.getByRole("checkbox", { name: "Email me about Mailroom Annex" })).not.toBeChecked();
      await annexForm.getByRole("button", { name: "Use my default" }).click();
      await expect(annexForm.getByRole("status")).toHaveText("Back to your default.");
      await expect(annex).toContainText("Same as my default");
      await expect(annexForm.getByRole("button", { name: "Use my default" })).toHaveCount(0);
      // the default form is untouched by either
      await expect(form.getByLabel("When")).toHaveValue("daily");

      // Mailroom mails at once (approvals waiting are among the default's events), for the next step
      await page.getByRole("button", { name: "Change email settings for Mailroom", exact: true }).click();
      const own = page.getByRole("form", { name: "Email settings for Mailroom", exact: true });
      await own.getByLabel("When").selectOption("immediate");
      await own.getByRole("button", { name: "Save for this company" }).click();
      await expect(own.getByRole("status")).toHaveText("Saved.");
      await expect(companies.getByRole("listitem").filter({ hasText: /^Mailroom(?! Annex)/ })).toContainText("Immediately");
      expect.soft(await seriousAxeViolations(page)).toEqual([]);
      await snap(page, testInfo, "03b-company-immediate");
    });

    await test.step("a company's email unsubscribes from that company only", async () => {
      const ceo = await createAgent(api, mailroom.id, { name: "Postie", role: "ceo" });
      const { token } = await post<{ token: string }>(api, `/api/agents/${ceo.id}/keys`, { name: "e2e" });
      const ceoApi = await playwrightRequest.newContext({ baseURL: process.env.CHARTER_E2E_BASE_URL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
      await post(ceoApi, `/api/companies/${mailroom.id}/approvals`, { type: "approve_ceo_strategy", requestedByAgentId: ceo.id, payload: { plan: "Answer every letter" } });
      await ceoApi.dispose();
      const companyMails = () => messages.filter((m) => m.subject?.startsWith("[Mailroom] "));
      await expect.poll(() => companyMails().length, { timeout: 90_000 }).toBeGreaterThan(0);
      const link = /<(https?:[^>]+)>/.exec(companyMails()[0].headerLines.find((h) => h.key === "list-unsubscribe")?.line.replace(/\r\n\s+/g, " ") ?? "")?.[1];
      expect(link).toBeTruthy();
      await page.setViewportSize({ width: 390, height: 844 });
      for (const theme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await page.goto(new URL(link!).pathname + new URL(link!).search);
        await expect(page.getByRole("heading", { name: "Stop emails about Mailroom?" })).toBeVisible();
        await expect(page.getByRole("button", { name: "Unsubscribe from all companies" })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        expect.soft(await seriousAxeViolations(page), theme).toEqual([]);
        await snap(page, testInfo, `03c-unsubscribe-company-${theme}`);
      }
      await page.getByRole("button", { name: "Unsubscribe from Mailroom" }).click();
      await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
      await expect(page.getByText("no more notifications about Mailroom")).toBeVisible();
      await page.goto("/MAIL/settings/notifications");
      await expect(page.getByRole("checkbox", { name: "Email me notifications" })).toBeChecked();
      await expect(page.getByRole("list", { name: "Companies" }).getByRole("listitem").filter({ hasText: /^Mailroom(?! Annex)/ })).toContainText("No email");
      await snap(page, testInfo, "03d-company-unsubscribed-390-dark");
    });

    await test.step("the unsubscribe link of the email: a page with a button, both themes at 390 px", async () => {
      const link = /<(https?:[^>]+)>/.exec(testMail.headerLines.find((h) => h.key === "list-unsubscribe")?.line ?? "")?.[1];
      expect(link).toBeTruthy();
      const path = new URL(link!).pathname + new URL(link!).search;
      for (const theme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await page.goto(path);
        await expect(page.getByRole("heading", { name: "Stop notification emails?" })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        expect.soft(await seriousAxeViolations(page), theme).toEqual([]);
        await snap(page, testInfo, `04-unsubscribe-${theme}`);
      }
      await page.getByRole("button", { name: "Unsubscribe" }).focus();
      await snap(page, testInfo, "05-unsubscribe-focus");
      await page.getByRole("button", { name: "Unsubscribe" }).click();
      await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
      await page.goto("/MAIL/settings/notifications");
      await expect(page.getByRole("checkbox", { name: "Email me notifications" })).not.toBeChecked();
    });
  } finally {
    await api.dispose();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
});
