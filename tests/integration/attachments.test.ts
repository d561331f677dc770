// Issue attachments: POST/GET/DELETE /api/issues/:issueId/attachments and their bytes at
// GET /api/assets/:assetId — judged by content, 10 MiB, only raster images inline, tenancy.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { call, client } from "../support/api";
import { images, pngOfSize } from "../support/images";
import { createBoardUser, createWorld } from "../factories";

type World = Awaited<ReturnType<typeof createWorld>>;
const MiB = 1024 * 1024;
const text = (s: string) => new TextEncoder().encode(s);

async function newIssue(w: World, title = "Attach things") {
  const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, { title });
  expect(res.status).toBe(201);
  return res.body as { id: string; identifier: string };
}

/** A multipart upload with the file part and any other fields. */
function upload(token: string, issueRef: string, file: { bytes: Uint8Array; name: string; type?: string }, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append("file", new File([Buffer.from(file.bytes)], file.name, { type: file.type ?? "application/octet-stream" }));
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return call("POST", `/api/issues/${issueRef}/attachments`, { rawBody: form, token });
}

const zip = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]); // an empty zip archive
const gzip = new Uint8Array([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0, 0x03, 0x03, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
const pdf = text("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

describe("POST /api/issues/:issueId/attachments", () => {
  it.each([
    ["shot.png", "image/png", "inline", images.png],
    ["photo.jpg", "image/jpeg", "inline", images.jpeg],
    ["pic.webp", "image/webp", "inline", images.webp],
    ["anim.gif", "image/gif", "inline", images.gif],
    ["report.pdf", "application/pdf", "attachment", pdf],
    ["notes.txt", "text/plain; charset=utf-8", "attachment", text("plain words\n")],
    ["README.md", "text/markdown; charset=utf-8", "attachment", text("# Title\n\n- item\n")],
    ["data.csv", "text/csv; charset=utf-8", "attachment", text("a,b\n1,2\n")],
    ["data.json", "application/json", "attachment", text('{"a":1}')],
    ["bundle.zip", "application/zip", "attachment", zip],
    ["logs.gz", "application/gzip", "attachment", gzip],
  ] as const)("stores %s as %s and serves it %s, nosniff", async (name, contentType, disposition, bytes) => {
    const w = await createWorld();
    const issue = await newIssue(w);
    const up = await upload(w.tokens.owner, issue.identifier, { bytes, name });
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ issueId: issue.id, commentId: null, name, contentType, byteSize: bytes.length, createdByUserId: w.owner.id, createdByAgentId: null });
    expect(up.body.url).toBe(`/api/assets/${up.body.assetId}`);
    expect(up.body.isImage).toBe(contentType.startsWith("image/"));
    const got = await client(w.tokens.engineer).get(up.body.url);
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe(contentType);
    expect(got.headers.get("content-disposition")).toBe(`${disposition}; filename="${name}"; filename*=UTF-8''${name}`);
    expect(got.headers.get("x-content-type-options")).toBe("nosniff");
    expect(got.headers.get("content-security-policy")).toContain("sandbox");
    expect(Buffer.from(got.bytes).equals(Buffer.from(bytes))).toBe(true);
    const activity = await db().activityLog.findFirst({ where: { companyId: w.company.id, action: "issue.attachment_added" } });
    expect(activity?.details).toMatchObject({ attachmentId: up.body.id, name, contentType });
  });

  it.each([
    ["HTML named .png", "cat.png", text("<html><body><script>alert(1)</script></body></html>")],
    ["HTML as a text file", "page.txt", text("<!DOCTYPE html>\n<html><script>alert(document.cookie)</script></html>")],
    ["an HTML page", "page.html", text("<html><head><title>x</title></head></html>")],
    ["a Windows executable named .jpg", "photo.jpg", new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0, 0, 0, 0x04, 0, 0, 0, 0xff, 0xff])],
    ["a Windows executable", "setup.exe", new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0, 0, 0, 0x04, 0, 0, 0, 0xff, 0xff])],
    ["an ELF binary", "tool", new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0, 0, 0, 0])],
    ["text with NUL bytes", "odd.txt", new Uint8Array([0x61, 0x00, 0x62])],
  ])("refuses %s with 415 and stores nothing", async (_what, name, bytes) => {
    const w = await createWorld();
    const issue = await newIssue(w);
    const res = await upload(w.tokens.owner, issue.id, { bytes, name, type: "image/png" });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe("unsupported_media_type");
    expect(await db().issueAttachment.count({ where: { companyId: w.company.id } })).toBe(0);
    expect(await db().asset.count({ where: { companyId: w.company.id } })).toBe(0);
  });

  it("keeps only the last segment of a file name, and names it safely in the header", async () => {
    const w = await createWorld();
    const issue = await newIssue(w);
    const up = await upload(w.tokens.owner, issue.id, { bytes: pdf, name: '..\\evil/Bericht "März".pdf' });
    expect(up.body.name).toBe('Bericht "März".pdf');
    const got = await client(w.tokens.owner).get(up.body.url);
    expect(got.headers.get("content-disposition")).toBe(`attachment; filename="Bericht _M_rz_.pdf"; filename*=UTF-8''${encodeURIComponent('Bericht "März".pdf')}`);
  });

  it("stores an SVG without its scripts and serves it as a download", async () => {
    const w = await createWorld();
    const issue = await newIssue(w);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><circle r="4"/></svg>`;
    const up = await upload(w.tokens.owner, issue.id, { bytes: text(svg), name: "diagram.svg" });
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ contentType: "image/svg+xml", isImage: true });
    const got = await client(w.tokens.owner).get(up.body.url);
    expect(got.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(got.text).toContain("<circle");
    expect(got.text).not.toMatch(/<script|onload/i);
  });

  it("accepts exactly 10 MiB and refuses more with 413, storing nothing", async () => {
    const w = await createWorld();
    const issue = await newIssue(w);
    const ok = await upload(w.tokens.owner, issue.id, { bytes: pngOfSize(10 * MiB), name: "big.png" });
    expect(ok.status).toBe(201);
    for (const size of [10 * MiB + 1, 11 * MiB]) {
      const res = await upload(w.tokens.owner, issue.id, { bytes: pngOfSize(size), name: "huge.png" });
      expect(res.status).toBe(413);
      expect(res.body.code).toBe("payload_too_large");
    }
    expect(await db().issueAttachment.count({ where: { companyId: w.company.id } })).toBe(1);
  });

  it("refuses a missing or empty file part (400) and a body that is not multipart (415)", async () => {
    const w = await createWorld();
    const issue = await newIssue(w);
    const empty = await upload(w.tokens.owner, issue.id, { bytes: new Uint8Array(), name: "empty.txt" });
    expect(empty.status).toBe(400);
    const form = new FormData();
    form.append("other", "x");
    const missing = await call("POST", `/api/issues/${issue.id}/attachments`, { rawBody: form, token: w.tokens.owner });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([{ path: "file", message: "required" }]);
    const json = await client(w.tokens.owner).post(`/api/issues/${issue.id}/attachments`, { file: "x" });
    expect(json.status).toBe(415);
  });

  it("links a file to a comment of the issue; another issue's comment or a malformed id is refused", async () => {
    const w = await createWorld();
    const issue = await newIssue(w);
    const other = await newIssue(w, "Other");
    const comment = await client(w.tokens.engineer).post(`/api/issues/${issue.id}/comments`, { body: "Logs attached" });
    const elsewhere = await client(w.tokens.engineer).post(`/api/issues/${other.id}/comments`, { body: "Elsewhere" });
    const up = await upload(w.tokens.engineer, issue.id, { bytes: text("log line\n"), name: "run.log" }, { commentId: comment.body.id });
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ commentId: comment.body.id, createdByAgentId: w.engineer.id, createdByUserId: null, contentType: "text/plain; charset=utf-8" });
    const wrong = await upload(w.tokens.engineer, issue.id, { bytes: text("x"), name: "x.txt" }, { commentId: elsewhere.body.id });
    expect(wrong.status).toBe(422);
    expect(wrong.body.details).toEqual([{ path: "commentId", message: expect.any(String) }]);
    const malformed = await upload(w.tokens.engineer, issue.id, { bytes: text("x"), name: "x.txt" }, { commentId: "nope" });
    expect(malformed.status).toBe(400);
    const list = await client(w.tokens.owner).get(`/api/issues/${issue.id}/attachments`);
    expect(list.body.map((a: { id: string; commentId: string }) => [a.id, a.commentId])).toEqual([[up.body.id, comment.body.id]]);
  });

  it("lets agents of the company upload and read; a viewer may read but not upload (403)", async () => {
    const w = await createWorld();
    const issue = await newIssue(w);
    const byCeo = await upload(w.tokens.ceo, issue.id, { bytes: images.png, name: "chart.png" });
    expect(byCeo.status).toBe(201);
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    expect((await upload(viewer.token, issue.id, { bytes: images.png, name: "v.png" })).status).toBe(403);
    expect((await client(viewer.token).get(`/api/issues/${issue.id}/attachments`)).body).toHaveLength(1);
    expect((await client(viewer.token).get(byCeo.body.url)).status).toBe(200);
  });
});

describe("GET /api/issues/:issueId/attachments", () => {
  it("lists oldest first, a page at a time, without the bytes", async () => {
    const w = await createWorld();
    const issue = await newIssue(w);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await upload(w.tokens.owner, issue.id, { bytes: text(`file ${i}`), name: `f${i}.txt` })).body.id);
    const first = await client(w.tokens.engineer).get(`/api/issues/${issue.identifier}/attachments?limit=2`);
    expect(first.body.map((a: { id: string }) => a.id)).toEqual(ids.slice(0, 2));
    const cursor = first.headers.get("x-next-cursor");
    const rest = await client(w.tokens.engineer).get(`/api/issues/${issue.id}/attachments?limit=2&cursor=${cursor}`);
    expect(rest.body.map((a: { id: string }) => a.id)).toEqual(ids.slice(2));
    expect(rest.headers.get("x-next-cursor")).toBeNull();
  });
});

describe("DELETE /api/issues/:issueId/attachments/:attachmentId", () => {
  it("board members remove any; agents only their own; the bytes go too", async () => {
    const w = await createWorld();
    const issue = await newIssue(w);
    const mine = await upload(w.tokens.engineer, issue.id, { bytes: images.png, name: "mine.png" });
    const theirs = await upload(w.tokens.manager, issue.id, { bytes: images.png, name: "theirs.png" });
    const denied = await client(w.tokens.engineer).delete(`/api/issues/${issue.id}/attachments/${theirs.body.id}`);
    expect(denied.status).toBe(403);
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    expect((await client(viewer.token).delete(`/api/issues/${issue.id}/attachments/${mine.body.id}`)).status).toBe(403);
    expect(await db().issueAttachment.count({ where: { issueId: issue.id } })).toBe(2);

    expect((await client(w.tokens.engineer).delete(`/api/issues/${issue.id}/attachments/${mine.body.id}`)).status).toBe(204);
    expect((await client(w.tokens.owner).delete(`/api/issues/${issue.identifier}/attachments/${theirs.body.id}`)).status).toBe(204);
    expect(await db().issueAttachment.count({ where: { issueId: issue.id } })).toBe(0);
    expect(await db().asset.count({ where: { id: { in: [mine.body.assetId, theirs.body.assetId] } } })).toBe(0);
    expect((await client(w.tokens.owner).get(mine.body.url)).status).toBe(404);
    expect((await client(w.tokens.owner).delete(`/api/issues/${issue.id}/attachments/${mine.body.id}`)).status).toBe(404);
    const removed = await db().activityLog.count({ where: { companyId: w.company.id, action: "issue.attachment_removed" } });
    expect(removed).toBe(2);
  });

  it("an attachment named under another issue of the company is 404", async () => {
    const w = await createWorld();
    const issue = await newIssue(w);
    const other = await newIssue(w, "Other");
    const up = await upload(w.tokens.owner, issue.id, { bytes: images.png, name: "a.png" });
    expect((await client(w.tokens.owner).delete(`/api/issues/${other.id}/attachments/${up.body.id}`)).status).toBe(404);
    expect(await db().issueAttachment.count({ where: { id: up.body.id } })).toBe(1);
  });
});

describe("tenancy", () => {
  it("another company's board user and agent get 404 everywhere, and the rows are unchanged", async () => {
    const w = await createWorld();
    const outsider = await createWorld();
    const issue = await newIssue(w);
    const up = await upload(w.tokens.owner, issue.id, { bytes: images.png, name: "secret.png" });
    const before = await db().issueAttachment.findUniqueOrThrow({ where: { id: up.body.id } });
    for (const token of [outsider.tokens.owner, outsider.tokens.ceo]) {
      expect((await client(token).get(`/api/issues/${issue.id}/attachments`)).status).toBe(404);
      expect((await upload(token, issue.id, { bytes: images.png, name: "x.png" })).status).toBe(404);
      expect((await client(token).delete(`/api/issues/${issue.id}/attachments/${up.body.id}`)).status).toBe(404);
      expect((await client(token).get(up.body.url)).status).toBe(404);
    }
    expect(await db().issueAttachment.findUniqueOrThrow({ where: { id: up.body.id } })).toEqual(before);
    expect(await db().issueAttachment.count({ where: { issueId: issue.id } })).toBe(1);
    expect(await db().asset.count({ where: { companyId: outsider.company.id } })).toBe(0);
  });
});
