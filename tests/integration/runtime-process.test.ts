// The process adapter end to end: a wake becomes a run, a real process is spawned with the
// docs/design.md §8 environment (it writes what it sees to a file), the log is kept, and the run key stops
// working when the run ends.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Worker } from "@/lib/runtime/worker";
import { client } from "../support/api";
import { finishedRun, runOfWake, startWorker, waitFor } from "../support/runtime";
import { createAgentWithKey, createWorld } from "../factories";

let worker: Worker;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "charter-run-"));

beforeAll(async () => {
  worker = await startWorker();
});
afterAll(async () => {
  await worker.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("process adapter", () => {
  it("spawns the command with the run's environment, keeps its log, and the run key dies with the run", async () => {
    const w = await createWorld();
    const out = path.join(dir, "env.json");
    const script = path.join(dir, "agent.sh");
    // the agent calls back with its run key while the run is live, then records what it saw
    fs.writeFileSync(script, `#!/bin/sh
echo "hello from the agent"
node -e 'const k=Object.keys(process.env).filter(k=>k.startsWith("SERVICE_")||k==="EXTRA"||k==="DATABASE_URL"||k==="SESSION_SECRET");require("fs").writeFileSync(process.argv[1], JSON.stringify(Object.fromEntries(k.map(x=>[x,process.env[x]]))))' "${out}"
echo "bye" >&2
`, { mode: 0o755 });
    const { agent } = await createAgentWithKey(w.company.id, { adapterType: "process", adapterConfig: { command: script, args: [], env: { EXTRA: "yes" } } });
    const issue = (await client(w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, { title: "Env check" })).body;
    const wake = await client(w.tokens.owner).post(`/api/agents/${agent.id}/wakeup`, { issueId: issue.id });
    expect(wake.status).toBe(202);
    expect(wake.body).toMatchObject({ status: "queued", reason: "manual", issueId: issue.id });

    const runId = await runOfWake(wake.body.id);
    const run = await finishedRun(runId);
    expect(run.status).toBe("succeeded");
    expect(run.exitCode).toBe(0);
    const seen = JSON.parse(fs.readFileSync(out, "utf8"));
    expect(seen).toMatchObject({
      SERVICE_AGENT_ID: agent.id, SERVICE_COMPANY_ID: w.company.id, SERVICE_RUN_ID: runId, SERVICE_TASK_ID: issue.id,
      SERVICE_WAKE_REASON: "manual", EXTRA: "yes",
    });
    expect(seen.SERVICE_API_KEY).toMatch(/^chk_run_/);
    expect(seen.SERVICE_API_URL).toMatch(/^http:\/\//);
    expect(seen.DATABASE_URL).toBeUndefined();
    expect(seen.SESSION_SECRET).toBeUndefined();

    const got = await client(w.tokens.owner).get(`/api/heartbeat-runs/${runId}/log`);
    expect(got.body.content).toContain("hello from the agent");
    expect(got.body.content).toContain("bye");
    // the key the run had no longer authenticates
    expect((await client(seen.SERVICE_API_KEY).get("/api/agents/me")).status).toBe(401);
    const agentAfter = await db().agent.findUniqueOrThrow({ where: { id: agent.id } });
    expect(agentAfter.status).toBe("idle");
    expect(agentAfter.lastHeartbeatAt).not.toBeNull();
  });

  it("programs are started by the run launcher; a launcher that dies fails its runs, takes their programs with it and is replaced", async () => {
    const w = await createWorld();
    const pidFile = path.join(dir, "launcher-victim.pid");
    const { agent } = await createAgentWithKey(w.company.id, {
      adapterType: "process", adapterConfig: { command: `if [ ! -e ${pidFile} ]; then echo $$ > ${pidFile}; exec sleep 30; fi; echo second run` },
    });
    const owner = client(w.tokens.owner);
    const first = await runOfWake((await owner.post(`/api/agents/${agent.id}/wakeup`, {})).body.id);
    const programGroup = Number(await waitFor(async () => (fs.existsSync(pidFile) ? fs.readFileSync(pidFile, "utf8").trim() || null : null), "the program's pid"));
    // the program's parent is the launcher, a child of this process (the worker's), not this process
    const parentOf = (pid: number) => Number(fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")[1]);
    const launcher = parentOf(programGroup);
    expect(launcher).not.toBe(process.pid);
    expect(parentOf(launcher)).toBe(process.pid);
    expect(fs.readFileSync(`/proc/${launcher}/cmdline`, "utf8")).toContain("run-launcher.mjs");

    process.kill(launcher, "SIGKILL");
    const failed = await finishedRun(first);
    expect(failed.status).toBe("failed");
    expect(failed.error).toMatch(/^the run launcher exited/);
    await waitFor(async () => {
      try {
        process.kill(-programGroup, 0);
        return null;
      } catch {
        return true;
      }
    }, "the program to be killed with its launcher", 5_000);

    const second = await finishedRun(await runOfWake((await owner.post(`/api/agents/${agent.id}/wakeup`, {})).body.id));
    expect(second.status).toBe("succeeded");
    expect((await owner.get(`/api/heartbeat-runs/${second.id}/log`)).body.content).toContain("second run");
  });
});

describe("run reads", () => {
  it("lists a company's runs newest first with filters and cursors; gets one; bad ids and filters are 404/400", async () => {
    const w = await createWorld();
    const { agent } = await createAgentWithKey(w.company.id, { adapterType: "process", adapterConfig: { command: "echo listed" } });
    const owner = client(w.tokens.owner);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const wake = (await owner.post(`/api/agents/${agent.id}/wakeup`, { note: `round ${i}` })).body;
      ids.push((await finishedRun(await runOfWake(wake.id))).id);
    }
    const page1 = await client(w.tokens.engineer).get(`/api/companies/${w.company.id}/heartbeat-runs?agentId=${agent.id}&limit=2`);
    expect(page1.status).toBe(200);
    expect(page1.body.map((r: { id: string }) => r.id)).toEqual([ids[2], ids[1]]);
    expect(page1.body[0]).toMatchObject({ agentId: agent.id, status: "succeeded", reason: "manual", source: "run now: round 2", exitCode: 0, adapterType: "process" });
    expect(page1.body[0]).not.toHaveProperty("log");
    const page2 = await owner.get(`/api/companies/${w.company.id}/heartbeat-runs?agentId=${agent.id}&limit=2&cursor=${page1.headers.get("x-next-cursor")}`);
    expect(page2.body.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
    expect((await owner.get(`/api/companies/${w.company.id}/heartbeat-runs?status=failed&agentId=${agent.id}`)).body).toEqual([]);
    expect((await owner.get(`/api/companies/${w.company.id}/heartbeat-runs?status=nope`)).status).toBe(400);
    expect((await owner.get(`/api/heartbeat-runs/${ids[0]}`)).body).toMatchObject({ id: ids[0], status: "succeeded" });
    expect((await owner.get(`/api/heartbeat-runs/not-a-uuid`)).status).toBe(404);
    expect((await owner.get(`/api/heartbeat-runs/0190c0de-0000-7000-8000-000000000000/log`)).status).toBe(404);
    expect((await client(null).get(`/api/heartbeat-runs/${ids[0]}`)).status).toBe(401);
  });
});
