import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { images } from "../support/images";
import { addMember, createBoardUser, createCompany, createWorld } from "../factories";

const prefixShape = /^[A-Z]{2,5}$/;

describe("POST /api/companies", () => {
  it("lets an instance admin create a company and makes the creator its owner", async () => {
    const admin = await createBoardUser({ isInstanceAdmin: true });
    const res = await client(admin.token).post("/api/companies", { name: "Acme Robotics", description: "Robots", budgetMonthlyCents: 5000 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Acme Robotics", description: "Robots", status: "active", budgetMonthlyCents: 5000, spentMonthlyCents: 0,
      requireBoardApprovalForNewAgents: true, brandColor: null, logoAssetId: null,
    });
    expect(res.body.issuePrefix).toMatch(prefixShape);
    const membership = await db().membership.findUnique({ where: { companyId_userId: { companyId: res.body.id, userId: admin.user.id } } });
    expect(membership?.role).toBe("owner");
    const row = await db().company.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.issuePrefix).toBe(res.body.issuePrefix);
  });

  it("derives a distinct valid prefix for each company of the same name", async () => {
    const admin = await createBoardUser({ isInstanceAdmin: true });
    const api = client(admin.token);
    const prefixes: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await api.post("/api/companies", { name: "Zephyr Quantum Labs" });
      expect(res.status).toBe(201);
      prefixes.push(res.body.issuePrefix);
    }
    for (const p of prefixes) expect(p).toMatch(prefixShape);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    expect(prefixes[0]).toBe("ZQL");
  });

  it("uses an explicit prefix, and refuses one that is taken with 409", async () => {
    const admin = await createBoardUser({ isInstanceAdmin: true });
    const api = client(admin.token);
    const first = await api.post("/api/companies", { name: "Prefixed", issuePrefix: "PRFX" });
    expect(first.status).toBe(201);
    expect(first.body.issuePrefix).toBe("PRFX");
    const count = await db().company.count();
    const second = await api.post("/api/companies", { name: "Other", issuePrefix: "PRFX" });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe("conflict");
    expect(await db().company.count()).toBe(count);
  });

  it.each(["ab", "A", "TOOLONG", "AB1", "A-B", ""])("rejects the prefix %j with 400", async (issuePrefix) => {
    const admin = await createBoardUser({ isInstanceAdmin: true });
    const res = await client(admin.token).post("/api/companies", { name: "Bad Prefix Co", issuePrefix });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_error");
    expect(res.body.details).toContainEqual(expect.objectContaining({ path: "body.issuePrefix" }));
  });

  it("refuses board users who are not instance admins, and agents, with 403", async () => {
    const w = await createWorld();
    const count = await db().company.count();
    for (const token of [w.tokens.owner, w.tokens.ceo, w.tokens.engineer]) {
      const res = await client(token).post("/api/companies", { name: "Not Allowed" });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("forbidden");
    }
    expect(await db().company.count()).toBe(count);
  });

  it("defaults requireBoardApprovalForNewAgents to true and accepts false", async () => {
    const admin = await createBoardUser({ isInstanceAdmin: true });
    const res = await client(admin.token).post("/api/companies", { name: "Open Hiring", requireBoardApprovalForNewAgents: false });
    expect(res.status).toBe(201);
    expect(res.body.requireBoardApprovalForNewAgents).toBe(false);
  });
});

describe("GET /api/companies", () => {
  it("shows a board user only the companies they belong to", async () => {
    const mine = await createCompany();
    const alsoMine = await createCompany();
    await createCompany();
    const user = await createBoardUser({ companyId: mine.id, role: "viewer" });
    await addMember(alsoMine.id, user.user.id, "member");
    const res = await client(user.token).get("/api/companies");
    expect(res.status).toBe(200);
    expect(res.body.map((c: { id: string }) => c.id).sort()).toEqual([mine.id, alsoMine.id].sort());
  });

  it("shows an instance admin every company", async () => {
    await createCompany();
    const admin = await createBoardUser({ isInstanceAdmin: true });
    const res = await client(admin.token).get("/api/companies?limit=500");
    expect(res.status).toBe(200);
    const all = await db().company.findMany({ select: { id: true } });
    expect(res.body.map((c: { id: string }) => c.id).sort()).toEqual(all.map((c) => c.id).sort());
  });

  it("shows the CEO agent its own company and refuses other agents with 403", async () => {
    const w = await createWorld();
    const ceo = await client(w.tokens.ceo).get("/api/companies");
    expect(ceo.status).toBe(200);
    expect(ceo.body).toEqual([expect.objectContaining({ id: w.company.id, issuePrefix: w.company.issuePrefix })]);
    for (const token of [w.tokens.manager, w.tokens.engineer]) {
      const res = await client(token).get("/api/companies");
      expect(res.status).toBe(403);
    }
  });
});

describe("GET /api/companies/:companyId", () => {
  it("is readable by the CEO agent and by board users of any role, by id or by prefix", async () => {
    const w = await createWorld();
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    for (const token of [w.tokens.ceo, w.tokens.owner, viewer.token]) {
      const res = await client(token).get(`/api/companies/${w.company.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: w.company.id, name: w.company.name, budgetMonthlyCents: 0, spentMonthlyCents: 0 });
    }
    const byPrefix = await client(w.tokens.owner).get(`/api/companies/${w.company.issuePrefix.toLowerCase()}`);
    expect(byPrefix.status).toBe(200);
    expect(byPrefix.body.id).toBe(w.company.id);
  });

  it("refuses agents other than the CEO with 403", async () => {
    const w = await createWorld();
    for (const token of [w.tokens.manager, w.tokens.engineer]) {
      const res = await client(token).get(`/api/companies/${w.company.id}`);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("forbidden");
    }
  });

  it("answers 404 for a company that does not exist", async () => {
    const admin = await createBoardUser({ isInstanceAdmin: true });
    const res = await client(admin.token).get("/api/companies/0190a0a0-0000-7000-8000-000000000000");
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
  });
});

describe("PATCH /api/companies/:companyId", () => {
  const profile = { name: "Renamed Co", description: "New words", brandColor: "#1f6feb" };

  it("lets the CEO agent change name, description, brandColor and logoAssetId", async () => {
    const w = await createWorld();
    const upload = await client(w.tokens.ceo).upload(`/api/companies/${w.company.id}/logo`, { bytes: images.png, name: "l.png" });
    expect(upload.status).toBe(201);
    const res = await client(w.tokens.ceo).patch(`/api/companies/${w.company.id}`, { ...profile, logoAssetId: upload.body.assetId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...profile, logoAssetId: upload.body.assetId });
    const row = await db().company.findUniqueOrThrow({ where: { id: w.company.id } });
    expect(row).toMatchObject({ ...profile, logoAssetId: upload.body.assetId });
  });

  it.each([
    { status: "paused" },
    { budgetMonthlyCents: 100 },
    { requireBoardApprovalForNewAgents: false },
    { name: "Sneaky", budgetMonthlyCents: 100 },
  ])("refuses the CEO agent the board-only change %j with 403 and changes nothing", async (body) => {
    const w = await createWorld();
    const before = await db().company.findUniqueOrThrow({ where: { id: w.company.id } });
    const res = await client(w.tokens.ceo).patch(`/api/companies/${w.company.id}`, body);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
    expect(await db().company.findUniqueOrThrow({ where: { id: w.company.id } })).toEqual(before);
  });

  it("refuses agents other than the CEO even for profile fields", async () => {
    const w = await createWorld();
    const res = await client(w.tokens.manager).patch(`/api/companies/${w.company.id}`, { name: "Manager's Co" });
    expect(res.status).toBe(403);
    expect((await db().company.findUniqueOrThrow({ where: { id: w.company.id } })).name).toBe(w.company.name);
  });

  it.each(["owner", "admin"] as const)("lets a board %s change every field but the prefix", async (role) => {
    const w = await createWorld();
    const user = await createBoardUser({ companyId: w.company.id, role });
    const body = { ...profile, status: "paused", budgetMonthlyCents: 12345, requireBoardApprovalForNewAgents: false };
    const res = await client(user.token).patch(`/api/companies/${w.company.id}`, body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(body);
    expect(await db().company.findUniqueOrThrow({ where: { id: w.company.id } })).toMatchObject(body);
  });

  it.each(["viewer", "member"] as const)("refuses a board %s with 403", async (role) => {
    const w = await createWorld();
    const user = await createBoardUser({ companyId: w.company.id, role });
    const before = await db().company.findUniqueOrThrow({ where: { id: w.company.id } });
    for (const body of [{ name: "Nope" }, { budgetMonthlyCents: 1 }]) {
      const res = await client(user.token).patch(`/api/companies/${w.company.id}`, body);
      expect(res.status).toBe(403);
    }
    expect(await db().company.findUniqueOrThrow({ where: { id: w.company.id } })).toEqual(before);
  });

  it("refuses a change of issuePrefix to everyone, the instance admin included", async () => {
    const w = await createWorld();
    const admin = await createBoardUser({ isInstanceAdmin: true });
    for (const token of [w.tokens.owner, w.tokens.ceo, admin.token]) {
      const res = await client(token).patch(`/api/companies/${w.company.id}`, { issuePrefix: "NEWP" });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("forbidden");
      const same = await client(token).patch(`/api/companies/${w.company.id}`, { issuePrefix: w.company.issuePrefix, name: "X" });
      expect(same.status).toBe(403);
    }
    const row = await db().company.findUniqueOrThrow({ where: { id: w.company.id } });
    expect(row.issuePrefix).toBe(w.company.issuePrefix);
    expect(row.name).toBe(w.company.name);
  });

  it("answers 422 derived_field when the board sets spentMonthlyCents", async () => {
    const w = await createWorld();
    const res = await client(w.tokens.owner).patch(`/api/companies/${w.company.id}`, { spentMonthlyCents: 0 });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("derived_field");
  });

  it("answers 422 invalid_reference for a logo asset that is not this company's", async () => {
    const w = await createWorld();
    const other = await createWorld();
    const upload = await client(other.tokens.owner).upload(`/api/companies/${other.company.id}/logo`, { bytes: images.png, name: "l.png" });
    expect(upload.status).toBe(201);
    for (const logoAssetId of [upload.body.assetId, "0190a0a0-0000-7000-8000-000000000000"]) {
      const res = await client(w.tokens.owner).patch(`/api/companies/${w.company.id}`, { logoAssetId });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("invalid_reference");
      expect(res.body.details).toEqual([expect.objectContaining({ path: "logoAssetId" })]);
    }
    expect((await db().company.findUniqueOrThrow({ where: { id: w.company.id } })).logoAssetId).toBeNull();
  });

  it("clears the logo with logoAssetId null", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const upload = await api.upload(`/api/companies/${w.company.id}/logo`, { bytes: images.gif, name: "l.gif" });
    expect((await api.patch(`/api/companies/${w.company.id}`, { logoAssetId: upload.body.assetId })).body.logoUrl).toBe(`/api/assets/${upload.body.assetId}`);
    const res = await api.patch(`/api/companies/${w.company.id}`, { logoAssetId: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ logoAssetId: null, logoUrl: null });
  });

  it("answers 400 validation_error naming unknown fields and bad values", async () => {
    const w = await createWorld();
    const unknown = await client(w.tokens.owner).patch(`/api/companies/${w.company.id}`, { name: "Ok", colour: "red" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe("validation_error");
    expect(unknown.body.details).toEqual([expect.objectContaining({ path: "body", message: expect.stringContaining("colour") })]);
    const bad = await client(w.tokens.owner).patch(`/api/companies/${w.company.id}`, { brandColor: "blue", status: "closed", budgetMonthlyCents: -1 });
    expect(bad.status).toBe(400);
    const paths = bad.body.details.map((d: { path: string }) => d.path).sort();
    expect(paths).toEqual(["body.brandColor", "body.budgetMonthlyCents", "body.status"]);
    expect((await db().company.findUniqueOrThrow({ where: { id: w.company.id } })).name).toBe(w.company.name);
  });
});
