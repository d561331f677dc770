// Review before done: the project's reviewer (an agent or the board) approves or requests
// changes; the reviewer agent is woken with the diff summary; the third request for changes goes to
// the board's inbox instead of looping; a dead worker's verification is run again by the sweep.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Worker } from "@/lib/runtime/worker";
import { sweepVerifications } from "@/lib/runtime/verification-runner";
import { client } from "../support/api";
import { startWorker, waitFor } from "../support/runtime";
import { attachWorkspace, commitFiles, git, makeRepo } from "../support/git-workspace";
import { createWorld } from "../factories";

let worker: Worker;
const repos: string[] = [];

beforeAll(async () => {
  worker = await startWorker();
});
afterAll(async () => {
  await worker.stop();
  for (const r of repos) fs.rmSync(r, { recursive: true, force: true });
});

async function setup(review: "board" | "agent", verification = false) {
  const w = await createWorld();
  const repo = makeRepo({ "README.md": "hello\n" });
  repos.push(repo);
  const project = await db().project.create({
    data: {
      companyId: w.company.id, name: "Reviewed",
      review: review === "board" ? { kind: "board" } : { kind: "agent", agentId: w.manager.id },
      ...(verification ? { verification: { command: "git", args: ["diff", "--quiet", "HEAD"], timeoutSec: 60 } } : {}),
    },
  });
  const issue = (await client(w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, {
    title: "Reviewed work", projectId: project.id, assigneeAgentId: w.engineer.id, status: "in_progress",
  })).body;
  await attachWorkspace(issue, repo);
  commitFiles(repo, { "feature.txt": "a feature\n" }, "Add the feature");
  return { w, issue, repo, owner: client(w.tokens.owner), engineer: client(w.tokens.engineer), reviewer: client(w.tokens.manager) };
}

const wakesOf = (agentId: string, reason: "review_requested" | "assignment") =>
  db().wakeRequest.findMany({ where: { agentId, reason }, orderBy: { createdAt: "asc" } });

describe("review before done", () => {
  it("wakes the reviewer agent with the diff summary; only the reviewer may review, only in_review; approve closes the issue", async () => {
    const { w, issue, owner, engineer, reviewer } = await setup("agent");
    expect((await reviewer.post(`/api/issues/${issue.id}/review`, { verdict: "approve" })).status).toBe(409);
    await engineer.patch(`/api/issues/${issue.id}`, { status: "in_review" });
    const [wake] = await wakesOf(w.manager.id, "review_requested");
    expect(wake).toMatchObject({ issueId: issue.id, payload: expect.objectContaining({ wakeReason: "review_requested", branch: "charter/test" }) });
    const summary = (wake.payload as { diffSummary: string }).diffSummary;
    expect(summary).toContain("Add the feature");
    expect(summary).toContain("feature.txt");

    expect((await engineer.post(`/api/issues/${issue.id}/review`, { verdict: "approve" })).status).toBe(403);
    expect((await owner.post(`/api/issues/${issue.id}/review`, { verdict: "approve" })).status).toBe(403);
    expect((await reviewer.post(`/api/issues/${issue.id}/review`, { verdict: "maybe" })).status).toBe(400);
    const refused = await engineer.patch(`/api/issues/${issue.id}`, { status: "done" });
    expect(refused.body).toMatchObject({ code: "verification_required", details: { missing: ["review"] } });

    const approved = await reviewer.post(`/api/issues/${issue.id}/review`, { verdict: "approve", comment: "Looks right" });
    expect(approved.status).toBe(201);
    expect(approved.body).toMatchObject({ verdict: "approve", reviewerAgentId: w.manager.id, issueStatus: "done", round: 0, escalated: false });
    const after = await db().issue.findUniqueOrThrow({ where: { id: issue.id } });
    expect(after.status).toBe("done");
    expect(after.completedAt).not.toBeNull();
    const actions = (await db().activityLog.findMany({ where: { entityId: issue.id }, orderBy: { id: "asc" } })).map((a) => a.action);
    expect(actions).toContain("review.submitted");
  });

  it("request_changes sends the issue back with the comment and wakes the assignee; the third time it goes to the board's inbox", async () => {
    const { w, issue, repo, owner, engineer } = await setup("board");
    for (let round = 1; round <= 3; round++) {
      await engineer.patch(`/api/issues/${issue.id}`, { status: "in_review" });
      commitFiles(repo, { "feature.txt": `round ${round}\n` }, `Round ${round}`);
      const res = await owner.post(`/api/issues/${issue.id}/review`, { verdict: "request_changes", comment: `Please fix ${round}` });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ round, escalated: round === 3, issueStatus: round === 3 ? "in_review" : "in_progress", reviewerUserId: w.owner.id });
    }
    const wakes = await wakesOf(w.engineer.id, "assignment");
    const changeWakes = wakes.filter((x) => (x.payload as { wakeReason?: string }).wakeReason === "changes_requested");
    expect(changeWakes.map((x) => (x.payload as { reviewRound: number }).reviewRound)).toEqual([1, 2]);
    const comments = await db().issueComment.findMany({ where: { issueId: issue.id }, orderBy: { createdAt: "asc" } });
    expect(comments.map((c) => c.body)).toEqual(["Please fix 1", "Please fix 2", "Please fix 3"]);

    const inbox = await owner.get(`/api/companies/${w.company.id}/inbox?kind=review_escalated`);
    expect(inbox.body).toEqual([expect.objectContaining({ kind: "review_escalated", href: `/${w.company.issuePrefix}/issues/${issue.identifier}` })]);
    expect(inbox.body[0].summary).toContain("Please fix 3");
    // the board decides: an approval now closes it (no verification in this project) and empties the inbox
    const approved = await owner.post(`/api/issues/${issue.id}/review`, { verdict: "approve" });
    expect(approved.body).toMatchObject({ issueStatus: "done", headSha: git(repo, "rev-parse", "HEAD") });
    expect((await owner.get(`/api/companies/${w.company.id}/inbox?kind=review_escalated`)).body).toEqual([]);
  });

  it("with a verification too: the reviewer is woken once it passes, and an approval needs it on the same head", async () => {
    const { w, issue, repo, engineer, reviewer } = await setup("agent", true);
    await engineer.patch(`/api/issues/${issue.id}`, { status: "in_review" });
    const wake = await waitFor(async () => (await wakesOf(w.manager.id, "review_requested"))[0], "the reviewer's wake", 30_000);
    const v = await db().verification.findFirstOrThrow({ where: { issueId: issue.id } });
    expect(v).toMatchObject({ status: "passed", headSha: git(repo, "rev-parse", "HEAD") });
    expect(wake.payload).toMatchObject({ headSha: v.headSha });
    // a new commit after the verification: the approval is refused until it is verified again
    commitFiles(repo, { "late.txt": "late\n" }, "Late change");
    const refused = await reviewer.post(`/api/issues/${issue.id}/review`, { verdict: "approve" });
    expect(refused.status).toBe(422);
    expect(refused.body.details).toMatchObject({ missing: ["verification"] });
    expect(await db().issueReview.count({ where: { issueId: issue.id } })).toBe(0);
    await engineer.post(`/api/issues/${issue.id}/verifications`, {});
    await waitFor(async () => (await db().verification.count({ where: { issueId: issue.id, status: "passed" } })) === 2, "the second verification", 30_000);
    expect((await reviewer.post(`/api/issues/${issue.id}/review`, { verdict: "approve" })).body.issueStatus).toBe("done");
  });

  it("two workers share the queue: each verification runs exactly once", async () => {
    const second = await startWorker();
    try {
      const { issue, repo, engineer } = await setup("board");
      // each run appends a line to a file outside the repository: one line per run, whichever worker ran it
      const tally = `${repo}.tally`;
      repos.push(tally);
      await db().project.updateMany({
        where: { companyId: issue.companyId }, data: { verification: { command: "/bin/sh", args: ["-c", `sleep 0.2; echo run >> ${tally}`], timeoutSec: 60 } },
      });
      const started = await Promise.all(Array.from({ length: 8 }, () => engineer.post(`/api/issues/${issue.id}/verifications`, {})));
      expect(started.map((r) => r.status)).toEqual(Array(8).fill(201));
      const rows = await waitFor(async () => {
        const all = await db().verification.findMany({ where: { issueId: issue.id } });
        return all.every((v) => v.status !== "running") ? all : null;
      }, "eight verifications", 60_000);
      expect(rows.map((v) => v.status)).toEqual(Array(8).fill("passed"));
      expect(fs.readFileSync(tally, "utf8").trim().split("\n")).toHaveLength(8);
      expect(rows.every((v) => v.workerId === worker.id || v.workerId === second.id)).toBe(true);
    } finally {
      await second.stop();
    }
  });

  it("a verification waits while a run holds the issue's workspace, and runs once the run finishes", async () => {
    const { w, issue, engineer } = await setup("board", true);
    const run = await db().heartbeatRun.create({
      data: { companyId: w.company.id, agentId: w.engineer.id, issueId: issue.id, status: "running", adapterType: "process", workerId: worker.id, heartbeatAt: new Date() },
    });
    const ws = await db().executionWorkspace.update({ where: { companyId_issueId: { companyId: w.company.id, issueId: issue.id } }, data: { lockedByRunId: run.id } });
    const started = await engineer.post(`/api/issues/${issue.id}/verifications`, {});
    await new Promise((r) => setTimeout(r, 1500));
    expect(await db().verification.findUniqueOrThrow({ where: { id: started.body.id } })).toMatchObject({ status: "running", claimedAt: null });
    // the run finishes: its lock goes and the workers hear of it
    await db().heartbeatRun.update({ where: { id: run.id }, data: { status: "succeeded", finishedAt: new Date() } });
    await db().executionWorkspace.update({ where: { id: ws.id }, data: { lockedByRunId: null } });
    await db().$executeRaw`SELECT pg_notify('charter_wake', ${w.engineer.id})::text`;
    const done = await waitFor(async () => {
      const row = await db().verification.findUniqueOrThrow({ where: { id: started.body.id } });
      return row.status !== "running" ? row : null;
    }, "the verification after the run", 30_000);
    expect(done).toMatchObject({ status: "passed", executionWorkspaceId: ws.id });
  });

  it("a verification claimed by a worker that died is run again by the sweep", async () => {
    const { issue, repo } = await setup("board", true);
    const orphan = await db().verification.create({
      data: {
        companyId: issue.companyId, issueId: issue.id, trigger: "requested", command: { command: "git", args: ["status", "--short"], timeoutSec: 60 },
        workerId: "gone-host:1:dead", claimedAt: new Date(), heartbeatAt: new Date(), log: "half a log",
      },
    });
    expect(await sweepVerifications()).toEqual([orphan.id]);
    const rerun = await waitFor(async () => {
      const row = await db().verification.findUniqueOrThrow({ where: { id: orphan.id } });
      return row.status !== "running" ? row : null;
    }, "the re-run", 30_000);
    expect(rerun).toMatchObject({ status: "passed", headSha: git(repo, "rev-parse", "HEAD") });
    expect(rerun.workerId).toBe(worker.id);
    expect(rerun.log).not.toContain("half a log");
  });
});
