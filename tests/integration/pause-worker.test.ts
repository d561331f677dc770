// The pause with a real worker and real processes: a wake made while paused stays queued (not skipped)
// and runs once after resume; cancel mode cancels a running process run (whose issue runs again after
// resume), finish mode lets one end.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Worker } from "@/lib/runtime/worker";
import { client } from "../support/api";
import { finishedRun, runOfWake, startWorker, waitFor } from "../support/runtime";
import { createAgentWithKey, createBoardUser, createWorld } from "../factories";

let worker: Worker;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "charter-pause-"));

beforeAll(async () => {
  worker = await startWorker();
});
afterAll(async () => {
  await worker.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A process agent whose every run appends a line to `file`, after `seconds` of sleep. */
async function countingAgent(companyId: string, file: string, seconds = 0) {
  const { agent } = await createAgentWithKey(companyId, { adapterType: "process", adapterConfig: { command: `sleep ${seconds}; echo run >> ${file}` } });
  return agent;
}

const lines = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim().split("\n").filter(Boolean).length : 0);

describe("pause with a worker", { timeout: 120_000 }, () => {
  it("a wake made while the company is paused stays queued through worker ticks and runs exactly once after resume", async () => {
    const w = await createWorld();
    const owner = client(w.tokens.owner);
    const file = path.join(dir, "company.txt");
    const agent = await countingAgent(w.company.id, file);
    await owner.post(`/api/companies/${w.company.id}/pause`, {});
    const first = await owner.post(`/api/agents/${agent.id}/wakeup`, {});
    const second = await owner.post(`/api/agents/${agent.id}/wakeup`, { note: "again" });
    expect(first.status).toBe(202);
    worker.kick();
    await sleep(1500);
    expect(await db().wakeRequest.findUniqueOrThrow({ where: { id: first.body.id } })).toMatchObject({ status: "queued", runId: null });
    expect(await db().heartbeatRun.count({ where: { agentId: agent.id } })).toBe(0);
    expect(second.body.status).toBe("coalesced");

    // no kick from the test: the resume's own NOTIFY must start it
    await owner.post(`/api/companies/${w.company.id}/resume`);
    const run = await finishedRun(await runOfWake(first.body.id));
    expect(run.status).toBe("succeeded");
    await sleep(1000);
    expect(lines(file)).toBe(1);
    expect(await db().heartbeatRun.count({ where: { agentId: agent.id } })).toBe(1);
    expect(await db().wakeRequest.count({ where: { agentId: agent.id, status: "skipped" } })).toBe(0);
  });

  it("the instance pause keeps every company's wakes queued until the instance resumes", async () => {
    const w = await createWorld();
    const admin = await createBoardUser({ isInstanceAdmin: true });
    const file = path.join(dir, "instance.txt");
    const agent = await countingAgent(w.company.id, file);
    await client(admin.token).post("/api/instance/pause", {});
    try {
      const wake = await client(w.tokens.owner).post(`/api/agents/${agent.id}/wakeup`, {});
      worker.kick();
      await sleep(1500);
      expect((await db().wakeRequest.findUniqueOrThrow({ where: { id: wake.body.id } })).status).toBe("queued");
      await client(admin.token).post("/api/instance/resume");
      expect((await finishedRun(await runOfWake(wake.body.id))).status).toBe("succeeded");
      expect(lines(file)).toBe(1);
    } finally {
      await db().instanceSetting.deleteMany({ where: { key: "instance.pause" } });
    }
  });

  it("cancel mode cancels a running process run through the cancel path; finish mode lets one end", async () => {
    const w = await createWorld();
    const owner = client(w.tokens.owner);
    const hang = await countingAgent(w.company.id, path.join(dir, "hang.txt"), 60);
    const issue = await db().issue.create({
      data: { companyId: w.company.id, number: 1, identifier: `${w.company.issuePrefix}-1`, title: "Cut short", status: "in_progress", assigneeAgentId: hang.id },
    });
    const hangRun = await runOfWake((await owner.post(`/api/agents/${hang.id}/wakeup`, { issueId: issue.id })).body.id);
    await waitFor(async () => (await db().heartbeatRun.findUnique({ where: { id: hangRun } }))?.status === "running", "the run to start");
    const paused = await owner.post(`/api/companies/${w.company.id}/pause`, { mode: "cancel" });
    expect(paused.body.pauseMode).toBe("cancel");
    const cancelled = await finishedRun(hangRun);
    expect(cancelled).toMatchObject({ status: "cancelled", error: "cancelled: the company was paused" });
    expect(await db().activityLog.findFirst({ where: { companyId: w.company.id, action: "run.cancelled", entityId: hangRun } })).toMatchObject({ details: { reason: "company_paused" } });
    await waitFor(async () => (await db().agent.findUniqueOrThrow({ where: { id: hang.id } })).status === "idle", "the agent to be idle");
    await sleep(1000);
    // the process was killed: it never reached its echo
    expect(lines(path.join(dir, "hang.txt"))).toBe(0);
    // what it was doing waits through the pause, and starts again once resumed
    const resumeWake = await db().wakeRequest.findFirstOrThrow({ where: { issueId: issue.id, reason: "retry" } });
    expect(resumeWake).toMatchObject({ status: "queued", payload: { remedy: "resume_cancelled_run", runId: hangRun } });
    await owner.post(`/api/companies/${w.company.id}/resume`);
    const again = await runOfWake(resumeWake.id);
    expect((await db().heartbeatRun.findUniqueOrThrow({ where: { id: again } })).issueId).toBe(issue.id);
    expect((await owner.post(`/api/heartbeat-runs/${again}/cancel`)).status).toBe(200);

    const slowFile = path.join(dir, "slow.txt");
    const slow = await countingAgent(w.company.id, slowFile, 3);
    const slowRun = await runOfWake((await owner.post(`/api/agents/${slow.id}/wakeup`, {})).body.id);
    await waitFor(async () => (await db().heartbeatRun.findUnique({ where: { id: slowRun } }))?.status === "running", "the run to start");
    expect((await owner.post(`/api/companies/${w.company.id}/pause`, { mode: "finish" })).body.pauseMode).toBe("finish");
    expect((await finishedRun(slowRun)).status).toBe("succeeded");
    expect(lines(slowFile)).toBe(1);
  });
});
