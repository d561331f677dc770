import { describe, expect, it } from "vitest";
import { prefixCandidates } from "@/lib/services/companies";

describe("prefixCandidates", () => {
  it.each([
    ["Acme Robotics", "AR"],
    ["Zephyr Quantum Labs", "ZQL"],
    ["Globex", "GLOB"],
    ["a b c d e f g", "ABCDE"],
    ["Éclair Ünion", "EU"],
    ["  the   big   one ", "TBO"],
  ])("starts %j with %s", (name, first) => {
    expect(prefixCandidates(name)[0]).toBe(first);
  });

  it.each(["Acme Robotics", "Globex", "X", "日本語", "42 Corp", "a", "", "Ab", "One Two Three Four Five Six Seven"])(
    "gives only unique 2–5 upper-case letter candidates for %j",
    (name) => {
      const all = prefixCandidates(name);
      expect(all.length).toBeGreaterThan(1);
      for (const p of all) expect(p).toMatch(/^[A-Z]{2,5}$/);
      expect(new Set(all).size).toBe(all.length);
    },
  );

  it("falls back to CO when the name has fewer than two letters", () => {
    expect(prefixCandidates("X")[0]).toBe("CO");
    expect(prefixCandidates("日本語")[0]).toBe("CO");
    expect(prefixCandidates("9")).toContain("COZ");
  });

  it("offers the shorter bases before their lettered variants", () => {
    const all = prefixCandidates("Globex");
    expect(all.slice(0, 2)).toEqual(["GLOB", "GLO"]);
    expect(all).toContain("GLOBA");
    expect(all.indexOf("GLOBA")).toBeGreaterThan(all.indexOf("GLO"));
  });
});
