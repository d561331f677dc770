import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { webhookUrlProblem } from "@/lib/services/webhooks/address-guard";
import { backoffMs, nextAttemptDelayMs } from "@/lib/services/webhooks/failures";
import { parseRetryAfter } from "@/lib/services/webhooks/send";

afterEach(() => { delete process.env.CHARTER_WEBHOOK_ALLOW_PRIVATE; resetEnvCache(); });

describe("webhook backoff", () => {
  it("doubles from 10 s to a 2 h cap, jittering away at most half", () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, () => 1))).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(backoffMs(1, () => 0)).toBe(5_000);
    expect(backoffMs(30, () => 1)).toBe(7_200_000);
    expect(backoffMs(30, () => 0)).toBe(3_600_000);
  });

  it("retries for at least 24 hours before the window gives up", () => {
    let elapsed = 0;
    let attempts = 0;
    while (elapsed < 24 * 3600_000) elapsed += backoffMs(++attempts, () => 0);
    expect(attempts).toBeGreaterThan(20);
  });

  it("takes Retry-After when it asks for longer, capped at a day", () => {
    expect(nextAttemptDelayMs(1, 600)).toBe(600_000);
    expect(nextAttemptDelayMs(1, 10 * 86_400)).toBe(86_400_000);
    expect(nextAttemptDelayMs(1, 0)).toBeGreaterThanOrEqual(5_000);
  });

  it("reads Retry-After as seconds or an HTTP date", () => {
    const now = Date.parse("2026-11-28T00:00:00Z");
    expect(parseRetryAfter("120", now)).toBe(120);
    expect(parseRetryAfter("Sat, 28 Nov 2026 00:01:00 GMT", now)).toBe(60);
    expect(parseRetryAfter("Fri, 27 Nov 2026 00:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});

describe("webhook URLs", () => {
  it("wants https without credentials; http only where private targets are allowed", () => {
    expect(webhookUrlProblem("https://example.com/hook")).toBeNull();
    expect(webhookUrlProblem("http://example.com/hook")).toBe("must be an https URL");
    expect(webhookUrlProblem("https://u:p@example.com/")).toBe("must not carry credentials");
    expect(webhookUrlProblem("not a url")).toBe("is not a URL");
    expect(webhookUrlProblem("file:///etc/passwd")).toBe("must be an https URL");
    process.env.CHARTER_WEBHOOK_ALLOW_PRIVATE = "1";
    resetEnvCache();
    expect(webhookUrlProblem("http://127.0.0.1:3000/hook")).toBeNull();
    expect(webhookUrlProblem("ftp://example.com/")).toBe("must be an http or https URL");
  });
});
