// The worker reads a run's workspace after the adapter returns: a real process agent commits in a real
// worktree and the row shows the new head when the run has finished; a workspace that cannot be read
// never fails the run.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Worker } from "@/lib/runtime/worker";
import { client } from "../support/api";
import { addWorktree, git, makeRepo, projectIssue, removeRepos, workspaceRow } from "../support/lifecycle-git";
import { finishedRun, runOfWake, startWorker } from "../support/runtime";
import { createAgentWithKey, createWorld } from "../factories";

let worker: Worker;

beforeAll(async () => {
  worker = await startWorker();
});
afterAll(async () => {
  await worker.stop();
  removeRepos();
});

/** Wakes a process agent that waits for `go`, then commits a file in `dir`; the run is tied to `workspaceId` first. */
async function runCommitting(w: Awaited<ReturnType<typeof createWorld>>, issueId: string, dir: string, workspaceId: string, root: string,
  work = `echo work > work.txt && git add work.txt && git -c user.name=Agent -c user.email=agent@test commit -q -m "the agent's work"`) {
  const go = path.join(root, `go-${workspaceId}`);
  const script = path.join(root, `agent-${workspaceId}.sh`);
  fs.writeFileSync(script, `#!/bin/sh
while [ ! -f "${go}" ]; do sleep 0.05; done
cd "${dir}" 2>/dev/null || exit 0
${work}
`, { mode: 0o755 });
  const { agent } = await createAgentWithKey(w.company.id, { adapterType: "process", adapterConfig: { command: script, args: [] } });
  const wake = await client(w.tokens.owner).post(`/api/agents/${agent.id}/wakeup`, { issueId });
  expect(wake.status).toBe(202);
  const runId = await runOfWake(wake.body.id);
  // what the workspace maker's claim does on main: the run works in this workspace
  await db().heartbeatRun.update({ where: { id: runId }, data: { executionWorkspaceId: workspaceId } });
  fs.writeFileSync(go, "");
  return finishedRun(runId);
}

describe("after a run", () => {
  it("the run's workspace row has the head, ahead count and disk use the run left", async () => {
    const w = await createWorld();
    const r = makeRepo();
    const ids = await projectIssue(w, r.repo);
    const wt = addWorktree(r.repo, r.root, "charter/R-1-after");
    const row = await workspaceRow(w, ids, wt, "charter/R-1-after");
    const run = await runCommitting(w, ids.issueId, wt.dir, row.id, r.root);
    expect(run.status).toBe("succeeded");
    const after = await db().executionWorkspace.findUniqueOrThrow({ where: { id: row.id } });
    expect(after).toMatchObject({ headSha: git(wt.dir, "rev-parse", "HEAD"), ahead: 1, behind: 0, dirty: false });
    expect(after.headSha).not.toBe(wt.baseSha);
    expect(Number(after.diskBytes)).toBeGreaterThan(0);
    expect(after.statusAt!.getTime()).toBeLessThanOrEqual(run.finishedAt!.getTime());
  });

  it("a workspace that cannot be read leaves the run's outcome as it was", async () => {
    const w = await createWorld();
    const r = makeRepo();
    const ids = await projectIssue(w, r.repo);
    const wt = addWorktree(r.repo, r.root, "charter/R-2-gone");
    const row = await workspaceRow(w, ids, wt, "charter/R-2-gone");
    // the agent removes its worktree during the run: nothing is left to read after it
    const run = await runCommitting(w, ids.issueId, wt.dir, row.id, r.root, `cd / && rm -rf "${wt.dir}"`);
    expect(run.status).toBe("succeeded");
    expect((await db().executionWorkspace.findUniqueOrThrow({ where: { id: row.id } })).statusAt).toBeNull();
  });
});
