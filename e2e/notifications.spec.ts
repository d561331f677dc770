// The notifications page: choose events and a digest, save, and send a test email that a real
// smtp-server (started here, on the port global-setup gave the server as SMTP_URL) receives.
import { SMTPServer } from "smtp-server";
import { simpleParser, type ParsedMail } from "mailparser";
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, createCompany } from "./api";
import { seriousAxeViolations } from "./axe";

test("notifications: preferences, digest choice and a test email", async ({ page }, testInfo) => {
  const messages: ParsedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true, disabledCommands: ["STARTTLS"], logger: false,
    onData(stream, _session, done) { simpleParser(stream).then((m) => { messages.push(m); done(); }, done); },
  });
  await new Promise<void>((resolve) => smtp.listen(Number(process.env.CHARTER_E2E_SMTP_PORT), "127.0.0.1", resolve));
  try {
    await signIn(page, ADMIN);
    const api = await boardApi(page);
    await createCompany(api, "Mailroom", { issuePrefix: "MAIL" });
    await api.dispose();

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
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
});
