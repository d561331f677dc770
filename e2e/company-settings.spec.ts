// Company settings: profile and brand colour, a logo uploaded through the page, governance; the
// side bar follows, and the switcher moves between companies.
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, createCompany } from "./api";

const LOGO = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="#be123c"/><path d="M9 17l5 5 9-11" stroke="#fff" stroke-width="3" fill="none"/></svg>`,
);

test("settings: profile, logo, governance; the switcher", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  await createCompany(api, "Initech", { issuePrefix: "INTC", description: "Software for banks." });
  await api.dispose();

  await page.goto("/INTC/settings");
  const profile = page.getByRole("form", { name: "Company profile" });
  await profile.getByLabel("Name").fill("Initech Labs");
  await profile.getByLabel("Brand colour").fill("#be123c");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(profile.getByRole("status")).toHaveText("Saved");
  await expect(page.getByTestId("current-company")).toHaveText("Initech Labs");

  await test.step("a bad colour is caught before saving", async () => {
    await profile.getByLabel("Brand colour").fill("red");
    await expect(profile.getByText("Use a hex colour such as #1f6feb")).toBeVisible();
    await expect(profile.getByRole("button", { name: "Save profile" })).toBeDisabled();
    await profile.getByLabel("Brand colour").fill("#be123c");
  });

  await test.step("upload a logo, then remove it", async () => {
    const upload = page.getByRole("form", { name: "Upload logo" });
    await upload.locator('input[type="file"]').setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: LOGO });
    await upload.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByRole("img", { name: "Initech Labs logo" })).toHaveCount(2); // the card and the side bar
    await snap(page, testInfo, "01-settings-logo");
    await upload.getByRole("button", { name: "Remove logo" }).click();
    await expect(page.getByRole("img", { name: "Initech Labs logo" })).toHaveCount(0);
  });

  await test.step("governance", async () => {
    const gov = page.getByRole("form", { name: "Governance" });
    await gov.getByLabel("Monthly budget").fill("250.75");
    await gov.getByLabel("Require board approval for new agents").uncheck();
    await gov.getByRole("button", { name: "Save governance" }).click();
    await expect(page.getByText("of $250.75 this month")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("form", { name: "Governance" }).getByLabel("Monthly budget")).toHaveValue("250.75");
    await expect(page.getByRole("form", { name: "Governance" }).getByLabel("Require board approval for new agents")).not.toBeChecked();
  });

  await test.step("the switcher keeps the section and changes the company", async () => {
    await page.getByTestId("current-company").click();
    await snap(page, testInfo, "02-switcher");
    await page.getByRole("menuitem", { name: "Acme Robotics" }).click();
    await page.waitForURL(/\/ACME\/settings$/);
    await expect(page.getByTestId("current-company")).toHaveText("Acme Robotics");
    await page.goto("/NOPE/agents");
    await expect(page.getByRole("heading", { name: "This page does not exist" })).toBeVisible();
  });
});
