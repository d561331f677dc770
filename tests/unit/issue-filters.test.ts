// The board's reading of issue-list URLs: only what the API would accept becomes a filter.
import { describe, expect, it } from "vitest";
import { parseIssueFilters } from "@/lib/queries/issues";

describe("parseIssueFilters", () => {
  it("keeps a search with a word, drops one the API would refuse (no letter or digit)", () => {
    expect(parseIssueFilters({ q: " deploy cache " }).q).toBe("deploy cache");
    for (const q of ["%", "_", "&|!", "  "]) expect(parseIssueFilters({ q }).q, q).toBeUndefined();
  });

  it("keeps known statuses and uuids only", () => {
    expect(parseIssueFilters({ status: "todo,bogus,todo", projectId: "nope" })).toEqual({ status: ["todo"] });
  });
});
