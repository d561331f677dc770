// The agent page's Instructions tab: an agent without instructions, AGENTS.md created and saved, a
// second file added, renamed and previewed, the bundle still there after a reload, and each save a
// configuration revision.
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, createAgent, createCompany } from "./api";

test("edit an agent's managed instructions, save, reload, see the revision", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Instruction Works", { issuePrefix: "INST" });
  const agent = await createAgent(api, company.id, { name: "Iris", role: "ceo", title: "Chief Executive Officer" });

  await page.setViewportSize({ width: 1280, height: 1100 });
  await page.goto(`/INST/agents/${agent.urlKey}`);
  await page.getByRole("tab", { name: "Instructions" }).click();
  await expect(page).toHaveURL(/\?tab=instructions$/);
  const card = page.getByTestId("agent-instructions");

  await test.step("none yet: an empty state and the secrets warning", async () => {
    await expect(card.getByText("No managed instructions")).toBeVisible();
    await expect(card.getByText("Do not put secrets here.")).toBeVisible();
    await snap(page, testInfo, "01-instructions-empty");
  });

  await test.step("create AGENTS.md and save: a revision appears", async () => {
    await card.getByRole("button", { name: "Create AGENTS.md" }).click();
    await card.getByLabel("Content of AGENTS.md").fill("# Iris\n\nYou run **Instruction Works**.\n\n- Hire carefully\n- Ship weekly\n");
    await card.getByRole("button", { name: "Save" }).click();
    await expect(card.getByTestId("instructions-saved")).toBeVisible();
    await expect(page.getByTestId("config-revisions").getByText("Instructions edited")).toBeVisible();
    await snap(page, testInfo, "02-instructions-one-file");
  });

  await test.step("add SOUL.md, rename it, preview it, save", async () => {
    await card.getByRole("button", { name: "+ Add file" }).click();
    await card.getByLabel("New file name").fill("bad name.md");
    await expect(card.getByText("Use letters, digits")).toBeVisible();
    await card.getByLabel("New file name").fill("SPIRIT.md");
    await card.getByRole("button", { name: "Add", exact: true }).click();
    await card.getByLabel("Content of SPIRIT.md").fill("Stay **calm** under pressure.");
    await card.getByRole("button", { name: "Rename SPIRIT.md" }).click();
    await card.getByLabel("New name for SPIRIT.md").fill("SOUL.md");
    await card.getByRole("button", { name: "Rename", exact: true }).click();
    await card.getByRole("tab", { name: "Preview" }).click();
    await expect(card.getByTestId("instructions-preview").locator("strong")).toHaveText("calm");
    await card.getByRole("button", { name: "Save" }).click();
    await expect(card.getByTestId("instructions-saved")).toBeVisible();
    await snap(page, testInfo, "03-instructions-several-files");
  });

  await test.step("after a reload the bundle and both revisions are there", async () => {
    await page.reload();
    const files = page.getByTestId("instruction-files");
    await expect(files.getByRole("button", { name: "AGENTS.md", exact: true })).toBeVisible();
    await expect(files.getByRole("button", { name: "SOUL.md", exact: true })).toBeVisible();
    await expect(page.getByTestId("agent-instructions").getByLabel("Content of AGENTS.md")).toHaveValue(/You run \*\*Instruction Works\*\*/);
    await expect(page.getByTestId("config-revisions").getByText("Instructions edited")).toHaveCount(2);
    const got = await (await api.get(`/api/agents/${agent.id}/instructions`)).json();
    expect(got.files).toEqual([
      { path: "AGENTS.md", content: "# Iris\n\nYou run **Instruction Works**.\n\n- Hire carefully\n- Ship weekly\n" },
      { path: "SOUL.md", content: "Stay **calm** under pressure." },
    ]);
  });

  await test.step("the tab in the dark theme", async () => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.getByTestId("instruction-files").getByRole("button", { name: "SOUL.md", exact: true }).click();
    await expect(page.getByTestId("agent-instructions").getByLabel("Content of SOUL.md")).toBeVisible();
    await snap(page, testInfo, "04-instructions-dark");
  });
});
