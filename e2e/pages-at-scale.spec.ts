// Every board page with a large company: 200 agents in a three-level org, budgets, paused and
// terminated agents, a logo, and enough activity to page. Checks each page renders its data (and,
// with CHARTER_E2E_SCREENSHOTS=1, saves a full-page screenshot of each to look at).
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, createAgent, createCompany, patch, post } from "./api";

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0f766e"/><path d="M16 44 32 16l16 28z" fill="#ecfeff"/><circle cx="32" cy="36" r="6" fill="#0f766e"/></svg>`;
const icons = ["code", "terminal", "bug", "database", "server", "search", "palette", "test-tube", "cpu", "rocket"];
const roles = ["engineer", "engineer", "engineer", "researcher", "designer", "qa"];

test("every page with 200 agents", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Globex Corporation", {
    issuePrefix: "GLOBX", description: "A very large company with a deep org, to see how the board holds up.", budgetMonthlyCents: 2_500_000,
  });

  await test.step("create 200 agents through the API", async () => {
    const ceo = await createAgent(api, company.id, { name: "Hank Scorpio", role: "ceo", title: "Chief Executive Officer", icon: "crown", budgetMonthlyCents: 100_000 });
    const directors: Array<{ id: string }> = [];
    for (let d = 0; d < 3; d++) {
      directors.push(await createAgent(api, company.id, {
        name: `Director ${d + 1}`, role: "manager", title: `VP, division ${d + 1}`, icon: "briefcase", reportsTo: ceo.id, budgetMonthlyCents: 80_000,
      }));
    }
    const managers: Array<{ id: string }> = [];
    for (let m = 0; m < 6; m++) {
      managers.push(await createAgent(api, company.id, {
        name: `Manager ${m + 1}`, role: "manager", title: `Head of team ${m + 1}`, icon: "users", reportsTo: directors[m % 3].id, budgetMonthlyCents: 40_000,
      }));
    }
    const specs = Array.from({ length: 190 }, (_, i) => ({
      name: `Agent ${String(i + 1).padStart(3, "0")} ${["Lovelace", "Hopper", "Turing", "Liskov", "Knuth"][i % 5]}`,
      role: roles[i % roles.length],
      title: i % 7 === 0 ? "Senior engineer with a rather long title that should be cut off nicely" : `Specialist ${i + 1}`,
      icon: icons[i % icons.length],
      // most report to a manager; a handful have no manager at all (a second tree)
      reportsTo: i % 47 === 46 ? null : managers[i % managers.length].id,
      budgetMonthlyCents: i % 3 === 0 ? 0 : 1_000 + i * 25,
    }));
    for (let i = 0; i < specs.length; i += 10) {
      await Promise.all(specs.slice(i, i + 10).map((s) => createAgent(api, company.id, s)));
    }
    const list = await (await api.get(`/api/companies/${company.id}/agents?limit=500`)).json();
    expect(list).toHaveLength(200);
    // Agent 001–005 paused, 006–008 (one of them a Hopper) terminated
    const numbered = (n: number) => list.find((a: { name: string }) => a.name.startsWith(`Agent ${String(n).padStart(3, "0")} `));
    for (let n = 1; n <= 5; n++) await post(api, `/api/agents/${numbered(n).id}/pause`, undefined, 200);
    for (let n = 6; n <= 8; n++) await post(api, `/api/agents/${numbered(n).id}/terminate`, undefined, 200);
  });

  await test.step("brand: a logo and a colour", async () => {
    const upload = await api.post(`/api/companies/${company.id}/logo`, {
      multipart: { file: { name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from(LOGO_SVG) } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    await patch(api, `/api/companies/${company.id}`, { logoAssetId: (await upload.json()).assetId, brandColor: "#0f766e" });
  });

  await test.step("companies", async () => {
    await page.goto("/companies");
    await expect(page.getByTestId("company-card").filter({ hasText: "Globex Corporation" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Globex Corporation logo" })).toBeVisible();
    await snap(page, testInfo, "01-companies");
  });

  await test.step("agents: 197 current, 3 terminated, searchable", async () => {
    await page.goto("/GLOBX/agents");
    await expect(page.getByTestId("agent-row")).toHaveCount(197);
    await snap(page, testInfo, "02-agents");
    await page.getByLabel("Search agents").fill("hopper");
    await expect(page.getByTestId("agent-row")).toHaveCount(37);
    await page.getByLabel("Search agents").fill("");
    await page.getByRole("tab", { name: /Terminated/ }).click();
    await expect(page.getByTestId("agent-row")).toHaveCount(3);
  });

  await test.step("org chart", async () => {
    await page.goto("/GLOBX/org");
    await expect(page.getByTestId("org-node")).toHaveCount(197);
    await snap(page, testInfo, "03-org");
    // a manager's team collapses behind its box, and comes back (from 75% zoom: click the box first,
    // once the browser has fitted the chart: before that a box is the link to the agent's page)
    await expect(page.getByTestId("org-viewport")).toHaveAttribute("data-view", "overview");
    await page.locator("[data-testid='org-node'][data-agent='manager-1']").click();
    const collapse = page.getByRole("button", { name: /^Collapse Manager 1's team/ });
    const hidden = Number(/\((\d+) agents\)$/.exec((await collapse.getAttribute("aria-label"))!)![1]);
    expect(hidden).toBe(31);
    await collapse.click();
    await expect(page.getByTestId("org-node")).toHaveCount(197 - hidden);
    await page.getByRole("button", { name: /^Expand Manager 1's team/ }).click();
    await expect(page.getByTestId("org-node")).toHaveCount(197);
    await snap(page, testInfo, "03-org-unfolded");
  });

  await test.step("an agent with many reports", async () => {
    await page.goto("/GLOBX/agents/manager-1");
    await expect(page.getByRole("heading", { name: "Manager 1" })).toBeVisible();
    await expect(page.getByText(/and \d+ more/)).toBeVisible();
    await expect(page.getByTestId("chain-of-command")).toContainText("Director 1");
    await snap(page, testInfo, "04-manager");
  });

  await test.step("activity pages with Load more", async () => {
    await page.goto("/GLOBX/activity");
    const items = page.getByTestId("activity-item");
    await expect(items).toHaveCount(50);
    await page.getByRole("button", { name: "Load more" }).click();
    await expect(items).toHaveCount(100);
    await snap(page, testInfo, "05-activity");
  });

  await test.step("settings", async () => {
    await page.goto("/GLOBX/settings");
    await expect(page.getByTestId("issue-prefix")).toHaveText("GLOBX");
    await expect(page.getByRole("img", { name: "Globex Corporation logo" }).first()).toBeVisible();
    await snap(page, testInfo, "06-settings");
  });

  await test.step("a narrow screen", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/GLOBX/agents");
    await expect(page.getByTestId("agent-row").first()).toBeVisible();
    await snap(page, testInfo, "07-agents-mobile");
  });
  await api.dispose();
});
