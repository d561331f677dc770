// Export and import from the board (settings → Export and import): an export previewed as a tree of
// files, narrowed, and downloaded as a zip made in the browser (opened here: the package is there, no
// secret is); a package folder imported into a new company with its plan, secrets and warnings, then
// applied and opened; the downloaded zip previewed into the same company; a broken package's errors
// by file with Apply never enabled; members without the permission get no button and a real 403.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { hash } from "@node-rs/argon2";
import { strFromU8, unzipSync } from "fflate";
import type { Page, TestInfo } from "@playwright/test";
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, createAgent, createCompany, post } from "./api";
import { withE2eDatabase } from "./db";
import { seriousAxeViolations } from "./axe";

const LUMEN = path.resolve(import.meta.dirname, "../tests/fixtures/packages/lumen-studio");
const SECRET = "sk-portable-secret-value-31337";
const PHONE = { width: 390, height: 844 };

/** The page never scrolls sideways at 390 px (tables scroll inside their own box). */
async function fitsPhone(page: Page, testInfo: TestInfo, name: string) {
  const size = page.viewportSize();
  await page.setViewportSize(PHONE);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "horizontal scroll at 390 px").toBeLessThanOrEqual(0);
  await snap(page, testInfo, `${name}-390`);
  if (size) await page.setViewportSize(size);
}

async function portableCompany(page: Page) {
  const api = await boardApi(page);
  const company = await createCompany(api, "Portable Works", { issuePrefix: "PORT" });
  const ceo = await createAgent(api, company.id, {
    name: "Cora", role: "ceo", title: "Chief executive", adapterType: "claude_local",
    adapterConfig: { cwd: "/srv/portable", model: "sonnet", env: { ANTHROPIC_API_KEY: SECRET } },
  });
  const eli = await createAgent(api, company.id, { name: "Eli", role: "engineer", reportsTo: ceo.id });
  const put = await api.put(`/api/agents/${ceo.id}/instructions`, { data: { files: [{ path: "AGENTS.md", content: "You run Portable Works.\n" }] } });
  expect(put.status(), await put.text()).toBe(200);
  await post(api, `/api/companies/${company.id}/projects`, { name: "Apollo" });
  await post(api, `/api/companies/${company.id}/issues`, { title: "Stays home unless asked" });
  await api.dispose();
  return { company, ceo, eli };
}

async function download(page: Page, button: string): Promise<{ name: string; zip: Buffer; files: Record<string, Uint8Array>; body: Record<string, unknown> }> {
  const [dl, req] = await Promise.all([
    page.waitForEvent("download"),
    page.waitForRequest((r) => r.url().endsWith("/exports") && r.method() === "POST"),
    page.getByRole("button", { name: button }).click(),
  ]);
  const zip = fs.readFileSync(await dl.path());
  return { name: dl.suggestedFilename(), zip, files: unzipSync(new Uint8Array(zip)), body: req.postDataJSON() };
}

test("export: preview as a tree of files, narrow it, download zips without secrets", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  let zip: Buffer = Buffer.alloc(0);
  const { ceo, eli } = await portableCompany(page);

  await page.goto("/PORT/settings");
  await page.getByRole("link", { name: "Export and import" }).click();
  await page.waitForURL(/\/PORT\/settings\/portability$/);
  await expect(page.getByRole("heading", { name: "Export and import" })).toBeVisible();

  const options = page.getByRole("form", { name: "Export options" });
  await expect(options.getByLabel("Issues")).not.toBeChecked();
  await options.getByRole("button", { name: "Preview export" }).click();
  const preview = page.getByRole("region", { name: "Export preview" });
  await expect(preview.getByRole("definition").nth(1)).toHaveText("2"); // agents
  await expect(preview.getByRole("region", { name: "What stays behind" })).toContainText("cwd");
  const tree = preview.getByRole("list", { name: "Package files" });
  await expect(tree.getByRole("checkbox", { name: "All files in agents/", exact: true })).toBeChecked();
  await expect(tree.locator('[data-path^="tasks/"]')).toHaveCount(0);
  const total = await tree.locator("input[data-path]").count();
  await expect(page.getByTestId("selection-count")).toHaveText(`${total} of ${total} files selected`);
  await snap(page, testInfo, "01-export-preview");
  expect(await seriousAxeViolations(page, "main"), "export preview").toEqual([]);
  await page.emulateMedia({ colorScheme: "dark" });
  await snap(page, testInfo, "01-export-preview-dark");
  expect(await seriousAxeViolations(page, "main"), "export preview, dark").toEqual([]);
  await fitsPhone(page, testInfo, "01-export-preview");
  await page.emulateMedia({ colorScheme: "light" });

  await test.step("a folder folds, and its box clears everything under it", async () => {
    await tree.getByRole("checkbox", { name: `All files in agents/${eli.urlKey}/` }).uncheck();
    await expect(tree.getByRole("checkbox", { name: "All files in agents/", exact: true })).toHaveAttribute("aria-checked", "mixed");
    await expect(page.getByTestId("selection-count")).toHaveText(`${total - 1} of ${total} files selected`);
    await tree.getByRole("button", { name: "Fold agents/", exact: true }).click();
    await expect(tree.getByRole("button", { name: "Unfold agents/", exact: true })).toHaveAttribute("aria-expanded", "false");
    await expect(tree.locator(`[data-path="agents/${ceo.urlKey}/AGENTS.md"]`)).toHaveCount(0);
    await tree.getByRole("button", { name: "Unfold agents/", exact: true }).click();
  });

  await test.step("a narrowed download sends selectedFiles and holds only those", async () => {
    const got = await download(page, "Download portable-works.zip");
    expect(got.name).toBe("portable-works.zip");
    expect(got.body.selectedFiles).toHaveLength(total - 1);
    expect(Object.keys(got.files)).toContain("portable-works/COMPANY.md");
    expect(Object.keys(got.files)).toContain(`portable-works/agents/${ceo.urlKey}/AGENTS.md`);
    expect(Object.keys(got.files)).not.toContain(`portable-works/agents/${eli.urlKey}/AGENTS.md`);
    await expect(page.getByText("Downloaded portable-works.zip")).toBeVisible();
  });

  await test.step("the whole package: no selectedFiles; instructions verbatim, no secret anywhere", async () => {
    await preview.getByRole("button", { name: "Select all" }).click();
    const got = await download(page, "Download portable-works.zip");
    expect(got.body.selectedFiles).toBeUndefined();
    expect(Object.keys(got.files)).toHaveLength(total);
    expect(strFromU8(got.files[`portable-works/agents/${ceo.urlKey}/AGENTS.md`])).toContain("You run Portable Works.");
    expect(Object.keys(got.files)).toContain(`portable-works/agents/${eli.urlKey}/AGENTS.md`);
    for (const [name, bytes] of Object.entries(got.files)) expect(strFromU8(bytes, true), name).not.toContain(SECRET);
    zip = got.zip;
  });

  await test.step("the downloaded zip previews back into this company, names taken renamed", async () => {
    const options = page.getByRole("form", { name: "Import options" });
    await options.getByLabel("A .zip file").check();
    await options.getByLabel("Package .zip").setInputFiles({ name: "portable-works.zip", mimeType: "application/zip", buffer: zip });
    await expect(page.getByTestId("picked-package")).toContainText(`portable-works.zip: ${total} files from portable-works/`);
    await options.getByLabel(/^This company/).check();
    await options.getByRole("button", { name: "Preview import" }).click();
    const agents = page.getByRole("region", { name: "Import preview" }).getByRole("region", { name: "Agents" });
    await expect(agents.getByRole("row", { name: /^Cora 2 / })).toBeVisible();
    await expect(agents.getByRole("row", { name: /^Eli 2 / })).toContainText("Cora 2"); // the manager column follows the rename
    await options.getByLabel("Skip it and use the existing one").check();
    await expect(options.getByRole("button", { name: "Apply import" })).toBeDisabled();
    await options.getByRole("button", { name: "Preview again" }).click();
    await expect(agents.getByRole("row", { name: /^Cora / })).toContainText("Skip");
  });
});

test("import a package folder: plan, secrets and warnings, apply, open the new company", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  await page.goto("/ACME/settings/portability");
  const options = page.getByRole("form", { name: "Import options" });
  const applyButton = options.getByRole("button", { name: "Apply import" });

  await options.getByLabel("Package folder").setInputFiles(LUMEN);
  await expect(page.getByTestId("picked-package")).toContainText("lumen-studio: 9 files");
  await options.getByLabel("New company's name").fill("Lumen Copy");
  await options.getByLabel("Issues").check();
  await expect(applyButton).toBeDisabled();
  await options.getByRole("button", { name: "Preview import" }).click();

  const plan = page.getByRole("region", { name: "Import preview" });
  await expect(plan).toContainText("Creates the company Lumen Copy.");
  const agents = plan.getByRole("region", { name: "Agents" });
  await expect(agents.getByRole("row")).toHaveCount(4);
  await expect(agents.getByRole("row", { name: /^Ben / })).toContainText("Manager"); // role cto, mapped
  await expect(agents.getByRole("row", { name: /^Quinn / })).toContainText("Ben"); // reportsTo as a slug
  await expect(agents.getByRole("row", { name: /^Ben / })).toContainText("Ada"); // reportsTo as a path
  await expect(plan.getByRole("region", { name: "Issues" })).toContainText("Ship the launch page");
  await expect(plan.getByRole("region", { name: "Required secrets" })).toContainText("GH_TOKEN");
  await expect(plan.getByRole("region", { name: "Warnings" })).toContainText('role "cto" mapped to manager');
  await expect(applyButton).toBeEnabled();
  await snap(page, testInfo, "02-import-preview");
  expect(await seriousAxeViolations(page, "main"), "import preview").toEqual([]);
  await page.emulateMedia({ colorScheme: "dark" });
  await snap(page, testInfo, "03-import-preview-dark");
  expect(await seriousAxeViolations(page, "main"), "import preview, dark").toEqual([]);
  await fitsPhone(page, testInfo, "04-import-preview");
  await page.emulateMedia({ colorScheme: "light" });

  await test.step("changed inputs need a new preview before Apply", async () => {
    await options.getByLabel("New company's name").fill("Lumen Studio Copy");
    await expect(applyButton).toBeDisabled();
    await expect(page.getByText("The inputs changed since the preview")).toBeVisible();
    await options.getByRole("button", { name: "Preview again" }).click();
    await expect(plan).toContainText("Creates the company Lumen Studio Copy.");
    await expect(applyButton).toBeEnabled();
  });

  const applied = page.waitForResponse((r) => r.url().endsWith("/imports/apply"));
  await applyButton.click();
  expect((await applied).status()).toBe(201);
  const result = page.getByRole("region", { name: "Import result" });
  await expect(result.getByRole("heading", { name: "Created Lumen Studio Copy" })).toBeVisible();
  await expect(applyButton).toBeDisabled(); // no second company from a double click
  await expect(result.getByRole("region", { name: "Imported agents" }).getByRole("link")).toHaveCount(3);
  await expect(result.getByRole("region", { name: "Imported issues" }).getByRole("link")).toHaveCount(1);
  await snap(page, testInfo, "05-import-result");
  expect(await seriousAxeViolations(page, "main"), "import result").toEqual([]);
  await fitsPhone(page, testInfo, "06-import-result");

  const ben = await result.getByRole("link", { name: "Ben" }).getAttribute("href");
  await page.getByRole("link", { name: "Open Lumen Studio Copy" }).click();
  await page.waitForURL(/\/[A-Z]{2,5}\/dashboard$/);
  await expect(page.getByTestId("current-company")).toHaveText("Lumen Studio Copy");
  expect(ben?.startsWith(new URL(page.url()).pathname.replace("/dashboard", "/agents/"))).toBe(true);
  await page.goto(ben!);
  await expect(page.getByRole("heading", { name: "Ben" })).toBeVisible();
  await expect(page.getByTestId("chain-of-command")).toContainText("Ada");
});

test("a package with errors lists them by file and Apply stays disabled", async ({ page }, testInfo) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "broken-pkg-"));
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, "broken", rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, "broken", rel), text);
  };
  write("COMPANY.md", "---\nname: Broken Co\n---\n");
  write("agents/ceo/AGENTS.md", "---\nname: [unclosed\n---\nHello.\n");
  write(".paperclip.yaml", "- just\n- a list\n");
  try {
    await signIn(page, ADMIN);
    await page.goto("/ACME/settings/portability");
    const options = page.getByRole("form", { name: "Import options" });
    await options.getByLabel("Package folder").setInputFiles(path.join(dir, "broken"));
    await options.getByRole("button", { name: "Preview import" }).click();
    const errors = page.getByRole("alert").filter({ hasText: "The package cannot be imported" });
    await expect(errors).toContainText("2 errors");
    await expect(errors).toContainText("agents/ceo/AGENTS.md");
    await expect(errors).toContainText(".paperclip.yaml");
    await expect(options.getByRole("button", { name: "Apply import" })).toBeDisabled();
    await expect(page.getByRole("region", { name: "Import preview" })).toHaveCount(0);
    await snap(page, testInfo, "07-import-errors");
    expect(await seriousAxeViolations(page, "main"), "package errors").toEqual([]);
    await fitsPhone(page, testInfo, "08-import-errors");

    // a refused URL shows the API's sentence and the field it concerns
    await options.getByLabel("A git or GitHub URL").check();
    await options.getByLabel("Repository URL").fill("http://example.com/acme.git");
    await options.getByRole("button", { name: "Preview import" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "source.url" })).toBeVisible();
    await expect(options.getByRole("button", { name: "Apply import" })).toBeDisabled();
    await options.getByLabel("A folder").check();

    // a folder without COMPANY.md is caught before anything is sent
    fs.rmSync(path.join(dir, "broken", "COMPANY.md"));
    await options.getByLabel("Package folder").setInputFiles(path.join(dir, "broken"));
    await expect(page.getByText("No COMPANY.md in broken")).toBeVisible();
    await expect(options.getByRole("button", { name: "Preview import" })).toBeDisabled();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("a git source is applied at the commit its preview fetched", async ({ page }) => {
  const repo = fs.mkdtempSync(path.join(os.tmpdir(), "pkg-repo-"));
  const git = (...args: string[]) => execFileSync("git", ["-c", "user.name=E2E", "-c", "user.email=e2e@example.test", ...args], { cwd: repo, encoding: "utf8" }).trim();
  try {
    fs.cpSync(LUMEN, path.join(repo, "studio"), { recursive: true });
    git("init", "-q", "-b", "main");
    git("add", ".");
    git("commit", "-qm", "lumen");
    const previewed = git("rev-parse", "HEAD");

    await signIn(page, ADMIN);
    await page.goto("/ACME/settings/portability");
    const options = page.getByRole("form", { name: "Import options" });
    await options.getByLabel("A git or GitHub URL").check();
    await options.getByLabel("Repository URL").fill(`file://${repo}`);
    await options.getByRole("textbox", { name: /^Folder/ }).fill("studio");
    await options.getByLabel("New company's name").fill("Lumen Pinned");
    await options.getByRole("button", { name: "Preview import" }).click();
    const plan = page.getByRole("region", { name: "Import preview" });
    await expect(plan).toContainText(`From commit ${previewed.slice(0, 12)}`);
    await expect(plan.getByRole("region", { name: "Agents" }).getByRole("row")).toHaveCount(4);

    // the repository moves on after the preview: apply still takes what was previewed
    fs.mkdirSync(path.join(repo, "studio/agents/late"));
    fs.writeFileSync(path.join(repo, "studio/agents/late/AGENTS.md"), "---\nname: Late\n---\nToo late.\n");
    git("add", ".");
    git("commit", "-qm", "late hire");

    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith("/imports/apply")),
      options.getByRole("button", { name: "Apply import" }).click(),
    ]);
    expect(request.postDataJSON().source).toEqual({ type: "git", url: `file://${repo}`, path: "studio", ref: previewed });
    const result = page.getByRole("region", { name: "Import result" });
    await expect(result.getByRole("heading", { name: "Created Lumen Pinned" })).toBeVisible();
    await expect(result.getByRole("region", { name: "Imported agents" }).getByRole("link")).toHaveCount(3);
  } finally {
    fs.rmSync(repo, { recursive: true, force: true });
  }
});

test("a member sees no button and the page answers 403; another company's page 404", async ({ browser, baseURL, page }) => {
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Members Only", { issuePrefix: "MBRS" });
  await api.dispose();
  const member = { name: "Mo Member", email: "mo.member@example.test", password: "member-password-2024" };
  const passwordHash = await hash(member.password, { algorithm: 2 });
  await withE2eDatabase(async (db) => {
    const { rows } = await db.query(
      `INSERT INTO "User" (id, email, name, "passwordHash", "updatedAt") VALUES (gen_random_uuid(), $1, $2, $3, now()) RETURNING id`,
      [member.email, member.name, passwordHash],
    );
    await db.query(`INSERT INTO "Membership" ("companyId", "userId", role) VALUES ($1, $2, 'member')`, [company.id, rows[0].id]);
  });

  const context = await browser.newContext({ baseURL });
  const other = await context.newPage();
  await signIn(other, member);
  await other.goto("/MBRS/settings");
  await expect(other.getByRole("link", { name: "Members" })).toBeVisible();
  await expect(other.getByRole("link", { name: "Export and import" })).toHaveCount(0);
  const res = await other.goto("/MBRS/settings/portability");
  expect(res?.status()).toBe(403);
  await expect(other.getByRole("heading", { name: "You may not open this page" })).toBeVisible();
  const elsewhere = await other.goto("/ACME/settings/portability");
  expect(elsewhere?.status()).toBe(404);
  await context.close();
});
