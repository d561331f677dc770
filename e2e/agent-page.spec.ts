// An agent's page: an API key is shown exactly once and works; pause and resume; profile edits;
// config rollback; terminate asks first.
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, createAgent, createCompany, patch } from "./api";

test("an agent's page: create a key and see it once, pause and resume", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Keys and Levers", { issuePrefix: "KEYS", budgetMonthlyCents: 100_000 });
  const ceo = await createAgent(api, company.id, { name: "Morgan", role: "ceo", title: "Chief Executive Officer", icon: "crown" });
  const agent = await createAgent(api, company.id, {
    name: "Kim", role: "engineer", title: "Platform engineer", icon: "terminal", reportsTo: ceo.id, adapterType: "claude_local",
    adapterConfig: { cwd: "/srv/work", model: "sonnet", env: { ANTHROPIC_API_KEY: "sk-secret-value" } }, budgetMonthlyCents: 5_000,
  });

  await page.goto(`/KEYS/agents/${agent.urlKey}`);
  await expect(page.getByRole("heading", { name: "Kim" })).toBeVisible();
  await expect(page.getByTestId("agent-status")).toHaveText("Idle");
  await expect(page.getByTestId("chain-of-command")).toContainText("Morgan");
  // the adapter config is shown with its secrets write-only
  const config = page.getByRole("form", { name: "Agent configuration" });
  await expect(config.getByLabel("Name 1")).toHaveValue("ANTHROPIC_API_KEY");
  await expect(config.getByLabel("Value 1")).toHaveValue("");
  await expect(page.getByText("sk-secret-value")).toHaveCount(0);
  await snap(page, testInfo, "01-agent");

  await test.step("a new key is shown once, works, and is gone after dismissing", async () => {
    await page.getByLabel("Key name").fill("laptop");
    await page.getByRole("button", { name: "Create key" }).click();
    const box = page.getByTestId("new-key");
    await expect(box).toContainText("shown only this once");
    const token = await box.getByLabel("New API key").inputValue();
    expect(token).toMatch(/^chk_agent_/);
    await snap(page, testInfo, "02-new-key");

    const me = await page.request.get("/api/agents/me", { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(200);
    expect((await me.json()).name).toBe("Kim");

    await box.getByRole("button", { name: "I have copied it" }).click();
    await expect(box).toBeHidden();
    await expect(page.getByTestId("key-list")).toContainText("laptop");
    await page.reload();
    await expect(page.getByTestId("key-list")).toContainText("laptop");
    expect(await page.content()).not.toContain(token);

    await page.getByTestId("key-list").getByRole("button", { name: "Revoke" }).click();
    await page.getByRole("dialog", { name: "Revoke this key?" }).getByRole("button", { name: "Revoke key" }).click();
    await expect(page.getByTestId("key-list")).toContainText("Revoked");
    const after = await page.request.get("/api/agents/me", { headers: { authorization: `Bearer ${token}` } });
    expect(after.status()).toBe(401);
  });

  await test.step("pause and resume", async () => {
    await page.getByRole("button", { name: "Pause" }).click();
    await expect(page.getByTestId("agent-status")).toHaveText("Paused");
    await expect(page.getByText("Paused by the board")).toBeVisible();
    await snap(page, testInfo, "03-paused");
    await page.reload();
    await expect(page.getByTestId("agent-status")).toHaveText("Paused");
    await page.getByRole("button", { name: "Resume" }).click();
    await expect(page.getByTestId("agent-status")).toHaveText("Idle");
    await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
  });

  await test.step("edit the profile", async () => {
    const form = page.getByRole("form", { name: "Edit agent" });
    await form.getByLabel("Title").fill("Staff platform engineer");
    await form.getByLabel("Capabilities").fill("Kubernetes, Terraform, on-call");
    await form.getByRole("button", { name: "Save changes" }).click();
    await expect(form.getByRole("status")).toHaveText("Saved");
    const config = page.getByRole("form", { name: "Agent configuration" });
    await config.getByLabel("Monthly budget").fill("75");
    await config.getByRole("button", { name: "Save configuration" }).click();
    await expect(config.getByRole("status")).toHaveText("Saved");
    await page.reload();
    await expect(page.getByRole("form", { name: "Edit agent" }).getByLabel("Title")).toHaveValue("Staff platform engineer");
    await expect(page.getByText("of $75 this month")).toBeVisible();
  });

  await test.step("roll the configuration back to the first revision", async () => {
    await patch(api, `/api/agents/${agent.id}`, { adapterConfig: { cwd: "/srv/other", model: "opus" } });
    await page.reload();
    const revisions = page.getByTestId("config-revisions");
    await expect(revisions.getByRole("listitem")).toHaveCount(2);
    await revisions.getByRole("listitem").filter({ hasText: "Revision 1" }).getByRole("button", { name: "Roll back" }).click();
    await page.getByRole("dialog", { name: "Roll back to revision 1?" }).getByRole("button", { name: "Roll back" }).click();
    await expect(revisions.getByRole("listitem")).toHaveCount(3);
    await expect(revisions.getByRole("listitem").first()).toContainText("Rolled back to revision 1");
    await expect(page.getByRole("form", { name: "Agent configuration" }).getByLabel("Working directory")).toHaveValue("/srv/work");
  });

  await test.step("terminate asks for confirmation first", async () => {
    await page.getByRole("button", { name: "Terminate" }).click();
    const confirm = page.getByRole("dialog", { name: "Terminate Kim?" });
    await expect(confirm).toContainText("cannot be undone");
    await snap(page, testInfo, "04-terminate-confirm");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByTestId("agent-status")).toHaveText("Idle");
    await page.getByRole("button", { name: "Terminate" }).click();
    await page.getByRole("dialog", { name: "Terminate Kim?" }).getByRole("button", { name: "Terminate agent" }).click();
    await expect(page.getByTestId("agent-status")).toHaveText("Terminated");
    await expect(page.getByRole("button", { name: "Pause" })).toHaveCount(0);
    await snap(page, testInfo, "05-terminated");
  });
  await api.dispose();
});
