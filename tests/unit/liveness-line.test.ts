import { describe, expect, it } from "vitest";
import { livenessSentence, stallReasonLabel } from "@/components/liveness/liveness-line";

describe("the liveness line", () => {
  it("says nothing for a moving issue or one without liveness", () => {
    expect(livenessSentence(undefined)).toBeNull();
    expect(livenessSentence({ state: "moving" })).toBeNull();
  });

  it("names the agent and the time (UTC, like every board time)", () => {
    const line = livenessSentence({ state: "stalled", reason: "agent_over_budget", since: "2026-11-28T14:02:00Z", facts: { agentName: "Mara Quinn" } });
    expect(line).toBe("Not moving since 2:02 PM: Mara Quinn is paused over budget");
  });

  it("lists finished blockers, and labels a reason for its filter chip", () => {
    expect(livenessSentence({ state: "stalled", reason: "blocker_finished", facts: { blockerIdentifiers: ["ACME-1", "ACME-2"] } }))
      .toBe("Not moving: blocked by ACME-1, ACME-2, all finished");
    expect(stallReasonLabel("wake_loop")).toBe("Wake loop");
  });
});
