// An issue whose workspace cannot be made: its run fails with the reason, and the board's inbox says
// so (kind workspace_error) with that reason, linking to the issue. Light, dark and 390 px.
import { expect, signIn, snap, test } from "./fixtures";
import { boardApi, createAgent, createCompany, post } from "./api";

test("a workspace that cannot be made is an inbox item with its reason", async ({ page }, testInfo) => {
  await signIn(page);
  const api = await boardApi(page);
  const company = await createCompany(api, "Unreachable Repos", { issuePrefix: "UNRE" });
  const project = await post<{ id: string }>(api, `/api/companies/${company.id}/projects`, {
    name: "Site", workspace: { repoUrl: "file:///nonexistent/charter-e2e/site.git" },
  });
  const agent = await createAgent(api, company.id, { name: "Wren", role: "engineer" });
  const issue = await post<{ identifier: string }>(api, `/api/companies/${company.id}/issues`, { title: "Build the landing page", projectId: project.id, assigneeAgentId: agent.id });
  await api.dispose();

  const item = page.getByTestId("inbox-item").filter({ hasText: `${issue.identifier}'s workspace could not be made` });
  await expect(async () => {
    await page.goto("/UNRE/inbox");
    await expect(item).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(item).toContainText("Workspace");
  await expect(item).toContainText("the repository cannot be reached");
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.reload();
    await expect(item).toBeVisible();
    await snap(page, testInfo, `workspace-inbox-${theme}`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(item).toBeVisible();
  await snap(page, testInfo, "workspace-inbox-390");
  await item.getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/UNRE/issues/${issue.identifier}$`));
});
