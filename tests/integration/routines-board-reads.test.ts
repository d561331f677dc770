// The reads behind the board's routine pages: each routine's latest runs, the issues they point at,
// a routine's parent issue, and the routine an issue came from; all scoped to the caller's company.
import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { db } from "@/lib/db/client";
import { resolveActor } from "@/lib/http/resolve-actor";
import type { ServiceContext } from "@/lib/services/context";
import { issuesOfRuns, parentIssueOf, recentRunsByRoutine } from "@/lib/services/routines/board";
import { routineOfIssue } from "@/lib/services/routines/runs";
import { client } from "../support/api";
import { createWorld } from "../factories";

type World = Awaited<ReturnType<typeof createWorld>>;

async function contextOf(token: string): Promise<ServiceContext> {
  const actor = await resolveActor(new NextRequest("http://charter.test/", { headers: { authorization: `Bearer ${token}` } }));
  return { db: db(), actor };
}

async function routineWithRuns(w: World, runs: number) {
  const parent = (await client(w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, { title: "Weekly reports" })).body;
  const routine = (await client(w.tokens.owner).post(`/api/companies/${w.company.id}/routines`, {
    name: "Weekly report", assigneeAgentId: w.engineer.id, concurrencyPolicy: "always_create", parentIssueId: parent.id,
  })).body;
  const made = [];
  for (let i = 0; i < runs; i++) made.push((await client(w.tokens.owner).post(`/api/routines/${routine.id}/run`, {})).body);
  return { routine, parent, runs: made as Array<{ id: string; issueId: string }> };
}

describe("board reads of routines", () => {
  it("each routine's newest runs, their issues, its parent issue, and the routine an issue came from", async () => {
    const w = await createWorld();
    const ctx = await contextOf(w.tokens.owner);
    const a = await routineWithRuns(w, 4);
    const b = await routineWithRuns(w, 1);
    const recent = await recentRunsByRoutine(ctx, w.company.id, [a.routine.id, b.routine.id], 3);
    expect(recent[a.routine.id].map((r) => r.id)).toEqual(a.runs.slice(1).reverse().map((r) => r.id));
    expect(recent[b.routine.id].map((r) => r.id)).toEqual([b.runs[0].id]);
    const issues = await issuesOfRuns(ctx, w.company.id, recent[a.routine.id]);
    expect(Object.keys(issues).sort()).toEqual(a.runs.slice(1).map((r) => r.issueId).sort());
    expect(issues[a.runs[3].issueId].identifier).toMatch(new RegExp(`^${w.company.issuePrefix}-\\d+$`));
    expect(await parentIssueOf(ctx, w.company.id, a.routine.parentIssueId)).toMatchObject({ id: a.parent.id, identifier: a.parent.identifier });
    expect(await routineOfIssue(db(), w.company.id, a.runs[0].issueId)).toMatchObject({ routineId: a.routine.id, name: "Weekly report", runId: a.runs[0].id });
    expect(await routineOfIssue(db(), w.company.id, a.parent.id)).toBeNull();
  });

  it("another company's routine, issues and parent are never read", async () => {
    const w = await createWorld();
    const other = await createWorld();
    const a = await routineWithRuns(w, 2);
    const outsider = await contextOf(other.tokens.owner);
    await expect(recentRunsByRoutine(outsider, w.company.id, [a.routine.id])).rejects.toMatchObject({ code: "not_found" });
    expect(await recentRunsByRoutine(outsider, other.company.id, [a.routine.id])).toEqual({});
    const runs = (await recentRunsByRoutine(await contextOf(w.tokens.owner), w.company.id, [a.routine.id]))[a.routine.id];
    expect(await issuesOfRuns(outsider, other.company.id, runs)).toEqual({});
    expect(await parentIssueOf(outsider, other.company.id, a.parent.id)).toBeNull();
    expect(await routineOfIssue(db(), other.company.id, a.runs[0].issueId)).toBeNull();
  });
});
