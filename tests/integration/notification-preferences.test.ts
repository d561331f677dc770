// GET|PUT /api/board/me/notifications, the test email (to a real smtp-server) and the one-click
// unsubscribe of RFC 8058.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { GET as unsubscribeGet, POST as unsubscribePost } from "@/app/unsubscribe/route";
import { unsubscribeToken } from "@/lib/services/notifications/unsubscribe-token";
import { client } from "../support/api";
import { createWorld } from "../factories";
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
    expect(first.body).toEqual({ email: { enabled: true, mode: "immediate", eventTypes: expect.arrayContaining(["approval.created", "question.asked"]) }, mailConfigured: false });
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

  it("refuses a forged or malformed token with 400 and changes nothing", async () => {
    const w = await createWorld();
    const other = unsubscribeToken(w.owner.id).split(".")[1];
    for (const token of [`${w.ceo.id}.${other}`, "x", "", `${w.owner.id}.${other}.x`, `${w.owner.id}.AAAA`]) {
      expect((await unsubscribeGet(new Request(at(token)))).status).toBe(400);
      expect((await unsubscribePost(new Request(at(token), { method: "POST" }))).status).toBe(400);
    }
    expect(await db().notificationPreference.count({ where: { userId: { in: [w.owner.id] } } })).toBe(0);
  });
});
