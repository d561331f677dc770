// Verified done: a project's verification command, run by a real worker in the issue's
// workspace (a git repository the test makes), gates done; a failing one refuses it, a passing one on
// the current head allows it; the board may override with a recorded reason; projects without
// checks keep the spec's status table.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Worker } from "@/lib/runtime/worker";
import { client } from "../support/api";
import { startWorker, waitFor } from "../support/runtime";
import { attachWorkspace, commitFiles, git, makeRepo } from "../support/git-workspace";
import { createAgent, createWorld } from "../factories";

let worker: Worker;
const repos: string[] = [];
const SECRET = "sk-live-verysecret-4242";

beforeAll(async () => {
  worker = await startWorker();
});
afterAll(async () => {
  await worker.stop();
  for (const r of repos) fs.rmSync(r, { recursive: true, force: true });
});

// the check prints a secret an agent's config holds (it must not reach the log) and passes on "ok"
const checkJs = `const fs = require("fs");
const s = fs.readFileSync("status.txt", "utf8").trim();
console.log("checking " + s + " in " + process.env.SERVICE_WORKSPACE_CWD);
console.log("token " + fs.readFileSync("secret.txt", "utf8").trim());
process.exit(s === "ok" ? 0 : 3);
`;

async function setup(opts: { verification?: object | null; review?: object | null; status?: string } = {}) {
  const w = await createWorld();
  await createAgent(w.company.id, { name: `Keeper ${Date.now()}`, adapterConfig: { env: { API_TOKEN: SECRET } } });
  const project = await db().project.create({
    data: {
      companyId: w.company.id, name: "Checked",
      ...(opts.verification !== null ? { verification: opts.verification ?? { command: process.execPath, args: ["check.js"], timeoutSec: 60 } } : {}),
      ...(opts.review ? { review: opts.review } : {}),
    },
  });
  const owner = client(w.tokens.owner);
  const issue = (await owner.post(`/api/companies/${w.company.id}/issues`, {
    title: "Make it pass", projectId: project.id, assigneeAgentId: w.engineer.id, status: opts.status ?? "in_progress",
  })).body;
  const repo = makeRepo({ "check.js": checkJs, "status.txt": "broken\n", "secret.txt": `${SECRET}\n` });
  repos.push(repo);
  return { w, project, issue, repo, owner, engineer: client(w.tokens.engineer) };
}

async function settled(issueId: string, count: number) {
  return waitFor(async () => {
    const rows = await db().verification.findMany({ where: { issueId }, orderBy: { startedAt: "desc" } });
    return rows.length >= count && rows[0].status !== "running" ? rows[0] : null;
  }, `verification ${count} of ${issueId}`, 30_000);
}

describe("verified done", () => {
  it("in_review starts a verification; a failing one refuses done (422 verification_required), a passing one of the current head allows it", async () => {
    const { w, issue, repo, owner, engineer } = await setup();
    await attachWorkspace(issue, repo);
    expect((await engineer.patch(`/api/issues/${issue.id}`, { status: "in_review" })).status).toBe(200);
    const failed = await settled(issue.id, 1);
    expect(failed).toMatchObject({ status: "failed", exitCode: 3, trigger: "in_review", headSha: git(repo, "rev-parse", "HEAD") });
    expect(failed.log).toContain(`checking broken in ${repo}`);
    expect(failed.log).not.toContain(SECRET);
    expect(failed.log).toContain("[redacted]");

    const refused = await engineer.patch(`/api/issues/${issue.id}`, { status: "done" });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: "verification_required", details: { missing: ["verification"] } });
    expect((await db().issue.findUniqueOrThrow({ where: { id: issue.id } })).status).toBe("in_review");

    // the API shape, the log, and the board's inbox
    const list = await owner.get(`/api/issues/${issue.id}/verifications`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ id: failed.id, status: "failed", exitCode: 3, headSha: failed.headSha })]);
    expect(list.body[0].logTail).toContain("checking broken");
    const logRes = await engineer.get(`/api/verifications/${failed.id}/log`);
    expect(logRes.body).toMatchObject({ verificationId: failed.id, status: "failed", truncated: false });
    expect(logRes.body.content).not.toContain(SECRET);
    const inbox = await owner.get(`/api/companies/${w.company.id}/inbox?kind=verification_failed`);
    expect(inbox.body).toEqual([expect.objectContaining({ key: `verification:${failed.id}`, href: `/${w.company.issuePrefix}/issues/${issue.identifier}` })]);

    // the agent fixes it on its branch and asks for a verification of the new head
    const fixed = commitFiles(repo, { "status.txt": "ok\n" }, "Fix the status");
    expect((await client(w.tokens.manager).post(`/api/issues/${issue.id}/verifications`, {})).status).toBe(403);
    const retry = { headers: { "idempotency-key": `verify-${issue.id}` } };
    const started = await engineer.post(`/api/issues/${issue.id}/verifications`, {}, retry);
    expect(started.status).toBe(201);
    // a retry after a timeout gets the first answer and starts nothing more
    const again = await engineer.post(`/api/issues/${issue.id}/verifications`, {}, retry);
    expect(again.body.id).toBe(started.body.id);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(started.body).toMatchObject({ status: "running", trigger: "requested" });
    const passed = await settled(issue.id, 2);
    expect(passed).toMatchObject({ id: started.body.id, status: "passed", exitCode: 0, headSha: fixed });
    expect(passed.durationMs).toBeGreaterThanOrEqual(0);
    // a newer verification took the failed one out of the inbox
    expect((await owner.get(`/api/companies/${w.company.id}/inbox?kind=verification_failed`)).body).toEqual([]);

    // a commit after the passing verification: it no longer verifies the head
    commitFiles(repo, { "extra.txt": "more\n" }, "More work");
    expect((await engineer.patch(`/api/issues/${issue.id}`, { status: "done" })).body.details).toMatchObject({ missing: ["verification"] });
    git(repo, "reset", "-q", "--hard", fixed);
    const done = await engineer.patch(`/api/issues/${issue.id}`, { status: "done" });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe("done");

    const actions = (await db().activityLog.findMany({ where: { companyId: w.company.id, entityId: issue.id }, orderBy: { id: "asc" } })).map((a) => a.action);
    expect(actions.filter((a) => a.startsWith("verification."))).toEqual(["verification.started", "verification.finished", "verification.started", "verification.finished"]);
  });

  it("a shared folder that is not a git repository: the newest verification must have passed", async () => {
    const { issue, repo, engineer } = await setup();
    fs.rmSync(`${repo}/.git`, { recursive: true, force: true });
    await attachWorkspace(issue, null);
    await db().executionWorkspace.updateMany({ where: { issueId: issue.id }, data: { policy: "shared", path: repo } });
    await engineer.patch(`/api/issues/${issue.id}`, { status: "in_review" });
    expect(await settled(issue.id, 1)).toMatchObject({ status: "failed", headSha: null });
    expect((await engineer.patch(`/api/issues/${issue.id}`, { status: "done" })).status).toBe(422);
    fs.writeFileSync(`${repo}/status.txt`, "ok\n");
    await engineer.post(`/api/issues/${issue.id}/verifications`, {});
    expect(await settled(issue.id, 2)).toMatchObject({ status: "passed", headSha: null });
    expect((await engineer.patch(`/api/issues/${issue.id}`, { status: "done" })).status).toBe(200);
  });

  it("a missing workspace fails the verification with a precise error; a timeout kills the command", async () => {
    const { issue, engineer } = await setup();
    await engineer.patch(`/api/issues/${issue.id}`, { status: "in_review" });
    const noWorkspace = await settled(issue.id, 1);
    expect(noWorkspace).toMatchObject({ status: "failed", exitCode: null, headSha: null });
    expect(noWorkspace.error).toMatch(/no workspace yet/);

    const gone = await setup();
    await attachWorkspace(gone.issue, gone.repo);
    fs.rmSync(gone.repo, { recursive: true, force: true });
    await gone.engineer.post(`/api/issues/${gone.issue.id}/verifications`, {});
    expect((await settled(gone.issue.id, 1)).error).toBe(`the issue's workspace ${gone.repo} does not exist; nothing was run`);

    const slow = await setup({ verification: { command: process.execPath, args: ["-e", "setTimeout(() => {}, 60000)"], timeoutSec: 1 } });
    await attachWorkspace(slow.issue, slow.repo);
    await slow.engineer.post(`/api/issues/${slow.issue.id}/verifications`, {});
    const timedOut = await settled(slow.issue.id, 1);
    expect(timedOut).toMatchObject({ status: "timed_out", exitCode: null });
    expect(timedOut.durationMs).toBeLessThan(15_000);
  });

  it("the board may override with a recorded reason; an agent may not; projects without checks keep the status table", async () => {
    const { w, issue, repo, owner, engineer } = await setup();
    await attachWorkspace(issue, repo);
    expect((await engineer.patch(`/api/issues/${issue.id}`, { status: "done", overrideReason: "trust me" })).status).toBe(403);
    expect((await owner.patch(`/api/issues/${issue.id}`, { priority: "high", overrideReason: "no status" })).status).toBe(400);
    const direct = await engineer.patch(`/api/issues/${issue.id}`, { status: "done" });
    expect(direct.body).toMatchObject({ code: "verification_required", details: { missing: ["verification"] } });
    const overridden = await owner.patch(`/api/issues/${issue.id}`, { status: "done", overrideReason: "Verified by hand on staging" });
    expect(overridden.status).toBe(200);
    expect(overridden.body.status).toBe("done");
    const row = await db().activityLog.findFirstOrThrow({ where: { companyId: w.company.id, entityId: issue.id, action: "issue.done_override" } });
    expect(row).toMatchObject({ actorType: "user", actorId: w.owner.id, details: { reason: "Verified by hand on staging", missing: ["verification"] } });

    const plain = await setup({ verification: null });
    const p = plain.engineer;
    expect((await p.patch(`/api/issues/${plain.issue.id}`, { status: "in_review" })).status).toBe(200);
    expect((await p.patch(`/api/issues/${plain.issue.id}`, { status: "done" })).status).toBe(200);
    expect(await db().verification.count({ where: { issueId: plain.issue.id } })).toBe(0);
    // and a request for one explains what is missing
    const none = await plain.owner.post(`/api/issues/${plain.issue.id}/verifications`, {});
    expect(none.status).toBe(422);
  });
});
