// The API reference: /docs/api renders the OpenAPI document with Swagger UI, every file from this
// server (nothing fetched from elsewhere), and the board links to it.
import { expect, signIn, snap, test } from "./fixtures";
import { boardApi, createCompany } from "./api";

test("the API reference renders the document's operations, from this server only", async ({ page, baseURL }, testInfo) => {
  const foreign: string[] = [];
  page.on("request", (req) => {
    if (!req.url().startsWith(baseURL!) && !req.url().startsWith("data:")) foreign.push(req.url());
  });
  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { name: "Charter API reference" })).toBeVisible();
  // an operation of the document, with its summary from the route
  const checkout = page.locator("#operations-Issues-postIssuesByIssueIdCheckout");
  await expect(checkout).toBeVisible();
  await expect(checkout).toContainText("/api/issues/{issueId}/checkout");
  await expect(checkout).toContainText("Check out an issue");
  await checkout.getByRole("button").first().click();
  await expect(checkout.getByText("409", { exact: true }).first()).toBeVisible();
  await snap(page, testInfo, "api-docs");
  expect(foreign, "requests to other origins").toEqual([]);
});

test("the board's side bar links to the API reference", async ({ page }) => {
  await signIn(page);
  const api = await boardApi(page);
  await createCompany(api, "Docs Readers", { issuePrefix: "DOCS" });
  await api.dispose();
  await page.goto("/DOCS/dashboard");
  await page.getByRole("link", { name: "API reference" }).click();
  await page.waitForURL(/\/docs\/api$/);
  await expect(page.getByRole("heading", { name: "Charter API reference" })).toBeVisible();
});
