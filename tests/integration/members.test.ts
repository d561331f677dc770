import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { addMember, createUser, createWorld, mintBoardToken } from "../factories";

describe("company members", () => {
  it("owners add, change and remove members; the last owner stays", async () => {
    const w = await createWorld();
    const owner = client(w.tokens.owner);
    const newcomer = await createUser();
    const added = await owner.post(`/api/companies/${w.company.id}/members`, { email: newcomer.email, role: "viewer" });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ userId: newcomer.id, role: "viewer", email: newcomer.email });

    const list = await owner.get(`/api/companies/${w.company.id}/members`);
    expect(list.body.map((m: { userId: string }) => m.userId)).toEqual([w.owner.id, newcomer.id]);

    expect((await owner.post(`/api/companies/${w.company.id}/members`, { email: newcomer.email })).status).toBe(409);
    expect((await owner.post(`/api/companies/${w.company.id}/members`, { email: "nobody@example.test" })).body.code).toBe("invalid_reference");

    const promoted = await owner.patch(`/api/companies/${w.company.id}/members/${newcomer.id}`, { role: "admin" });
    expect(promoted.body.role).toBe("admin");

    const demoteLastOwner = await owner.patch(`/api/companies/${w.company.id}/members/${w.owner.id}`, { role: "admin" });
    expect(demoteLastOwner.status).toBe(422);
    expect((await owner.delete(`/api/companies/${w.company.id}/members/${w.owner.id}`)).status).toBe(422);

    expect((await owner.delete(`/api/companies/${w.company.id}/members/${newcomer.id}`)).status).toBe(204);
    expect(await db().membership.count({ where: { companyId: w.company.id } })).toBe(1);
  });

  it("admins manage members but cannot grant ownership; viewers and agents cannot manage", async () => {
    const w = await createWorld();
    const admin = await createUser();
    await addMember(w.company.id, admin.id, "admin");
    const viewer = await createUser();
    await addMember(w.company.id, viewer.id, "viewer");
    const other = await createUser();
    const asAdmin = client(await mintBoardToken(admin.id));
    expect((await asAdmin.post(`/api/companies/${w.company.id}/members`, { email: other.email, role: "owner" })).status).toBe(403);
    expect((await asAdmin.post(`/api/companies/${w.company.id}/members`, { email: other.email, role: "member" })).status).toBe(201);
    expect((await asAdmin.delete(`/api/companies/${w.company.id}/members/${w.owner.id}`)).status).toBe(403);

    const asViewer = client(await mintBoardToken(viewer.id));
    expect((await asViewer.get(`/api/companies/${w.company.id}/members`)).status).toBe(200);
    expect((await asViewer.patch(`/api/companies/${w.company.id}/members/${other.id}`, { role: "admin" })).status).toBe(403);
    expect((await client(w.tokens.ceo).get(`/api/companies/${w.company.id}/members`)).status).toBe(403);
  });

  it("another company's caller gets 404 and nothing changes", async () => {
    const w = await createWorld();
    const outsider = await createWorld();
    const before = await db().membership.findMany({ where: { companyId: w.company.id } });
    const asOutsider = client(outsider.tokens.owner);
    for (const res of [
      await asOutsider.get(`/api/companies/${w.company.id}/members`),
      await asOutsider.post(`/api/companies/${w.company.id}/members`, { email: outsider.owner.email, role: "owner" }),
      await asOutsider.patch(`/api/companies/${w.company.id}/members/${w.owner.id}`, { role: "viewer" }),
      await asOutsider.delete(`/api/companies/${w.company.id}/members/${w.owner.id}`),
      await client(outsider.tokens.ceo).delete(`/api/companies/${w.company.id}/members/${w.owner.id}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
    expect(await db().membership.findMany({ where: { companyId: w.company.id } })).toEqual(before);
  });
});
