// A project's stored checks as the done gate reads them: defaults filled in, and a stored value that does
// not parse counts as unset, so a bad row can never make done impossible.
import { describe, expect, it } from "vitest";
import { hasChecks } from "@/lib/services/verifications/settings";
import { readChecks } from "@/lib/schemas/projects";

describe("project checks", () => {
  it("reads a verification command with its defaults and either review rule", () => {
    expect(readChecks({ verification: { command: "npm", args: ["test"] }, review: { kind: "board" } })).toEqual({
      verification: { command: "npm", args: ["test"], timeoutSec: 900 }, review: { kind: "board" },
    });
    expect(readChecks({ verification: { command: "make", timeoutSec: 30 }, review: { kind: "agent", agentId: "a1" } })).toEqual({
      verification: { command: "make", args: [], timeoutSec: 30 }, review: { kind: "agent", agentId: "a1" },
    });
  });

  it("treats null and malformed values as no check", () => {
    for (const bad of [null, {}, { command: "" }, { command: 5 }, { command: "x", timeoutSec: 0 }, { command: "x", args: "-v" }, "npm test"]) {
      expect(readChecks({ verification: bad, review: null }).verification, JSON.stringify(bad)).toBeNull();
    }
    for (const bad of [null, { kind: "agent" }, { kind: "someone" }, "board"]) {
      expect(readChecks({ verification: null, review: bad }).review, JSON.stringify(bad)).toBeNull();
    }
    expect(hasChecks(readChecks({ verification: null, review: null }))).toBe(false);
    expect(hasChecks(readChecks({ verification: null, review: { kind: "board" } }))).toBe(true);
  });
});
