// POST /api/companies/:companyId/logo and GET /api/assets/:assetId (docs/design.md §10, the spec's logo workflow).
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client, call } from "../support/api";
import { images, pngOfSize } from "../support/images";
import { createBoardUser, createWorld } from "../factories";

const MiB = 1024 * 1024;

describe("POST /api/companies/:companyId/logo", () => {
  it.each([
    ["png", "image/png"],
    ["jpeg", "image/jpeg"],
    ["webp", "image/webp"],
    ["gif", "image/gif"],
  ] as const)("accepts a %s and serves the same bytes with content type %s", async (kind, contentType) => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const up = await api.upload(`/api/companies/${w.company.id}/logo`, { bytes: images[kind], name: `logo.${kind}`, type: contentType });
    expect(up.status).toBe(201);
    expect(Object.keys(up.body)).toEqual(["assetId"]);
    const got = await api.get(`/api/assets/${up.body.assetId}`);
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe(contentType);
    expect(got.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(got.bytes).equals(Buffer.from(images[kind]))).toBe(true);
  });

  it("judges the type by content, not by the name or the declared type", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const up = await api.upload(`/api/companies/${w.company.id}/logo`, { bytes: images.gif, name: "logo.png", type: "image/png" });
    expect(up.status).toBe(201);
    expect((await api.get(`/api/assets/${up.body.assetId}`)).headers.get("content-type")).toBe("image/gif");
  });

  it("refuses a text file named .png with 415 and stores nothing", async () => {
    const w = await createWorld();
    const res = await client(w.tokens.owner).upload(`/api/companies/${w.company.id}/logo`, {
      bytes: new TextEncoder().encode("just some text, not an image\n"), name: "logo.png", type: "image/png",
    });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe("unsupported_media_type");
    expect(await db().asset.count({ where: { companyId: w.company.id } })).toBe(0);
  });

  it("accepts exactly 2 MiB and refuses anything larger with 413", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const ok = await api.upload(`/api/companies/${w.company.id}/logo`, { bytes: pngOfSize(2 * MiB), name: "big.png" });
    expect(ok.status).toBe(201);
    for (const size of [2 * MiB + 1, 3 * MiB]) {
      const res = await api.upload(`/api/companies/${w.company.id}/logo`, { bytes: pngOfSize(size), name: "huge.png" });
      expect(res.status).toBe(413);
      expect(res.body.code).toBe("payload_too_large");
    }
    expect(await db().asset.count({ where: { companyId: w.company.id } })).toBe(1);
  });

  it("stores an SVG only after removing its scripts and event handlers", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const svg = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(document.cookie)">
  <script type="text/javascript">alert(1)</script>
  <circle cx="5" cy="5" r="4" fill="#1f6feb" onclick='steal()'/>
  <a href="javascript:alert(2)"><rect width="1" height="1"/></a>
</svg>`;
    const up = await api.upload(`/api/companies/${w.company.id}/logo`, { bytes: new TextEncoder().encode(svg), name: "logo.svg", type: "image/svg+xml" });
    expect(up.status).toBe(201);
    const got = await api.get(`/api/assets/${up.body.assetId}`);
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("image/svg+xml");
    expect(got.headers.get("content-security-policy")).toContain("sandbox");
    expect(got.text).toContain("<circle");
    expect(got.text).not.toMatch(/<script/i);
    expect(got.text).not.toMatch(/\bon(load|click)\s*=/i);
    expect(got.text).not.toMatch(/javascript:/i);
    const row = await db().asset.findUniqueOrThrow({ where: { id: up.body.assetId } });
    expect(Buffer.from(row.data).toString("utf8")).toBe(got.text);
    expect(row.byteSize).toBe(got.bytes.length);
  });

  it("needs the part to be named file (400) and the body to be multipart (415)", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const wrongPart = await api.upload(`/api/companies/${w.company.id}/logo`, { bytes: images.png, name: "l.png" }, "image");
    expect(wrongPart.status).toBe(400);
    expect(wrongPart.body).toMatchObject({ code: "validation_error", details: [{ path: "file", message: "required" }] });
    const json = await api.post(`/api/companies/${w.company.id}/logo`, { file: "iVBOR" });
    expect(json.status).toBe(415);
    const garbled = await call("POST", `/api/companies/${w.company.id}/logo`, {
      token: w.tokens.owner, rawBody: "--x\r\nnot really multipart", headers: { "content-type": "multipart/form-data; boundary=zzz" },
    });
    expect(garbled.status).toBe(400);
    expect(await db().asset.count({ where: { companyId: w.company.id } })).toBe(0);
  });

  it("may be called by the CEO agent and board admins, not by other agents or viewers", async () => {
    const w = await createWorld();
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    const admin = await createBoardUser({ companyId: w.company.id, role: "admin" });
    const file = { bytes: images.png, name: "l.png" };
    expect((await client(w.tokens.ceo).upload(`/api/companies/${w.company.id}/logo`, file)).status).toBe(201);
    expect((await client(admin.token).upload(`/api/companies/${w.company.id}/logo`, file)).status).toBe(201);
    for (const token of [w.tokens.engineer, w.tokens.manager, viewer.token]) {
      const res = await client(token).upload(`/api/companies/${w.company.id}/logo`, file);
      expect(res.status).toBe(403);
    }
    expect(await db().asset.count({ where: { companyId: w.company.id } })).toBe(2);
  });
  it("keeps a file name with odd characters without failing", async () => {
    const w = await createWorld();
    const res = await client(w.tokens.owner).upload(`/api/companies/${w.company.id}/logo`, { bytes: images.png, name: "a\u0000b\"\r\n.png" });
    expect(res.status).toBe(201);
    const row = await db().asset.findUniqueOrThrow({ where: { id: res.body.assetId } });
    expect(row.originalName.startsWith("ab")).toBe(true);
  });
});

describe("GET /api/assets/:assetId", () => {
  it("serves the company's assets to its agents and board users", async () => {
    const w = await createWorld();
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    const up = await client(w.tokens.owner).upload(`/api/companies/${w.company.id}/logo`, { bytes: images.webp, name: "l.webp" });
    for (const token of [w.tokens.engineer, viewer.token]) {
      const res = await client(token).get(`/api/assets/${up.body.assetId}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-length")).toBe(String(images.webp.length));
    }
  });

  it("answers 404 for an unknown asset and 401 without credentials", async () => {
    const w = await createWorld();
    expect((await client(w.tokens.owner).get("/api/assets/0190a0a0-0000-7000-8000-000000000000")).status).toBe(404);
    const up = await client(w.tokens.owner).upload(`/api/companies/${w.company.id}/logo`, { bytes: images.png, name: "l.png" });
    expect((await call("GET", `/api/assets/${up.body.assetId}`)).status).toBe(401);
  });
});

describe("logo workflow", () => {
  it("upload, read assetId, PATCH the company, then the logo URL serves the image", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const up = await api.upload(`/api/companies/${w.company.id}/logo`, { bytes: images.jpeg, name: "logo.jpg", type: "image/jpeg" });
    expect(up.status).toBe(201);
    const patched = await api.patch(`/api/companies/${w.company.id}`, { logoAssetId: up.body.assetId });
    expect(patched.status).toBe(200);
    expect(patched.body.logoAssetId).toBe(up.body.assetId);
    const company = await api.get(`/api/companies/${w.company.id}`);
    expect(company.body.logoUrl).toBe(`/api/assets/${up.body.assetId}`);
    const img = await api.get(company.body.logoUrl);
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(img.bytes).equals(Buffer.from(images.jpeg))).toBe(true);
  });
});
