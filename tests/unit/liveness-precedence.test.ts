// The liveness rules' order is one list (detect.ts PRECEDENCE): it names every stalled reason of the
// schema exactly once, and docs/liveness.md's table lists them in that order.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { StallReason } from "@/lib/generated/prisma/enums";
import { PRECEDENCE } from "@/lib/services/liveness/detect";

describe("liveness precedence", () => {
  const reasons = PRECEDENCE.filter((r) => r !== "waiting");

  it("names every StallReason once", () => {
    expect(new Set(reasons).size).toBe(reasons.length);
    expect([...reasons].sort()).toEqual(Object.values(StallReason).sort());
  });

  it("is the order of docs/liveness.md's table", () => {
    const doc = readFileSync(path.join(__dirname, "../../docs/liveness.md"), "utf8");
    const rows = [...doc.matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1]);
    expect(rows).toEqual(reasons);
  });
});
