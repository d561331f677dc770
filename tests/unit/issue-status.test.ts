// The issue status machine against the spec's table, pair by pair: every move the table lists is
// legal and every other (from, to) pair of the seven states, including staying put and cancelling
// (which has its own rules in the update service), is not.
import { describe, expect, it } from "vitest";
import type { IssueStatus } from "@/lib/generated/prisma/client";
import { checkoutSources, isLegalMove, isTerminal, issueStatuses } from "@/lib/services/issues/status";

// the spec's "States and transitions" table, row by row
const specMoves: ReadonlyArray<readonly [IssueStatus, IssueStatus]> = [
  ["backlog", "todo"],
  ["todo", "in_progress"],
  ["in_progress", "in_review"],
  ["in_review", "done"],
  ["in_progress", "done"],
  ["in_progress", "blocked"],
  ["in_review", "in_progress"],
  ["blocked", "todo"],
  ["blocked", "in_progress"],
];

const isSpecMove = (from: IssueStatus, to: IssueStatus) => specMoves.some(([f, t]) => f === from && t === to);

describe("issue status machine", () => {
  it("knows exactly the seven states of the spec", () => {
    expect([...issueStatuses].sort()).toEqual(["backlog", "blocked", "cancelled", "done", "in_progress", "in_review", "todo"]);
  });

  for (const [from, to] of specMoves) {
    it(`${from} → ${to} is legal`, () => {
      expect(isLegalMove(from, to)).toBe(true);
    });
  }

  const illegal = issueStatuses.flatMap((from) => issueStatuses.filter((to) => !isSpecMove(from, to)).map((to) => [from, to] as const));

  it("enumerates all 49 pairs: 9 legal, 40 illegal", () => {
    expect(specMoves.length + illegal.length).toBe(49);
    expect(illegal).toHaveLength(40);
  });

  for (const [from, to] of illegal) {
    it(`${from} → ${to} is illegal`, () => {
      expect(isLegalMove(from, to)).toBe(false);
    });
  }

  it("checkout may start from todo, in_review and blocked only", () => {
    expect([...checkoutSources].sort()).toEqual(["blocked", "in_review", "todo"]);
  });

  it("done and cancelled are the terminal states", () => {
    expect(issueStatuses.filter((s) => isTerminal(s)).sort()).toEqual(["cancelled", "done"]);
  });
});
