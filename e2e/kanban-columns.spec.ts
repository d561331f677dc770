// The kanban on a laptop (1440 × 900, beside the side bar): the last columns (Done, Cancelled) are on
// screen or one visible step away. The list of columns above the board marks those out of view and
// scrolls the board to each; the board's own scroll bar is on the first screen.
import type { Page } from "@playwright/test";
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, createAgent, createCompany, patch, post } from "./api";

const column = (page: Page, status: string) => page.getByTestId(`board-column-${status}`);
const statuses = ["backlog", "todo", "in_progress", "in_review", "blocked", "done", "cancelled"];
const labels = ["Backlog", "Todo", "In progress", "In review", "Blocked", "Done", "Cancelled"];

test.use({ viewport: { width: 1440, height: 900 } });

test("at 1440 px the last columns are one click away, and the board scrolls sideways within the screen", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Wide Boards", { issuePrefix: "WIDEB" });
  const agent = await createAgent(api, company.id, { name: "Kanban Keeper", role: "engineer", adapterConfig: { command: "true" } });
  // two cards in every column; later states are reached by moves, as the API allows them
  for (const [i, status] of statuses.flatMap((s) => [s, s]).entries()) {
    const issue = await post<{ id: string }>(api, `/api/companies/${company.id}/issues`, {
      title: `Card ${i + 1} (${status})`, assigneeAgentId: status === "backlog" || status === "cancelled" ? undefined : agent.id,
      status: ["backlog", "todo", "in_progress", "blocked"].includes(status) ? status : undefined,
    });
    if (status === "in_review" || status === "done") await patch(api, `/api/issues/${issue.id}`, { status: "in_progress" });
    if (status === "in_review" || status === "done" || status === "cancelled") await patch(api, `/api/issues/${issue.id}`, { status });
  }
  await api.dispose();
  await page.goto("/WIDEB/issues?view=board");
  const nav = page.getByRole("navigation", { name: "Board columns" });
  const board = page.getByTestId("issue-board");
  await expect(column(page, "cancelled").getByTestId("board-card")).toHaveCount(2);

  await test.step("the list names every column with its count; those out of view are marked", async () => {
    for (const label of labels) await expect(nav.getByRole("button", { name: new RegExp(`^${label} 2( \\(|$)`) })).toBeVisible();
    await expect(nav.getByRole("button")).toHaveCount(7);
    // beside the side bar seven columns do not fit at 1440 px: the last ones start out of view
    await expect(column(page, "backlog")).toBeInViewport({ ratio: 0.95 });
    await expect(column(page, "cancelled")).not.toBeInViewport({ ratio: 0.95 });
    await expect(nav.getByRole("button", { name: "Cancelled 2 (out of view: scroll to it)" })).toBeVisible();
    await snap(page, testInfo, "kanban-1440-start");
  });

  await test.step("the board's own horizontal scroll bar is on the first screen, and the page does not scroll sideways", async () => {
    const box = (await board.boundingBox())!;
    expect(box.y + box.height, "the board's bottom edge (its scroll bar)").toBeLessThanOrEqual(900);
    const { scrollWidth, clientWidth } = await board.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(1440);
  });

  await test.step("Cancelled in the list scrolls the board to it; Backlog then goes out of view, marked on the left", async () => {
    await nav.getByRole("button", { name: /^Cancelled/ }).click();
    await expect(column(page, "cancelled")).toBeInViewport({ ratio: 0.95 });
    await expect(column(page, "done")).toBeInViewport({ ratio: 0.95 });
    await expect(nav.getByRole("button", { name: "Cancelled 2", exact: true })).toHaveAttribute("data-in-view", "true");
    await expect(nav.getByRole("button", { name: "Backlog 2 (out of view: scroll to it)" })).toContainText("←");
    await snap(page, testInfo, "kanban-1440-end");
  });

  await test.step("from the keyboard, Enter on Backlog scrolls back", async () => {
    await nav.getByRole("button", { name: /^Backlog/ }).focus();
    await page.keyboard.press("Enter");
    await expect(column(page, "backlog")).toBeInViewport({ ratio: 0.95 });
  });

  await test.step("scrolling the board by hand reaches the last column too", async () => {
    await board.evaluate((el) => el.scrollBy({ left: el.scrollWidth }));
    await expect(column(page, "cancelled")).toBeInViewport({ ratio: 0.95 });
  });
});
