// The words of notification emails and when digests go out.
import { describe, expect, it } from "vitest";
import { renderMail } from "@/lib/services/notifications/bodies";
import { digestDelaySeconds } from "@/lib/services/notifications/jobs";

describe("renderMail", () => {
  const line = { text: `Issue created: ACME-1 <script>alert("x")</script>`, url: "https://charter.example/ACME/issues/ACME-1", companyName: "Acme & Co" };

  it("names one event in the subject and links to its page in both bodies", () => {
    const mail = renderMail([line], "Charter needs your attention", "https://charter.example/unsubscribe?token=t");
    expect(mail.subject).toBe(`[Acme & Co] ${line.text}`);
    expect(mail.text).toContain("https://charter.example/ACME/issues/ACME-1");
    expect(mail.text).toContain("Stop these emails: https://charter.example/unsubscribe?token=t");
    expect(mail.html).toContain(`<a href="https://charter.example/ACME/issues/ACME-1">`);
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("Acme &#38; Co");
  });

  it("counts the events of a digest in its subject", () => {
    expect(renderMail([line, line, line], "Your daily Charter digest", "u").subject).toBe("Your daily Charter digest: 3 events");
  });
});

describe("digestDelaySeconds", () => {
  it("waits for the next full hour, or the next midnight UTC", () => {
    const now = new Date("2026-11-28T04:10:30Z");
    expect(digestDelaySeconds("hourly", now)).toBe(49 * 60 + 30);
    expect(digestDelaySeconds("daily", now)).toBe(19 * 3600 + 49 * 60 + 30);
    expect(digestDelaySeconds("hourly", new Date("2026-11-28T05:00:00Z"))).toBe(3600);
  });
});
