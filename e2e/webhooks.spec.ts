// Webhooks: the board subscribes a receiver on this machine in the browser, a CEO's hire is approved,
// and the delivery log shows the approval events delivered, signed so the reference verifier accepts them.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { request as playwrightRequest } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, createAgent, createCompany, post } from "./api";
import { seriousAxeViolations } from "./axe";
import { withE2eDatabase } from "./db";

interface Received { headers: Record<string, string>; body: string }

async function receiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])), body: Buffer.concat(chunks).toString() });
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/charter`, received, close: () => server.close() };
}

test("a receiver subscribed in the browser gets the approval of a hire, and the log shows it delivered", async ({ page }, testInfo) => {
  // three journeys in one: subscribe and deliver, then 31 webhooks in two themes at two widths, then 200 rows paged
  test.setTimeout(150_000);
  const rx = await receiver();
  try {
    await signIn(page, ADMIN);
    const board = await boardApi(page);
    const company = await createCompany(board, "Hooked Co", { issuePrefix: "WHOOK" });
    const ceo = await createAgent(board, company.id, { name: "Cleo", role: "ceo" });
    const { token } = await post<{ token: string }>(board, `/api/agents/${ceo.id}/keys`, { name: "e2e" });
    const ceoApi = await playwrightRequest.newContext({ baseURL: process.env.CHARTER_E2E_BASE_URL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });

    let secret = "";
    await test.step("the board subscribes the receiver and keeps the secret shown once", async () => {
      await page.goto("/WHOOK/settings/webhooks");
      await expect(page.getByText("No webhooks yet")).toBeVisible();
      await page.getByLabel("URL").fill(rx.url);
      await page.getByLabel("approval.created").check();
      await page.getByLabel("approval.decided").check();
      await page.getByRole("button", { name: "Add webhook" }).click();
      secret = await page.getByLabel("Signing secret").inputValue();
      expect(secret).toMatch(/^whsec_/);
      await expect(page.getByTestId("webhook")).toHaveAttribute("data-url", rx.url);
      await snap(page, testInfo, "01-subscribed");
    });

    await test.step("a test send is delivered and shows in the log", async () => {
      await page.getByRole("button", { name: "Send test" }).click();
      await expect(page.getByTestId("webhook-delivery").and(page.locator("[data-event-type='webhook.test']"))).toHaveAttribute("data-status", "delivered", { timeout: 30_000 });
    });

    const hire = await post<{ approval: { id: string } }>(ceoApi, `/api/companies/${company.id}/agent-hires`, { name: "Devon", role: "engineer" });

    await test.step("the board approves the hire", async () => {
      await page.goto(`/WHOOK/approvals/${hire.approval.id}`);
      await page.getByRole("button", { name: "Approve" }).click();
      const dialog = page.getByRole("dialog", { name: "Approve Devon" });
      await dialog.getByLabel("Command", { exact: true }).fill("echo hi");
      await dialog.getByRole("button", { name: "Approve", exact: true }).click();
      await expect(page.getByTestId("approval-status")).toHaveText("Approved");
    });

    await test.step("the log shows both events delivered; the receiver verifies them", async () => {
      await page.goto("/WHOOK/settings/webhooks");
      const decided = page.getByTestId("webhook-delivery").and(page.locator("[data-event-type='approval.decided']"));
      await expect(decided).toHaveAttribute("data-status", "delivered", { timeout: 30_000 });
      await expect(page.getByTestId("webhook-delivery").and(page.locator("[data-event-type='approval.created']"))).toHaveAttribute("data-status", "delivered");
      await snap(page, testInfo, "02-delivered");
      const types = rx.received.map((r) => (new Webhook(secret).verify(r.body, r.headers) as { type: string }).type);
      expect(types).toEqual(["webhook.test", "approval.created", "approval.decided"]);
    });

    await test.step("30 webhooks of every event type and a log of 200 deliveries: both themes, 390 px, axe", async () => {
      await page.goto("/WHOOK/settings/webhooks");
      const everyType = await page.locator("form fieldset input[type=checkbox]").evaluateAll((boxes) => boxes.map((b) => b.closest("label")?.textContent?.trim() ?? ""));
      expect(everyType.length).toBeGreaterThan(5);
      const ids: string[] = [];
      const urls: string[] = [];
      for (let i = 0; i < 30; i++) {
        const url = `${rx.url}/${"a-very-long-path-segment-that-never-breaks-".repeat(3)}${i}?token=${"x".repeat(60)}`;
        urls.push(url);
        ids.push((await post<{ id: string }>(board, `/api/companies/${company.id}/webhooks`, { url, eventTypes: everyType })).id);
      }
      await withE2eDatabase((db) => db.query(
        `INSERT INTO "WebhookDelivery" (id, "companyId", "subscriptionId", "eventId", "eventType", payload, status, attempts, "lastStatusCode", "lastError", "deliveredAt", "durationMs")
         SELECT gen_random_uuid(), $1, $2, gen_random_uuid(), 'issue.updated', '{}'::jsonb, CASE WHEN n % 3 = 0 THEN 'failed' ELSE 'delivered' END::"WebhookDeliveryStatus", 1 + n % 7,
                CASE WHEN n % 3 = 0 THEN 502 ELSE 200 END, CASE WHEN n % 3 = 0 THEN 'the receiver answered 502 Bad Gateway with a long body that goes on and on' END, now(), 40 + n
         FROM generate_series(1, 200) n`, [company.id, ids[0]]));
      for (const theme of ["light", "dark"] as const) {
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: 900 });
          await page.emulateMedia({ colorScheme: theme });
          await page.goto("/WHOOK/settings/webhooks");
          await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
          await expect(page.getByTestId("webhook")).toHaveCount(31);
          await expect(page.getByTestId("webhook-delivery").first()).toBeVisible();
          expect(await page.evaluate(() => document.documentElement.scrollWidth), `${theme} at ${width}`).toBeLessThanOrEqual(width);
          expect.soft(await seriousAxeViolations(page), `${theme} at ${width}`).toEqual([]);
          // the viewport only: a full page of 31 cards and their logs takes longer to shoot than the test may run
          await snap(page, testInfo, `03-many-${theme}-${width}`, { fullPage: false });
        }
      }
      const busy = page.locator(`[data-testid='webhook'][data-url='${urls[0]}']`);
      await expect(busy.getByTestId("webhook-delivery")).toHaveCount(50);
      for (const shown of [100, 150, 200]) {
        await busy.getByRole("button", { name: "Show older deliveries" }).click();
        await expect(busy.getByTestId("webhook-delivery")).toHaveCount(shown);
      }
      await expect(busy.getByRole("button", { name: "Show older deliveries" })).toHaveCount(0);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.emulateMedia({ colorScheme: "light" });
    });

    await ceoApi.dispose();
    await board.dispose();
  } finally {
    rx.close();
  }
});
