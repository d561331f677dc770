// PUT|DELETE /api/board/me/notifications/companies/:companyId, the per-company rows of GET
// /api/board/me/notifications, and what the fan-out makes of them: an override wins over the user's
// defaults, deleting it restores them, and nobody learns or changes anything about a company whose
// board they are not on.
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { emitEvent } from "@/lib/services/outbox/emit";
import type { OutboxEvent } from "@/lib/services/outbox/event";
import { fanOutEmail } from "@/lib/services/notifications/fan-out";
import { stopJobs } from "@/lib/runtime/jobs";
import { client } from "../support/api";
import { setMail } from "../support/smtp";
import { addMember, createWorld } from "../factories";

afterAll(() => stopJobs());

type World = Awaited<ReturnType<typeof createWorld>>;

const at = (companyId: string) => `/api/board/me/notifications/companies/${companyId}`;
const off = { email: { enabled: false, mode: "immediate", eventTypes: ["agent.paused"] } };
const daily = { email: { enabled: true, mode: "daily", eventTypes: ["agent.paused", "issue.created", "issue.created"] } };

/** A user on the boards of two companies: `a` (their own, named to sort first) and `b`. */
async function twoCompanies() {
  const a = await createWorld();
  const b = await createWorld();
  await db().company.update({ where: { id: a.company.id }, data: { name: "Aardvark Works" } });
  await db().company.update({ where: { id: b.company.id }, data: { name: "Zebra Labs" } });
  await addMember(b.company.id, a.owner.id, "member");
  return { a, b, user: a.owner, api: client(a.tokens.owner) };
}

/** Whether an agent.paused event of `w`'s company is written for the user's mail (the fan-out's verdict). */
async function mailedAbout(w: World, userId: string): Promise<boolean> {
  setMail("smtp://127.0.0.1:1"); // mail on for the fan-out; nothing here sends
  try {
    const id = await db().$transaction((tx) => emitEvent(tx, null, { companyId: w.company.id, type: "agent.paused", subject: { type: "agent", id: w.ceo.id }, data: { agentId: w.ceo.id, name: w.ceo.name, reason: "board" } }));
    const event = (await db().event.findUniqueOrThrow({ where: { id } })) as unknown as OutboxEvent;
    await db().$transaction((tx) => fanOutEmail(tx, [event]));
    return (await db().emailNotification.count({ where: { eventId: id, userId } })) === 1;
  } finally {
    setMail(null);
  }
}

describe("per-company email settings through the API", () => {
  it("GET lists each company the user is on the board of, following the defaults until one is set", async () => {
    const { a, b, api } = await twoCompanies();
    const res = await api.get("/api/board/me/notifications");
    expect(res.status).toBe(200);
    expect(res.body.companies).toEqual([
      { companyId: a.company.id, companyName: "Aardvark Works", email: null },
      { companyId: b.company.id, companyName: "Zebra Labs", email: null },
    ]);
  });

  it("an override wins over the defaults, in the answer and in the fan-out, and DELETE restores the defaults", async () => {
    const { a, b, user, api } = await twoCompanies();
    expect(await mailedAbout(b, user.id)).toBe(true);

    const put = await api.put(at(b.company.id), off);
    expect(put.status).toBe(200);
    expect(put.body.companies[1]).toEqual({ companyId: b.company.id, companyName: "Zebra Labs", email: off.email });
    expect(put.body.companies[0].email).toBeNull();
    expect(put.body.email.enabled).toBe(true); // the defaults are untouched
    expect(await mailedAbout(b, user.id)).toBe(false);
    expect(await mailedAbout(a, user.id)).toBe(true);

    const again = await api.put(at(b.company.id), daily);
    expect(again.status).toBe(200);
    expect(again.body.companies[1].email).toEqual({ enabled: true, mode: "daily", eventTypes: ["agent.paused", "issue.created"] });
    expect(await db().notificationCompanyPreference.count({ where: { userId: user.id } })).toBe(1);

    const del = await api.delete(at(b.company.id));
    expect(del.status).toBe(200);
    expect(del.body.companies[1].email).toBeNull();
    expect(await db().notificationCompanyPreference.count({ where: { userId: user.id } })).toBe(0);
    expect(await mailedAbout(b, user.id)).toBe(true);
    // a retried DELETE finds nothing to drop and answers the same
    const twice = await api.delete(at(b.company.id));
    expect(twice.status).toBe(200);
    expect(twice.body).toEqual(del.body);
  });

  it("an override enabled keeps its company mailed when the defaults turn mail off", async () => {
    const { b, user, api } = await twoCompanies();
    expect((await api.put("/api/board/me/notifications", off)).status).toBe(200);
    expect(await mailedAbout(b, user.id)).toBe(false);
    expect((await api.put(at(b.company.id), { email: { enabled: true, mode: "immediate", eventTypes: ["agent.paused"] } })).status).toBe(200);
    expect(await mailedAbout(b, user.id)).toBe(true);
  });

  it("a company whose board the user is not on is 404, learns nothing and changes nothing", async () => {
    const { b, api } = await twoCompanies();
    const outsider = await createWorld();
    await db().notificationCompanyPreference.create({ data: { userId: b.owner.id, companyId: b.company.id, enabled: false, mode: "daily", eventTypes: [] } });
    const before = await db().notificationCompanyPreference.findMany({ orderBy: [{ userId: "asc" }, { companyId: "asc" }] });
    for (const res of [
      await client(outsider.tokens.owner).put(at(b.company.id), off),
      await client(outsider.tokens.owner).delete(at(b.company.id)),
      await client(outsider.tokens.ceo).put(at(b.company.id), off),
      await client(outsider.tokens.ceo).delete(at(b.company.id)),
      await api.put(at("00000000-0000-4000-8000-000000000000"), off),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: "not_found", error: "Company not found" });
    }
    const list = await client(outsider.tokens.owner).get("/api/board/me/notifications");
    expect(list.body.companies.map((c: { companyId: string }) => c.companyId)).toEqual([outsider.company.id]);
    expect(await db().notificationCompanyPreference.findMany({ orderBy: [{ userId: "asc" }, { companyId: "asc" }] })).toEqual(before);
  });

  it("a member removed from a board loses the company's row and its routes", async () => {
    const { b, user, api } = await twoCompanies();
    expect((await api.put(at(b.company.id), off)).status).toBe(200);
    await db().membership.delete({ where: { companyId_userId: { companyId: b.company.id, userId: user.id } } });
    expect((await api.get("/api/board/me/notifications")).body.companies).toHaveLength(1);
    expect((await api.put(at(b.company.id), daily)).status).toBe(404);
    expect((await api.delete(at(b.company.id))).status).toBe(404);
  });

  it("refuses agents of the company (403), bad bodies (400) and ids that are not ids (404), changing nothing", async () => {
    const { a, b, user, api } = await twoCompanies();
    expect((await api.put(at(b.company.id), daily)).status).toBe(200);
    const stored = await db().notificationCompanyPreference.findUniqueOrThrow({ where: { userId_companyId: { userId: user.id, companyId: b.company.id } } });
    expect((await client(a.tokens.ceo).put(at(a.company.id), off)).status).toBe(403);
    expect((await client(a.tokens.ceo).delete(at(a.company.id))).status).toBe(403);
    const bad: unknown[] = [
      {}, { email: { enabled: true, mode: "weekly", eventTypes: [] } }, { email: { enabled: true, mode: "daily", eventTypes: ["no.such"] } },
      { email: { enabled: "yes", mode: "daily", eventTypes: [] } }, { email: { ...off.email, extra: 1 } }, { ...off, companyId: a.company.id }, null, [],
    ];
    for (const body of bad) {
      const res = await api.put(at(b.company.id), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("validation_error");
    }
    // an id that is no company's id at all names nothing: 404, as for every id in a path
    expect((await api.put(at("not-a-uuid"), off)).status).toBe(404);
    expect((await api.delete(at(a.company.issuePrefix))).status).toBe(404);
    expect(await db().notificationCompanyPreference.findMany({ where: { userId: user.id } })).toEqual([stored]);
    expect(await db().notificationCompanyPreference.count({ where: { companyId: a.company.id } })).toBe(0);
  });
});
