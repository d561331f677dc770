// Questions agents ask the board: an agent (a real process agent) asks on an issue, the board answers
// from the inbox in place, and the agent's run starts with the answer in its environment. Then a
// question answered on the issue page, and the cards at phone width and in the dark theme.
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, createAgent, createCompany, post } from "./api";
import { seriousAxeViolations } from "./axe";

async function agentApi(board: APIRequestContext, agentId: string): Promise<APIRequestContext> {
  const { token } = await post<{ token: string }>(board, `/api/agents/${agentId}/keys`, { name: "e2e" });
  return playwrightRequest.newContext({ baseURL: process.env.CHARTER_E2E_BASE_URL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
}

test("answer an agent's question from the inbox and see the agent's run start with the answer", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  const board = await boardApi(page);
  const company = await createCompany(board, "Ask Works", { issuePrefix: "ASKW" });
  const agent = await createAgent(board, company.id, {
    name: "Quinn", role: "engineer",
    adapterConfig: { command: "echo \"woken by $SERVICE_WAKE_REASON: $SERVICE_QUESTION_OUTCOME $SERVICE_QUESTION_OPTION_ID / $SERVICE_QUESTION_TEXT\"" },
  });
  const issue = await post<{ id: string; identifier: string }>(board, `/api/companies/${company.id}/issues`, { title: "Pick a database" });
  const quinn = await agentApi(board, agent.id);
  await post(quinn, `/api/issues/${issue.id}/questions`, {
    prompt: "Which database should the service use?", allowText: true,
    options: [
      { id: "pg", label: "PostgreSQL", effect: { kind: "comment", body: "Decided: PostgreSQL." } },
      { id: "sqlite", label: "SQLite", effect: { kind: "set_status", status: "todo" } },
    ],
  });

  await page.goto("/ASKW/inbox");
  const card = page.getByTestId("question-card");
  await expect(card).toContainText("Which database should the service use?");
  await expect(card).toContainText("Quinn asks on ASKW-1");
  await expect(card.getByRole("button", { name: /SQLite/ })).toContainText("moves the issue to todo");
  await expect(page.getByTestId("inbox-item").filter({ hasText: "Quinn asks on ASKW-1" })).toBeVisible();
  await snap(page, testInfo, "questions-inbox-card");
  await page.emulateMedia({ colorScheme: "dark" });
  await snap(page, testInfo, "questions-inbox-card-dark");
  await page.emulateMedia({ colorScheme: "light" });

  await card.getByRole("textbox").fill("It is what we already run.");
  await card.getByRole("button", { name: /PostgreSQL/ }).click();
  await expect(page.getByTestId("question-cards")).toHaveCount(0);

  // the answer woke Quinn: its run starts with the answer in its environment
  let runId = "";
  await expect.poll(async () => {
    const runs = (await (await board.get(`/api/companies/${company.id}/heartbeat-runs?agentId=${agent.id}`)).json()) as { id: string; reason: string }[];
    runId = runs.find((r) => r.reason === "question_answered")?.id ?? "";
    return runId;
  }, { timeout: 20_000 }).not.toBe("");
  await page.goto(`/ASKW/runs/${runId}`);
  await expect(page.getByTestId("run-log")).toContainText("woken by question_answered: answered pg / It is what we already run.", { timeout: 20_000 });
  await snap(page, testInfo, "questions-run-with-answer");

  // the option's effect landed on the issue, in words in its activity
  await page.goto(`/ASKW/issues/${issue.identifier}`);
  await expect(page.getByText("Decided: PostgreSQL.")).toBeVisible();
  await expect(page.getByText(/answered the question “Which database should the service use\?”/)).toBeVisible();
  await quinn.dispose();
});

test("a question is answered in place on its issue page, also at phone width", async ({ page }, testInfo) => {
  // 100 options on four page loads with axe, then three answers
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  const board = await boardApi(page);
  const company = await createCompany(board, "Ask Pages", { issuePrefix: "ASKP" });
  const agent = await createAgent(board, company.id, { name: "Rory", role: "engineer", adapterConfig: { command: "true" } });
  const issue = await post<{ id: string; identifier: string }>(board, `/api/companies/${company.id}/issues`, { title: "Launch date" });
  const rory = await agentApi(board, agent.id);
  for (let i = 1; i <= 10; i++) {
    await post(rory, `/api/issues/${issue.id}/questions`, {
      prompt: `Question ${i}: ${"a long prompt that wraps on a phone ".repeat(i * 2)}`,
      options: Array.from({ length: 10 }, (_, n) => ({ id: `o${n}`, label: `Option ${n + 1}${n === 9 ? " with a label long enough to wrap inside its button on a phone" : ""}` })),
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(), defaultOptionId: "o0",
    });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [name, url] of [["issue", `/ASKP/issues/${issue.identifier}`], ["inbox", "/ASKP/inbox"]]) {
    for (const theme of ["light", "dark"] as const) {
      await test.step(`10 questions of 10 options on the ${name} page at 390 px (${theme})`, async () => {
        await page.emulateMedia({ colorScheme: theme });
        await page.goto(url);
        await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
        await expect(page.getByTestId("question-card")).toHaveCount(10);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        // a card clips what overflows it, so the page never scrolls sideways: every option must fit its card itself
        const outside = await page.getByRole("group", { name: "Options" }).evaluateAll((groups) => groups.flatMap((g) => {
          const edge = g.getBoundingClientRect().right;
          return [...g.querySelectorAll("button")].filter((b) => b.getBoundingClientRect().right > edge + 0.5).map((b) => b.textContent);
        }));
        expect(outside).toEqual([]);
        expect.soft(await seriousAxeViolations(page, "[data-testid=question-cards]")).toEqual([]);
        await snap(page, testInfo, `questions-${name}-390-${theme}`);
      });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto(`/ASKP/issues/${issue.identifier}`);
  const first = page.getByTestId("question-card").first();
  await first.getByRole("button", { name: "Decline" }).click();
  await expect(page.getByTestId("question-card")).toHaveCount(9);
  await page.getByTestId("question-card").first().getByRole("button", { name: "Option 3", exact: true }).click();
  await expect(page.getByTestId("question-card")).toHaveCount(8);
  await rory.dispose();
});
