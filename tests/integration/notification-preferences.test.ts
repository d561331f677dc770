// GET|PUT /api/board/me/notifications, the test email (to a real smtp-server) and the one-click
// unsubscribe of RFC 8058.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { GET as unsubscribeGet, POST as unsubscribePost } from "@/app/unsubscribe/route";
import { unsubscribeToken } from "@/lib/services/notifications/unsubscribe-token";
import { client } from "../support/api";
import { addMember, createWorld } from "../factories";
import { setMail, startSmtpReceiver, waitForMessages, type SmtpReceiver } from "../support/smtp";

let rx: SmtpReceiver;
beforeAll(async () => { rx = await startSmtpReceiver(); });
afterAll(async () => { setMail(null); await rx.close(); });

describe("GET|PUT /api/board/me/notifications", () => {
  it("answers the defaults, stores a change, and refuses agents and bad input", async () => {
    setMail(null);
    const w = await createWorld();
    const first = await client(w.tokens.owner).get("/api/board/me/notifications");
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      email: { enabled: true, mode: "immediate", eventTypes: expect.arrayContaining(["approval.created", "question.asked"]) },
      companies: [{ companyId: w.company.id, companyName: w.company.name, email: null }],
      mailConfigured: false,
    });
    const put = await client(w.tokens.owner).put("/api/board/me/notifications", { email: { enabled: true, mode: "daily", eventTypes: ["issue.created", "issue.created", "run.failed"] } });
    expect(put.status).toBe(200);
    expect(put.body.email).toEqual({ enabled: true, mode: "daily", eventTypes: ["issue.created", "run.failed"] });
    expect((await client(w.tokens.owner).get("/api/board/me/notifications")).body.email.mode).toBe("daily");

    const bad = await client(w.tokens.owner).put("/api/board/me/notifications", { email: { enabled: true, mode: "weekly", eventTypes: ["no.such"] } });
    expect(bad.status).toBe(400);
    expect(await db().notificationPreference.findUniqueOrThrow({ where: { userId: w.owner.id } })).toMatchObject({ mode: "daily" });
    expect((await client(w.tokens.ceo).get("/api/board/me/notifications")).status).toBe(403);
    expect((await client(w.tokens.ceo).put("/api/board/me/notifications", { email: { enabled: false, mode: "daily", eventTypes: [] } })).status).toBe(403);
  });
});

describe("POST /api/board/me/notifications/test", () => {
  it("is 422 while mail is off, and mails the caller once it is on", async () => {
    const w = await createWorld();
    setMail(null);
    const off = await client(w.tokens.owner).post("/api/board/me/notifications/test");
    expect(off.status).toBe(422);
    expect(off.body.error).toMatch(/SMTP_URL and MAIL_FROM/);

    setMail(rx.url);
    const before = rx.messages.length;
    const on = await client(w.tokens.owner).post("/api/board/me/notifications/test");
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ to: w.owner.email });
    const [mail] = (await waitForMessages(rx, before + 1)).slice(before);
    expect(mail.to).toMatchObject({ value: [{ address: w.owner.email }] });
    expect(mail.text).toMatch(/test email/i);
    expect(mail.html).toMatch(/<a href=/);
    const header = (key: string) => mail.headerLines.find((h) => h.key === key)?.line.replace(/\r\n\s+/g, " ");
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(header("list-unsubscribe")).toMatch(/^List-Unsubscribe: <https?:\/\/.+\/unsubscribe\?token=[^>]+>$/);
  });

  it("answers 422 naming the cause when the mail server cannot be reached", async () => {
    const w = await createWorld();
    setMail("smtp://127.0.0.1:1");
    const res = await client(w.tokens.owner).post("/api/board/me/notifications/test");
    expect(res.status).toBe(422);
    expect(res.body.error).toMatch(/mail server refused.*ECONNREFUSED/);
    setMail(null);
  });
});

describe("one-click unsubscribe", () => {
  const at = (token: string) => `http://127.0.0.1/unsubscribe?token=${encodeURIComponent(token)}`;

  it("shows a page on GET without changing anything, and turns mail off on POST", async () => {
    const w = await createWorld();
    const token = unsubscribeToken(w.owner.id);
    const page = await unsubscribeGet(new Request(at(token)));
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<button type="submit">Unsubscribe<\/button>/);
    expect(await db().notificationPreference.findUnique({ where: { userId: w.owner.id } })).toBeNull();

    const post = await unsubscribePost(new Request(at(token), { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" }));
    expect(post.status).toBe(200);
    expect(await db().notificationPreference.findUniqueOrThrow({ where: { userId: w.owner.id } })).toMatchObject({ enabled: false });
    expect((await client(w.tokens.owner).get("/api/board/me/notifications")).body.email.enabled).toBe(false);
  });

  const post = (url: string) => unsubscribePost(new Request(url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" }));
  const override = (userId: string, companyId: string) => db().notificationCompanyPreference.findUnique({ where: { userId_companyId: { userId, companyId } } });

  it("a company's link stops that company's mail only: its one-click POST sets the company's override off", async () => {
    const w = await createWorld();
    const other = await createWorld();
    await addMember(other.company.id, w.owner.id, "member");
    await client(w.tokens.owner).put("/api/board/me/notifications", { email: { enabled: true, mode: "daily", eventTypes: ["run.failed"] } });
    const token = unsubscribeToken(w.owner.id, w.company.id);
    const page = await unsubscribeGet(new Request(at(token)));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<h1>Stop emails about ${w.company.name}?</h1>`);
    expect(html).toContain(`<button type="submit">Unsubscribe from ${w.company.name}</button>`);
    expect(html).toContain(`action="/unsubscribe?token=${encodeURIComponent(token)}&#38;scope=all"`);
    expect(await override(w.owner.id, w.company.id)).toBeNull();

    const res = await post(at(token));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`no more notifications about ${w.company.name}`);
    // the override starts from the user's defaults, so turning it back on keeps their choices
    expect(await override(w.owner.id, w.company.id)).toMatchObject({ enabled: false, mode: "daily", eventTypes: ["run.failed"] });
    expect(await override(w.owner.id, other.company.id)).toBeNull();
    const prefs = (await client(w.tokens.owner).get("/api/board/me/notifications")).body;
    expect(prefs.email.enabled).toBe(true);
    expect(prefs.companies.find((c: { companyId: string }) => c.companyId === w.company.id).email).toEqual({ enabled: false, mode: "daily", eventTypes: ["run.failed"] });
  });

  it("a company's link with scope=all, and an old user-only link, stop all mail, overrides included", async () => {
    const w = await createWorld();
    const other = await createWorld();
    await addMember(other.company.id, w.owner.id, "member");
    const on = { email: { enabled: true, mode: "immediate", eventTypes: ["run.failed"] } };
    expect((await client(w.tokens.owner).put(`/api/board/me/notifications/companies/${other.company.id}`, on)).status).toBe(200);
    const res = await post(`${at(unsubscribeToken(w.owner.id, w.company.id))}&scope=all`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("no more notifications.");
    expect(await db().notificationPreference.findUniqueOrThrow({ where: { userId: w.owner.id } })).toMatchObject({ enabled: false });
    expect(await override(w.owner.id, other.company.id)).toMatchObject({ enabled: false });
    expect(await override(w.owner.id, w.company.id)).toBeNull();

    const u = await createWorld();
    await addMember(other.company.id, u.owner.id, "member");
    expect((await client(u.tokens.owner).put(`/api/board/me/notifications/companies/${other.company.id}`, on)).status).toBe(200);
    expect((await post(at(unsubscribeToken(u.owner.id)))).status).toBe(200);
    expect(await db().notificationPreference.findUniqueOrThrow({ where: { userId: u.owner.id } })).toMatchObject({ enabled: false });
    expect(await override(u.owner.id, other.company.id)).toMatchObject({ enabled: false });
  });

  it("a company's link for a board the user has left answers but writes nothing", async () => {
    const w = await createWorld();
    const other = await createWorld();
    const res = await post(at(unsubscribeToken(w.owner.id, other.company.id)));
    expect(res.status).toBe(200);
    expect(await db().notificationCompanyPreference.count({ where: { userId: w.owner.id } })).toBe(0);
    expect(await db().notificationPreference.count({ where: { userId: w.owner.id } })).toBe(0);
  });

  it("refuses a forged or malformed token with 400 and changes nothing", async () => {
    const w = await createWorld();
    const other = unsubscribeToken(w.owner.id).split(".")[1];
    const [, , companySig] = unsubscribeToken(w.owner.id, w.company.id).split(".");
    const forged = [
      `${w.ceo.id}.${other}`, "x", "", `${w.owner.id}.${other}.x`, `${w.owner.id}.AAAA`,
      // a company's signature moved to another company, to the user-only form, or to another user
      `${w.owner.id}.${w.engineer.id}.${companySig}`, `${w.owner.id}.${companySig}`,
      `${w.ceo.id}.${w.company.id}.${companySig}`, `${w.owner.id}.${w.company.id}.${other}`, `${w.owner.id}.${w.company.id}.${companySig}.x`,
    ];
    for (const token of forged) {
      expect((await unsubscribeGet(new Request(at(token)))).status, token).toBe(400);
      expect((await unsubscribePost(new Request(at(token), { method: "POST" }))).status, token).toBe(400);
    }
    // a good token with an unknown scope is refused too
    const good = unsubscribeToken(w.owner.id, w.company.id);
    expect((await unsubscribeGet(new Request(`${at(good)}&scope=everything`))).status).toBe(400);
    expect((await post(`${at(good)}&scope=company`)).status).toBe(400);
    expect(await db().notificationPreference.count({ where: { userId: { in: [w.owner.id] } } })).toBe(0);
    expect(await db().notificationCompanyPreference.count({ where: { userId: w.owner.id } })).toBe(0);
  });
});
