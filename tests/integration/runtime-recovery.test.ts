// Crash recovery with a real, separate worker process (`npm run worker`'s script): it claims a
// run, is killed with SIGKILL mid-run, and the next worker to start closes the orphaned run. The
// same worker process is "another instance" for live events: its run.started reaches an SSE client
// of this process through PostgreSQL NOTIFY.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { resetEventHub } from "@/lib/runtime/events";
import { claimWakes } from "@/lib/runtime/queue";
import { prismaExec, requestWake } from "@/lib/services/wakeups";
import { client } from "../support/api";
import { openEvents } from "../support/sse";
import { finishedRun, startWorker, waitFor } from "../support/runtime";
import { createAgent, createWorld } from "../factories";

const root = path.resolve(import.meta.dirname, "../..");
const children: ChildProcess[] = [];

function workerProcess(): ChildProcess {
  const child = spawn(process.execPath, [path.join(root, "scripts/worker.mjs")], {
    cwd: root, stdio: ["ignore", "ignore", "pipe"],
    env: { NODE_ENV: "test", PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: env().DATABASE_URL, LOG_LEVEL: "warn", CHARTER_WORKER_POLL_MS: "600000" },
  });
  let stderr = "";
  child.stderr!.on("data", (d: Buffer) => (stderr += d));
  child.on("exit", (code: number | null, signal: string | null) => {
    if (code && code !== 0) console.error(`worker exited ${code} ${signal}: ${stderr}`);
  });
  children.push(child);
  return child;
}

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  await resetEventHub();
});

describe("crash recovery", () => {
  it("a worker killed mid-run leaves an orphan that the next worker closes at start; its events reached this instance", async () => {
    const w = await createWorld();
    // the first run records its process group and sleeps; a later run finds the file and succeeds
    const pidFile = path.join(os.tmpdir(), `charter-recovery-${process.pid}-${Date.now()}`);
    const agent = await createAgent(w.company.id, {
      name: `Sleeper ${Date.now()}`, adapterConfig: { command: `if [ ! -e ${pidFile} ]; then echo $$ > ${pidFile}; exec sleep 30; fi` },
    });
    const sse = await openEvents(w.company.id, w.tokens.owner);
    const child = workerProcess();
    const wake = (await client(w.tokens.owner).post(`/api/agents/${agent.id}/wakeup`, {})).body;
    const running = await waitFor(async () => {
      const run = await db().heartbeatRun.findFirst({ where: { agentId: agent.id, status: "running" } });
      return run;
    }, "the child worker to start the run", 30_000);
    expect(running.wakeRequestId).toBe(wake.id);
    expect(running.workerId).toMatch(new RegExp(`:${child.pid}:`));
    // raised by the other process, received by this one's SSE client
    await sse.waitFor((e) => e.data.action === "run.started" && e.data.entityId === running.id, "run.started from the worker process");
    await sse.close();

    const programGroup = Number(await waitFor(async () => (fs.existsSync(pidFile) ? fs.readFileSync(pidFile, "utf8").trim() || null : null), "the program's pid"));
    const groupAlive = () => {
      try {
        process.kill(-programGroup, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(groupAlive()).toBe(true);
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    // the agent program does not outlive its worker, even one killed with SIGKILL
    await waitFor(async () => !groupAlive() || null, "the agent program to be killed with its worker", 5_000);
    // nobody finished it
    expect((await db().heartbeatRun.findUniqueOrThrow({ where: { id: running.id } })).status).toBe("running");

    const next = await startWorker();
    try {
      const closed = await finishedRun(running.id);
      expect(closed.status).toBe("failed");
      expect(closed.error).toMatch(/^closed at recovery/);
      expect(await db().agentKey.count({ where: { runId: running.id } })).toBe(0);
      expect((await db().agent.findUniqueOrThrow({ where: { id: agent.id } })).status).not.toBe("running");
      // and the agent can be woken again right away
      const again = (await client(w.tokens.owner).post(`/api/agents/${agent.id}/wakeup`, {})).body;
      const rerun = await waitFor(async () => (await db().wakeRequest.findUniqueOrThrow({ where: { id: again.id } })).runId, "a new run");
      expect((await finishedRun(rerun)).status).toBe("succeeded");
    } finally {
      await next.stop();
      fs.rmSync(pidFile, { force: true });
    }
  });

  it("a live worker's runs are not taken for orphans by another worker's sweep", async () => {
    const w = await createWorld();
    const agent = await createAgent(w.company.id, { name: `Steady ${Date.now()}`, adapterConfig: { command: "sleep 1.5" } });
    const first = await startWorker();
    const wake = (await client(w.tokens.owner).post(`/api/agents/${agent.id}/wakeup`, {})).body;
    const runId = await waitFor(async () => (await db().wakeRequest.findUniqueOrThrow({ where: { id: wake.id } })).runId, "run");
    const second = await startWorker();
    try {
      expect((await finishedRun(runId)).status).toBe("succeeded");
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  });
});

describe("claims and triggers racing", () => {
  it("a wake being recorded while its agent's wake is claimed joins that run (the claim waits for it), never a run that left without it", async () => {
    const w = await createWorld();
    const agent = await createAgent(w.company.id, { name: `Racer ${Date.now()}`, adapterConfig: { command: "true" } });
    const input = { companyId: w.company.id, agentId: agent.id, reason: "manual" as const, source: "race" };
    const first = await db().$transaction((tx) => requestWake(prismaExec(tx), input));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let second: { id: string; status: string } | undefined;
    const recording = db().$transaction(async (tx) => {
      second = await requestWake(prismaExec(tx), input);
      await gate;
    }, { timeout: 20_000 });
    await waitFor(async () => second, "the second wake to be written (uncommitted)");
    expect(second!.status).toBe("coalesced");
    let claimed = false;
    const claim = claimWakes("race-test", 5).then((r) => {
      claimed = true;
      return r;
    });
    // without the wake lock the claim would be done long before this (and leave the second wake behind)
    await new Promise((r) => setTimeout(r, 2500));
    expect(claimed).toBe(false);
    release();
    await recording;
    const { runs } = await claim;
    expect(runs.map((r) => r.wakeId)).toEqual([first.id]);
    const joined = await db().wakeRequest.findUniqueOrThrow({ where: { id: second!.id } });
    expect([joined.status, joined.coalescedIntoId, joined.runId]).toEqual(["coalesced", first.id, runs[0].runId]);
  });
});
