// Mentions and attachments in the issue editors: an agent picked from the @ autocomplete is woken
// and the comment shows it (and an issue identifier) as links; files attached, dropped into the
// editor, or refused; the issue page with 0, 3 and 40 attachments, on a desktop and a phone.
import { crc32, deflateSync } from "node:zlib";
import type { APIRequestContext, Page } from "@playwright/test";
import { ADMIN, expect, signIn, snap, test } from "./fixtures";
import { boardApi, createAgent, createCompany, post } from "./api";

/** A solid-colour PNG, so thumbnails are told apart in screenshots. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", deflateSync(pixels)), chunk("IEND", Buffer.alloc(0))]);
}

const hue = (i: number): [number, number, number] => [(i * 67) % 256, (i * 131 + 80) % 256, (i * 193 + 40) % 256];
const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

async function uploadViaApi(api: APIRequestContext, issueId: string, name: string, mimeType: string, buffer: Buffer) {
  const res = await api.post(`/api/issues/${issueId}/attachments`, { multipart: { file: { name, mimeType, buffer } } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; url: string };
}

/** Drops files on the element as a user dragging them from the desktop would. */
async function dropFiles(page: Page, selector: string, files: { name: string; type: string; base64: string }[]) {
  await page.locator(selector).evaluate((el, list) => {
    const dt = new DataTransfer();
    for (const f of list) dt.items.add(new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
    el.dispatchEvent(new DragEvent("dragover", { dataTransfer: dt, bubbles: true, cancelable: true }));
    el.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, files);
}

test("a mention picked from the autocomplete wakes that agent and renders as a link", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Mention Works", { issuePrefix: "MENT" });
  const ceo = await createAgent(api, company.id, { name: "Morgan", role: "ceo", icon: "crown" });
  const turing = await createAgent(api, company.id, { name: "Turing Bot", role: "engineer", icon: "code", reportsTo: ceo.id });
  await post(api, `/api/companies/${company.id}/issues`, { title: "Review the parser" });
  await post(api, `/api/companies/${company.id}/issues`, { title: "Ship the parser" });
  const outsider = await createCompany(api, "Elsewhere Inc", { issuePrefix: "ELSW" });
  await createAgent(api, outsider.id, { name: "Tullia Outsider", role: "ceo" });

  await page.goto("/MENT/issues/MENT-1");
  const box = page.getByRole("combobox", { name: "Comment" });
  const list = page.getByRole("listbox", { name: "Mention an agent or person" });

  await test.step("@ opens the list of this company's agents and people; Escape closes it and keeps the text", async () => {
    await box.click();
    await box.pressSequentially("Please look @Tu");
    await expect(list).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");
    await expect(list.getByRole("option")).toHaveText([/Turing Bot/]); // not the other company's Tullia
    await snap(page, testInfo, "autocomplete-open");
    await box.press("Escape");
    await expect(list).toBeHidden();
    await expect(box).toHaveValue("Please look @Tu");
  });

  await test.step("the mouse picks a person; the keyboard picks the agent; the editor shows @Name", async () => {
    await box.fill("");
    await box.pressSequentially("cc @Ada");
    await list.getByRole("option", { name: /Ada Lovelace/ }).click();
    // the editor shows the name; the link form is only in the stored markdown
    await expect(box).toHaveValue("cc @Ada Lovelace ");
    await expect(list).toBeHidden();
    await box.pressSequentially("and @tur");
    await expect(list.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
    await box.press("Enter");
    await expect(list).toBeHidden();
    await expect(box).toHaveValue("cc @Ada Lovelace and @Turing Bot ");
    await box.pressSequentially("see MENT-2 and `MENT-2`.");
  });

  await test.step("posted: the mention and the identifier are links, code stays code; the agent is woken", async () => {
    await page.getByRole("button", { name: "Comment", exact: true }).click();
    const comment = page.getByTestId("comments").locator("li").last();
    const mention = comment.getByRole("link", { name: "@Turing Bot" });
    await expect(mention).toHaveAttribute("href", `/MENT/agents/${turing.urlKey}`);
    await expect(mention).toHaveClass(/mention/);
    await expect(comment.getByRole("link", { name: "MENT-2" })).toHaveAttribute("href", "/MENT/issues/MENT-2");
    await expect(comment.locator("code")).toHaveText("MENT-2");
    await expect(comment.getByText("@Ada Lovelace")).toHaveAttribute("title", "Board user");
    await expect(box).toHaveValue("");
    await expect.poll(async () => {
      const wakes = (await (await api.get(`/api/agents/${turing.id}/wakeups`)).json()) as { reason: string }[];
      return wakes.map((w) => w.reason);
    }).toContain("mention");
    await snap(page, testInfo, "mention-posted");
    await mention.click();
    await page.waitForURL(new RegExp(`/MENT/agents/${turing.urlKey}$`));
  });

  await test.step("the new-issue dialog offers mentions; Escape closes the list, not the dialog", async () => {
    await page.goto("/MENT/issues");
    await page.getByRole("button", { name: "New issue" }).click();
    const dialog = page.getByRole("dialog", { name: "New issue" });
    const description = dialog.getByRole("combobox", { name: "Description" });
    await description.pressSequentially("Ask @Mor");
    await expect(dialog.getByRole("listbox")).toBeVisible();
    await description.press("Escape");
    await expect(dialog.getByRole("listbox")).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(description).toHaveValue("Ask @Mor");
  });

  await test.step("at 390 px", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/MENT/issues/MENT-1");
    await box.click();
    await box.pressSequentially("@");
    await expect(list.getByRole("option").filter({ hasText: "Morgan" })).toBeVisible();
    await snap(page, testInfo, "autocomplete-open-390");
  });
});

test("attachments: attach, drop into a comment, refuse a disguised file; 0, 3 and 40 on the page", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN);
  const api = await boardApi(page);
  const company = await createCompany(api, "Attach Works", { issuePrefix: "ATCH" });
  const issue = await post<{ id: string }>(api, `/api/companies/${company.id}/issues`, { title: "Collect the evidence", description: "See ATCH-1." });

  await test.step("none yet", async () => {
    await page.goto("/ATCH/issues/ATCH-1");
    await expect(page.getByTestId("attachment-count")).toHaveText("0");
    await expect(page.getByText("No attachments.")).toBeVisible();
    await snap(page, testInfo, "attachments-0");
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, testInfo, "attachments-0-390");
    await page.setViewportSize({ width: 1360, height: 900 });
  });

  await test.step("Attach files: an image and two documents, shown as a thumbnail and links", async () => {
    await page.getByLabel("Attach files to the issue").setInputFiles([
      { name: "screenshot.png", mimeType: "image/png", buffer: png(120, 80, [99, 102, 241]) },
      { name: "report.pdf", mimeType: "application/pdf", buffer: pdf },
      { name: "notes.md", mimeType: "text/markdown", buffer: Buffer.from("# Notes\n\n- one\n") },
    ]);
    await expect(page.getByTestId("attachment-count")).toHaveText("3");
    await expect(page.getByTestId("attachment-images").getByRole("img", { name: "screenshot.png" })).toBeVisible();
    const pdfLink = page.getByTestId("attachment-files").getByRole("link", { name: "report.pdf" });
    const href = await pdfLink.getAttribute("href");
    const res = await page.request.get(href!);
    expect(res.headers()["content-disposition"]).toMatch(/^attachment; filename="report.pdf"/);
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");
    await snap(page, testInfo, "attachments-3");
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, testInfo, "attachments-3-390");
    await page.setViewportSize({ width: 1360, height: 900 });
  });

  await test.step("dropped into the comment editor: uploaded, written in as an image, posted", async () => {
    const box = page.getByRole("combobox", { name: "Comment" });
    await box.fill("Here is the chart:");
    await dropFiles(page, "textarea[aria-label=Comment]", [{ name: "chart.png", type: "image/png", base64: png(200, 100, [16, 185, 129]).toString("base64") }]);
    await expect(box).toHaveValue(/^Here is the chart:\n!\[chart\.png\]\(\/api\/assets\/[0-9a-f-]{36}\)\n$/);
    await page.getByRole("button", { name: "Comment", exact: true }).click();
    const comment = page.getByTestId("comments").locator("li").last();
    await expect(comment.getByRole("img", { name: "chart.png" })).toBeVisible();
    await expect(page.getByTestId("attachment-count")).toHaveText("4");
  });

  await test.step("a page disguised as an image is refused; what was typed stays", async () => {
    const box = page.getByRole("combobox", { name: "Comment" });
    await box.fill("Typed words stay");
    await dropFiles(page, "textarea[aria-label=Comment]", [{ name: "cat.png", type: "image/png", base64: Buffer.from("<html><script>alert(1)</script></html>").toString("base64") }]);
    await expect(page.getByRole("alert").filter({ hasText: "Not attached" })).toContainText("not an image");
    await expect(box).toHaveValue("Typed words stay\n");
    await snap(page, testInfo, "attachment-refused");
    await page.getByRole("button", { name: "Dismiss" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Not attached" })).toHaveCount(0);
  });

  await test.step("removed from the section", async () => {
    await page.getByRole("button", { name: "Remove notes.md" }).click();
    await expect(page.getByTestId("attachment-count")).toHaveText("3");
  });

  await test.step("40 attachments", async () => {
    for (let i = 0; i < 30; i++) await uploadViaApi(api, issue.id, `frame-${String(i + 1).padStart(2, "0")}.png`, "image/png", png(64, 48, hue(i)));
    for (let i = 0; i < 7; i++) await uploadViaApi(api, issue.id, `log-${i + 1}-of-a-long-running-job-with-a-long-name.txt`, "text/plain", Buffer.from(`line ${i}\n`));
    await page.reload();
    await expect(page.getByTestId("attachment-count")).toHaveText("40");
    const thumbnails = page.getByTestId("attachment-images").getByRole("img");
    await expect(thumbnails).toHaveCount(12);
    await snap(page, testInfo, "attachments-40");
    await page.getByRole("button", { name: "Show all 40 attachments" }).click();
    await expect(thumbnails).toHaveCount(32);
    await expect(page.getByTestId("attachment-files").getByRole("link")).toHaveCount(8);
    await snap(page, testInfo, "attachments-40-all");
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId("attachment-count")).toHaveText("40");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(page, testInfo, "attachments-40-390");
  });
});
