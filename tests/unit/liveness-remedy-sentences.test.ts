// The liveness remedies read as sentences with their reasons in the activity feed.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe as suite, expect, it } from "vitest";
import { describe, type ActivityRow, type DescribeContext } from "@/components/activity/describe";

const ctx: DescribeContext = { prefix: "ACME", companyName: "Acme", viewerId: "u1", agents: {}, users: {} };
const subject = { label: "ACME-12", title: "Fix the login", ref: "ACME-12" };

function sentence(action: string, details: Record<string, unknown>): string {
  const row = {
    id: "0190c0de-0000-7000-8000-000000000001", companyId: "0190c0de-0000-7000-8000-000000000002", actorType: "system", actorId: null,
    action, entityType: "issue", entityId: "0190c0de-0000-7000-8000-000000000003", details, createdAt: "2026-11-28T07:00:00.000Z", subject,
  } as unknown as ActivityRow;
  return renderToStaticMarkup(createElement("p", null, describe(row, ctx))).replace(/<[^>]+>/g, "");
}

suite("liveness remedy sentences", () => {
  it("say what Charter did and why, in words", () => {
    expect(sentence("issue.retry_scheduled", { attempt: 2, budget: 3, delaySec: 61, why: "the run failed", lastError: "exit code 3" }))
      .toBe("scheduled retry 2 of 3 of ACME-12 Fix the login in 61 s: the run failed (exit code 3)");
    expect(sentence("issue.silent_run_stopped", { silentSec: 960, limitSec: 900 })).toBe("stopped a run of ACME-12 Fix the login silent for 16 min (its agent&#x27;s limit is 15 min)");
    expect(sentence("issue.stale_checkout_released", { idleSec: 10_800, limitSec: 7200 }))
      .toBe("released ACME-12 Fix the login back to todo after 3 h without a run or activity (the company&#x27;s limit is 2 h), telling its agent why");
    expect(sentence("issue.wake_requeued", { why: "nothing was pending for it for over 2 min" })).toBe("woke the agent of ACME-12 Fix the login again: nothing was pending for it for over 2 min");
    expect(sentence("issue.wake_loop_stopped", { runs: 12, cap: 12 })).toBe("stopped waking ACME-12 Fix the login: 12 runs in the last hour reached the company&#x27;s limit of 12");
  });
});
