// Goals and projects on the board: a goal tree with a status changed in place; a project created with
// an inline workspace, its workspaces added, made primary, edited and deleted, and its issues.
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, createCompany, post } from "./api";

test("goals and projects: the tree, a project with workspaces and its issues", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Goal Setters", { issuePrefix: "GOAL" });

  await test.step("goals: a company goal, a team goal under it, a status change", async () => {
    await page.goto("/GOAL/goals");
    await expect(page.getByText("No goals yet")).toBeVisible();
    await snap(page, testInfo, "01-goals-empty");
    await page.getByRole("button", { name: "New goal" }).click();
    let dialog = page.getByRole("dialog", { name: "New goal" });
    await dialog.getByLabel("Title").fill("Ship the v1 platform");
    await dialog.getByRole("button", { name: "Create goal" }).click();
    await expect(page.getByTestId("goal-node")).toHaveCount(1);

    await page.getByRole("button", { name: "Add a sub-goal to Ship the v1 platform" }).click();
    dialog = page.getByRole("dialog", { name: "New sub-goal" });
    await expect(dialog.getByLabel("Level")).toHaveValue("team");
    await dialog.getByLabel("Title").fill("Reliable telemetry");
    await dialog.getByRole("button", { name: "Create goal" }).click();
    await expect(page.getByTestId("goal-node")).toHaveCount(2);
    // the team goal sits inside the company goal's node
    await expect(page.getByTestId("goal-node").first().getByTestId("goal-node")).toContainText("Reliable telemetry");

    await page.getByLabel("Status of Reliable telemetry").selectOption("achieved");
    await expect.poll(async () => (await (await api.get(`/api/companies/${company.id}/goals`)).json()).map((g: { status: string }) => g.status).sort())
      .toEqual(["achieved", "active"]);
    await snap(page, testInfo, "02-goals");
  });

  await test.step("a project with an inline workspace and a goal", async () => {
    await page.goto("/GOAL/projects");
    await page.getByRole("button", { name: "New project" }).click();
    const dialog = page.getByRole("dialog", { name: "New project" });
    await dialog.getByLabel("Name", { exact: true }).fill("Fleet dashboard");
    await dialog.getByLabel("Status").selectOption("active");
    await dialog.getByRole("button", { name: "Goals" }).click();
    await dialog.getByRole("group", { name: "Goals" }).getByLabel("Ship the v1 platform").check();
    await dialog.getByLabel("Directory").fill("/srv/fleet");
    await snap(page, testInfo, "03-new-project");
    await dialog.getByRole("button", { name: "Create project" }).click();
    await page.waitForURL(/\/GOAL\/projects\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: "Fleet dashboard" })).toBeVisible();
    await expect(page.getByTestId("project-goals")).toContainText("Ship the v1 platform");
    await expect(page.getByTestId("workspaces").getByRole("listitem")).toHaveCount(1);
    await expect(page.getByTestId("workspaces")).toContainText("Primary");
  });

  await test.step("workspaces: add a repository, make it primary, edit it, delete the first", async () => {
    const list = page.getByTestId("workspaces").getByRole("listitem");
    await page.getByRole("button", { name: "Add workspace" }).click();
    const add = page.getByRole("form", { name: "Add workspace" });
    await add.getByRole("button", { name: "Add workspace" }).click();
    await expect(add.getByText("at least one of cwd and repoUrl is required")).toBeVisible();
    await add.getByLabel("Repository").fill("https://github.com/acme/fleet");
    await add.getByLabel("Branch or ref").fill("main");
    await add.getByRole("button", { name: "Add workspace" }).click();
    await expect(list).toHaveCount(2);
    const repo = list.filter({ hasText: "https://github.com/acme/fleet" });
    await repo.getByRole("button", { name: "Make primary" }).click();
    await expect(repo).toContainText("Primary");
    await expect(list.filter({ hasText: "/srv/fleet" })).not.toContainText("Primary");

    await repo.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("form", { name: /Edit workspace/ });
    await edit.getByLabel("Branch or ref").fill("release");
    await edit.getByRole("button", { name: "Save workspace" }).click();
    await expect(repo).toContainText("@ release");

    await list.filter({ hasText: "/srv/fleet" }).getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: /Delete the workspace/ }).getByRole("button", { name: "Delete workspace" }).click();
    await expect(list).toHaveCount(1);
    await snap(page, testInfo, "04-project");
  });

  await test.step("the project's issues, and the projects list", async () => {
    const projectId = page.url().split("/").pop()!;
    await post(api, `/api/companies/${company.id}/issues`, { title: "Draw the fleet map", projectId });
    await post(api, `/api/companies/${company.id}/issues`, { title: "Not in the project" });
    await page.reload();
    await expect(page.getByTestId("issue-row")).toHaveCount(1);
    await expect(page.getByTestId("issue-row")).toContainText("Draw the fleet map");
    await page.getByRole("link", { name: "Open in issues" }).click();
    await page.waitForURL(/\/GOAL\/issues\?projectId=/);
    await expect(page.getByTestId("issue-row")).toHaveCount(1);
    await expect(page.getByLabel("Project")).toHaveValue(projectId);

    await page.goto("/GOAL/projects");
    const row = page.getByTestId("project-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Active");
    await expect(row).toContainText("Ship the v1 platform");
    await expect(row).toContainText("https://github.com/acme/fleet");
    await snap(page, testInfo, "05-projects");
  });
  await api.dispose();
});
