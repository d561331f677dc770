import { describe, expect, it } from "vitest";
import { livenessSentence, stallReasonLabel } from "@/components/liveness/liveness-line.client";
import { formatMoment } from "@/lib/format";

const paused = { state: "stalled" as const, reason: "agent_over_budget" as const, since: "2026-11-28T14:02:00Z", facts: { agentName: "Mara Quinn" } };

describe("the liveness line", () => {
  it("says nothing for a moving issue or one without liveness", () => {
    expect(livenessSentence(undefined)).toBeNull();
    expect(livenessSentence({ state: "moving" })).toBeNull();
  });

  it("names the agent and the time, in UTC (the server's render) saying so", () => {
    const line = livenessSentence(paused, "UTC", new Date("2026-11-28T18:00:00Z"));
    expect(line).toBe("Not moving since 14:02 UTC: Mara Quinn is paused over budget");
  });

  it("in the viewer's zone, with the date when it is not today there", () => {
    // 14:02 UTC is 09:02 in New York the same day, and 03:02 the next day in Auckland (NZDT)
    expect(livenessSentence(paused, "America/New_York", new Date("2026-11-28T20:00:00Z"))).toBe("Not moving since 09:02: Mara Quinn is paused over budget");
    expect(livenessSentence(paused, "Pacific/Auckland", new Date("2026-11-29T20:00:00Z"))).toBe("Not moving since Nov 29, 03:02: Mara Quinn is paused over budget");
    expect(livenessSentence(paused, "UTC", new Date("2026-12-01T08:00:00Z"))).toBe("Not moving since Nov 28, 14:02 UTC: Mara Quinn is paused over budget");
  });

  it("names the year of a moment before this year", () => {
    expect(formatMoment("2025-12-30T23:10:00Z", "UTC", new Date("2026-01-02T08:00:00Z"))).toBe("Dec 30, 2025, 23:10");
  });

  it("lists finished blockers, and labels a reason for its filter chip", () => {
    expect(livenessSentence({ state: "stalled", reason: "blocker_finished", facts: { blockerIdentifiers: ["ACME-1", "ACME-2"] } }))
      .toBe("Not moving: blocked by ACME-1, ACME-2, all finished");
    expect(stallReasonLabel("wake_loop")).toBe("Wake loop");
  });
});
