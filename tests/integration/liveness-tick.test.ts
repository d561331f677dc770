// The worker's liveness sweep runs at each interval callback (lib/runtime/liveness-sweep.ts): a callback
// a few milliseconds short of a full tick after the last sweep (timer jitter) still sweeps, while a
// second caller within the tick does not double the rate.
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { sweepLiveness } from "@/lib/runtime/liveness-sweep";
import { liveWorld, makeIssue, queueWake, stallOf } from "../support/liveness";

afterEach(() => vi.restoreAllMocks());

describe("the liveness tick", () => {
  it("sweeps at a callback slightly early, and skips one within the tick", async () => {
    const w = await liveWorld();
    const issue = await makeIssue(w);
    await queueWake(w, issue.id);
    const tick = env().CHARTER_LIVENESS_TICK_MS;
    let clock = Date.now();
    vi.spyOn(Date, "now").mockImplementation(() => clock);
    await db().agent.update({ where: { id: w.engineer.id }, data: { status: "paused", pauseReason: "board" } });
    await sweepLiveness();
    expect((await stallOf(issue.id))?.reason).toBe("agent_paused");

    await db().agent.update({ where: { id: w.engineer.id }, data: { status: "idle", pauseReason: null } });
    clock += tick / 2;
    await sweepLiveness();
    expect(await stallOf(issue.id)).not.toBeNull();
    // the next interval callback, 5 ms sooner than a whole tick after the sweep: it must sweep
    clock += tick / 2 - 5;
    await sweepLiveness();
    expect(await stallOf(issue.id)).toBeNull();
  });
});
