// Where agents do the work, from the board: a project's verification set in the browser, an issue's runs committing in
// its own worktree of a real git repository the test makes, its verification failing then passing, and
// the issue closing with its commits and work products on its page. Then the new panels and pages with
// empty, normal and large data, in both themes and at 390 px, checked with axe.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, createAgent, createCompany, post } from "./api";
import { seriousAxeViolations } from "./axe";
import { withE2eDatabase } from "./db";

const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, encoding: "utf8", env: { ...process.env, GIT_TERMINAL_PROMPT: "0" } }).trim();

/** A repository with one commit on main, made for the test. */
function makeRepo(): string {
  const repo = fs.mkdtempSync(path.join(os.tmpdir(), "charter-ws-repo-"));
  git(repo, "init", "-q", "-b", "main");
  fs.writeFileSync(path.join(repo, "README.md"), "# The product\n");
  git(repo, "add", "README.md");
  git(repo, "-c", "user.name=Founder", "-c", "user.email=founder@example.test", "commit", "-q", "-m", "First commit");
  return repo;
}

// The agent: its first run starts the feature and reports its pull request; a later run finishes it
// (the file the verification looks for). It works wherever Charter runs it: the issue's worktree.
const commit = (msg: string) => `git -c user.name=Forge -c user.email=forge@example.test commit -q -m "${msg}"`;
const AGENT_SCRIPT = [
  "set -e",
  "echo working in $(pwd) on $(git rev-parse --abbrev-ref HEAD)",
  `if [ -f work.txt ]; then echo ready > done.txt; git add done.txt; ${commit("Finish the feature")};`,
  `else printf 'one\\ntwo\\nthree\\n' > work.txt; git add work.txt; ${commit("Start the feature")};`,
  `curl -sf -X POST "$SERVICE_API_URL/api/issues/$SERVICE_TASK_ID/work-products" -H "authorization: Bearer $SERVICE_API_KEY" -H "content-type: application/json"` +
    ` -d '{"kind":"pull_request","title":"Add the feature","url":"https://example.test/pr/1","status":"open"}'; fi`,
].join("\n");

/** A prefix of its own per run, so the spec also runs again against a server that kept its data. */
const prefix = (stem: string) => stem + Array.from({ length: 3 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join("");

async function moveTo(page: Page, label: string) {
  await page.getByLabel("Status").selectOption({ label });
}

test("a project's verification set in the browser gates done; the issue closes with its commits and work products", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const P = prefix("FG");
  const company = await createCompany(api, `Forge Works ${P}`, { issuePrefix: P });
  const agent = await createAgent(api, company.id, { name: "Forge", role: "engineer", adapterConfig: { command: AGENT_SCRIPT } });
  const repo = makeRepo();
  const project = await post<{ id: string }>(api, `/api/companies/${company.id}/projects`, { name: "Product", workspace: { cwd: repo } });

  // the verification, set in the browser: without a shell unless the board names one
  await page.goto(`/${P}/projects/${project.id}`);
  const settings = page.getByTestId("work-settings");
  await expect(settings).toContainText("None: done needs no check");
  await settings.getByRole("button", { name: "Edit settings" }).click();
  await settings.getByLabel("Verify before done").check();
  await settings.getByRole("textbox", { name: "Command" }).fill("sh");
  await settings.getByLabel("Arguments").fill("-c\ntest -f done.txt");
  await settings.getByLabel("Timeout (s)").fill("60");
  await snap(page, testInfo, "ws-01-settings-form");
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByTestId("work-settings-verification")).toContainText("sh -c test -f done.txt");
  const saved = await (await api.get(`/api/projects/${project.id}`)).json();
  expect(saved.verification).toMatchObject({ command: "sh", args: ["-c", "test -f done.txt"], timeoutSec: 60 });

  // assigning wakes the agent; its run commits in the issue's own worktree
  const issue = await post<{ id: string; identifier: string }>(api, `/api/companies/${company.id}/issues`, {
    title: "Ship the feature", projectId: project.id, assigneeAgentId: agent.id, status: "in_progress",
  });
  await page.goto(`/${P}/issues/${issue.identifier}`);
  const commits = page.getByTestId("work-commit");
  await expect(commits).toHaveCount(1, { timeout: 60_000 });
  await expect(commits.first()).toContainText("Start the feature");
  await expect(commits.first()).toContainText("+3");
  // what the agent reported, and the issue's branch that Charter lists itself
  await expect(page.getByTestId("work-product").filter({ hasText: "Add the feature" })).toHaveCount(1);
  await expect(page.getByTestId("work-product").filter({ hasText: `charter/${issue.identifier}-ship-the-feature` })).toHaveCount(1);
  const workspace = page.getByTestId("issue-workspace");
  await expect(workspace).toContainText(`charter/${issue.identifier}-ship-the-feature`);
  // the repository's own checkout is untouched: the work is on the issue's branch only
  expect(fs.existsSync(path.join(repo, "work.txt"))).toBe(false);
  await snap(page, testInfo, "ws-02-issue-first-commit");

  // in review: the verification runs and fails (no done.txt yet), so done is refused
  await moveTo(page, "Move to In review");
  const verification = page.getByTestId("verification").first();
  await expect(verification).toHaveAttribute("data-status", "failed", { timeout: 60_000 });
  await expect(verification).toContainText("exit 1");
  await moveTo(page, "Move to Done");
  await expect(page.getByTestId("done-override")).toContainText("a passing verification");
  await snap(page, testInfo, "ws-03-verification-failed");
  await page.getByRole("button", { name: "Keep it open" }).click();

  // the agent is asked to finish; its next run commits in the same worktree, finding the earlier work
  await post(api, `/api/issues/${issue.id}/comments`, { body: `[@Forge](agent://${agent.id}) please finish it` });
  await expect(commits).toHaveCount(2, { timeout: 60_000 });
  await expect(page.getByTestId("issue-commits")).toContainText("Finish the feature");

  await page.getByRole("button", { name: "Run verification" }).click();
  await expect(page.getByTestId("verification").first()).toHaveAttribute("data-status", "passed", { timeout: 60_000 });
  await expect(page.getByTestId("verification")).toHaveCount(2);
  if ((await page.getByTestId("issue-status").textContent())?.includes("In progress")) await moveTo(page, "Move to In review");
  await moveTo(page, "Move to Done");
  await expect(page.getByTestId("issue-status")).toHaveText("Done");
  await expect(commits).toHaveCount(2);
  await expect(page.getByTestId("work-product").filter({ hasText: "Add the feature" })).toHaveCount(1);
  await snap(page, testInfo, "ws-04-issue-done");
  expect(await seriousAxeViolations(page)).toEqual([]);
  await api.dispose();
  fs.rmSync(repo, { recursive: true, force: true });
});

/** Seeds an issue's workspace, `commits` commits, reported products and verifications straight into the database. */
async function seedWork(companyId: string, projectId: string, issueId: string, n: { commits: number; verifications: number }) {
  await withE2eDatabase(async (db) => {
    const ws = await db.query<{ id: string }>(
      `INSERT INTO "ExecutionWorkspace" (id, "companyId", "projectId", "issueId", policy, path, branch, "baseRef", "baseSha", "headSha", dirty, ahead, behind, "diskBytes", state, "keptReason", "updatedAt")
       VALUES (gen_random_uuid(), $1, $2, $3, 'git_worktree', '/var/lib/charter/workspaces/worktrees/a-very-long-project-folder-name/FILL-1-a-branch-with-a-long-name', 'charter/FILL-1-make-the-importer-handle-every-package-layout-we-have-seen', 'main', repeat('a', 40), repeat('b', 40), true, $4, 2, 48234567, 'kept', 'it has uncommitted changes and its branch is not pushed', now())
       RETURNING id`,
      [companyId, projectId, issueId, n.commits],
    );
    await db.query(`UPDATE "Issue" SET "executionWorkspaceId" = $1 WHERE id = $2`, [ws.rows[0].id, issueId]);
    await db.query(
      `INSERT INTO "WorkProduct" (id, "companyId", "issueId", kind, title, sha, subject, author, "filesChanged", insertions, deletions, "createdAt", "updatedAt")
       SELECT gen_random_uuid(), $1, $2, 'commit', 'Commit ' || g, md5(g::text) || substr(md5(g::text), 1, 8), 'Change number ' || g || ' of the importer: handle nested folders and long names', 'Forge <forge@example.test>', g % 7 + 1, g * 3, g % 5, now() - g * interval '1 minute', now()
         FROM generate_series(1, $3::int) g`,
      [companyId, issueId, n.commits],
    );
    await db.query(
      `INSERT INTO "WorkProduct" (id, "companyId", "issueId", kind, title, url, status, "createdAt", "updatedAt") VALUES
         (gen_random_uuid(), $1, $2, 'pull_request', 'Importer: every package layout', 'https://example.test/org/repo/pull/412', 'open', now(), now()),
         (gen_random_uuid(), $1, $2, 'document', 'Design notes', NULL, NULL, now(), now())`,
      [companyId, issueId],
    );
    await db.query(
      `INSERT INTO "Verification" (id, "companyId", "issueId", status, command, "exitCode", "durationMs", "headSha", log, trigger, "startedAt", "finishedAt")
       SELECT gen_random_uuid(), $1, $2, (ARRAY['passed', 'failed', 'timed_out'])[1 + g % 3]::"VerificationStatus", '{"command":"npm","args":["test"],"timeoutSec":900}',
              CASE WHEN g % 3 = 0 THEN 0 ELSE 1 END, 1000 * g + 345, md5(g::text) || substr(md5(g::text), 1, 8),
              'line one of the test output\nFAIL tests/importer.test.ts > handles a very long path name without breaking the layout of the page at all\nexit ' || g, 'in_review',
              now() - g * interval '5 minutes', now() - g * interval '5 minutes' + interval '4 seconds'
         FROM generate_series(1, $3::int) g`,
      [companyId, issueId, n.verifications],
    );
  });
}

const themes = ["light", "dark"] as const;

async function lookAt(page: Page, testInfo: Parameters<typeof snap>[1], url: string, name: string) {
  for (const theme of themes) {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width: 1360, height: 900 });
    await page.goto(url);
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    await page.waitForLoadState("networkidle");
    expect(await seriousAxeViolations(page), `${name} ${theme}`).toEqual([]);
    await snap(page, testInfo, `${name}-${theme}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} ${theme} at 390 px`).toBeLessThanOrEqual(390);
    await snap(page, testInfo, `${name}-${theme}-390`);
  }
}

test("the workspace panels, the work settings and the workspaces page: empty, normal and large data, both themes, 390 px", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const P = prefix("FL");
  const company = await createCompany(api, `Fill Works ${P}`, { issuePrefix: P });
    const project = await post<{ id: string }>(api, `/api/companies/${company.id}/projects`, { name: "Importer", workspace: { cwd: "/srv/repos/importer" } });
  await api.patch(`/api/projects/${project.id}`, { data: { verification: { command: "npm", args: ["test"], timeoutSec: 900 }, review: { kind: "board" } } });
  const empty = await post<{ id: string; identifier: string }>(api, `/api/companies/${company.id}/issues`, { title: "Nothing run yet", projectId: project.id });
  const normal = await post<{ id: string; identifier: string }>(api, `/api/companies/${company.id}/issues`, { title: "Make the importer handle every package layout", projectId: project.id });
  const large = await post<{ id: string; identifier: string }>(api, `/api/companies/${company.id}/issues`, { title: "A long-running issue", projectId: project.id });
  await seedWork(company.id, project.id, normal.id, { commits: 3, verifications: 2 });
  await seedWork(company.id, project.id, large.id, { commits: 150, verifications: 10 });
  // the normal issue waits for the board's review: Approve and Request changes show
  await withE2eDatabase((db) => db.query(`UPDATE "Issue" SET status = 'in_review' WHERE id = $1`, [normal.id]));

  await lookAt(page, testInfo, `/${P}/projects/${project.id}`, "project-settings");
  await lookAt(page, testInfo, `/${P}/issues/${empty.identifier}`, "issue-empty");
  await expect(page.getByTestId("issue-workspace")).toContainText("Made before the issue's first run");
  // the board overrides the project's policy for one issue
  await page.getByLabel("Workspace for this issue").selectOption({ label: "The project's folder, shared" });
  await expect.poll(async () => (await (await api.get(`/api/issues/${empty.id}`)).json()).workspacePolicy).toBe("shared");
  await lookAt(page, testInfo, `/${P}/issues/${normal.identifier}`, "issue-normal");
  await expect(page.getByTestId("work-commit")).toHaveCount(3);
  await expect(page.getByTestId("issue-workspace")).toContainText("3 ahead, 2 behind main");
  await expect(page.getByTestId("issue-review").getByRole("button", { name: "Approve" })).toBeVisible();
  await page.getByRole("button", { name: "Show the whole log" }).first().click();
  await expect(page.getByTestId("verification-log")).toContainText("FAIL tests/importer.test.ts");
  await lookAt(page, testInfo, `/${P}/issues/${large.identifier}`, "issue-large");
  await expect(page.getByTestId("work-commit")).toHaveCount(150);
  await lookAt(page, testInfo, `/${P}/workspaces`, "workspaces");
  await expect(page.getByTestId("execution-workspace")).toHaveCount(2);
  await api.dispose();
});

test("the inbox names a failed workspace, work kept after done, a failed verification and a review handed to the board", async ({ page }) => {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const P = prefix("IN");
  const company = await createCompany(api, `Inbox Works ${P}`, { issuePrefix: P });
  const project = await post<{ id: string }>(api, `/api/companies/${company.id}/projects`, { name: "Importer", workspace: { cwd: "/srv/repos/importer" } });
  const issue = (title: string) => post<{ id: string; identifier: string }>(api, `/api/companies/${company.id}/issues`, { title, projectId: project.id });
  const [broken, kept, failing] = [await issue("Broken workspace"), await issue("Kept work"), await issue("Failing checks")];
  await seedWork(company.id, project.id, kept.id, { commits: 2, verifications: 0 });
  await seedWork(company.id, project.id, failing.id, { commits: 1, verifications: 1 });
  await withE2eDatabase(async (db) => {
    await db.query(
      `INSERT INTO "ExecutionWorkspace" (id, "companyId", "projectId", "issueId", policy, state, error, "errorAt", "updatedAt")
       VALUES (gen_random_uuid(), $1, $2, $3, 'git_worktree', 'active', 'the repository could not be reached: /srv/repos/importer does not exist', now(), now())`,
      [company.id, project.id, broken.id],
    );
    await db.query(`UPDATE "Issue" SET status = 'done', "completedAt" = now() WHERE id = $1`, [kept.id]);
    await db.query(`UPDATE "Verification" SET status = 'failed', "exitCode" = 1 WHERE "issueId" = $1`, [failing.id]);
    await db.query(`UPDATE "Issue" SET status = 'in_review' WHERE id = $1`, [failing.id]);
    await db.query(
      `INSERT INTO "IssueReview" (id, "companyId", "issueId", verdict, comment, "createdAt")
       SELECT gen_random_uuid(), $1, $2, 'request_changes', 'Round ' || g || ': the importer still drops nested folders', now() - (4 - g) * interval '1 minute' FROM generate_series(1, 3) g`,
      [company.id, failing.id],
    );
  });
  await page.goto(`/${P}/inbox`);
  const expected: Array<[string, string]> = [["workspace_error", broken.identifier], ["workspace_kept", kept.identifier], ["verification_failed", failing.identifier], ["review_escalated", failing.identifier]];
  for (const [kind, identifier] of expected) {
    const item = page.locator(`[data-testid=inbox-item][data-kind=${kind}]`);
    await expect(item, kind).toHaveCount(1);
    await expect(item.getByRole("link")).toHaveAttribute("href", new RegExp(`/${P}/issues/${identifier}`));
  }
  expect(await seriousAxeViolations(page)).toEqual([]);
  await api.dispose();
});
