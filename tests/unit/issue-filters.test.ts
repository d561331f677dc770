// The board's reading of issue-list URLs: only what the API would accept becomes a filter.
import { describe, expect, it } from "vitest";
import { parseIssueFilters } from "@/lib/queries/issues";
import { issueFilters } from "@/lib/services/issues/list";
import type { ListIssuesQuery } from "@/lib/schemas/issues";

describe("parseIssueFilters", () => {
  it("keeps a search with a word, drops one the API would refuse (no letter or digit)", () => {
    expect(parseIssueFilters({ q: " deploy cache " }).q).toBe("deploy cache");
    for (const q of ["%", "_", "&|!", "  "]) expect(parseIssueFilters({ q }).q, q).toBeUndefined();
  });

  it("keeps known statuses and uuids only", () => {
    expect(parseIssueFilters({ status: "todo,bogus,todo", projectId: "nope" })).toEqual({ status: ["todo"] });
  });
});

describe("issueFilters", () => {
  it("one status is an equality (its plan reads the status's range of the list index), several an ANY", () => {
    const one = issueFilters("c", { status: ["in_review"] } as ListIssuesQuery);
    expect(one.where).toEqual([`i."companyId" = $1`, `i.status = $2::"IssueStatus"`]);
    expect(one.params).toEqual(["c", "in_review"]);
    const two = issueFilters("c", { status: ["todo", "blocked"] } as ListIssuesQuery);
    expect(two.where).toEqual([`i."companyId" = $1`, `i.status = ANY($2::"IssueStatus"[])`]);
    expect(two.params).toEqual(["c", ["todo", "blocked"]]);
  });
});
