// describeStall: the sentence after "Not moving since 14:02: " for every reason, from the facts alone.
import { describe, expect, it } from "vitest";
import { describeLimit, describeStall } from "@/lib/dto/stall-sentence";
import { stallReasons } from "@/lib/schemas/liveness";

describe("describeStall", () => {
  it("says who or what holds the issue, with the issue's own example", () => {
    expect(describeStall({ reason: "agent_over_budget", facts: { agentName: "Mara Quinn", budgetScope: "agent" } })).toBe("Mara Quinn is paused over budget");
    expect(describeStall({ reason: "agent_over_budget", facts: { agentName: "Mara Quinn", budgetScope: "company" } })).toBe("Mara Quinn is paused: the company is over budget");
    expect(describeStall({ reason: "run_silent", facts: { agentName: "Ode", limitSec: 900 } })).toBe("Ode's run has been silent for over 15 min");
    expect(describeStall({ reason: "stale_checkout", facts: { agentName: "Ode", limitSec: 7200 } })).toBe("checked out by Ode with no run in flight and no activity for over 2 h");
    expect(describeStall({ reason: "blocker_finished", facts: { blockerIdentifiers: ["ACME-3", "ACME-4"] } })).toBe("blocked by ACME-3, ACME-4, all finished");
    expect(describeStall({ reason: "retries_exhausted", facts: { agentName: "Ode", failedRuns: 4, lastError: "exit 1" } }))
      .toBe("4 runs by Ode failed and the retry budget is spent (last error: exit 1)");
    expect(describeStall({ reason: "wake_loop", facts: { agentName: "Ode", wakesLastHour: 12 } })).toBe("Ode was woken 12 times in the last hour: the wake cap is reached");
  });

  it("has a sentence for every reason, with or without facts, naming no undefined", () => {
    for (const reason of stallReasons) {
      for (const facts of [{}, null, { agentName: "Ode", limitSec: 86_400, failedRuns: 1, wakesLastHour: 3, blockerIssueIds: ["x"] }]) {
        const s = describeStall({ reason, since: "2026-11-28T14:02:00Z", facts });
        expect(s.length, reason).toBeGreaterThan(8);
        expect(s, reason).not.toMatch(/undefined|null|NaN|not moving \(/);
      }
    }
    expect(describeStall({ reason: "agent_paused", facts: {} })).toBe("its agent is paused");
  });

  it("writes limits as a person reads them", () => {
    expect([describeLimit(90), describeLimit(900), describeLimit(7200), describeLimit(86_400), describeLimit(2_592_000), describeLimit(108_000 + 86_400)])
      .toEqual(["90 s", "15 min", "2 h", "24 h", "30 d", "2 d 6 h"]);
  });
});
