// Runs of agents with a managed instructions bundle: the worker writes it to a private directory per
// run (SERVICE_INSTRUCTIONS_DIR; AGENTS.md for the local CLIs) and removes it when the run ends,
// also on failure, timeout and cancel. An explicit instructionsFilePath wins.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { prismaExec, requestWake } from "@/lib/services/wakeups";
import type { Worker } from "@/lib/runtime/worker";
import { client } from "../support/api";
import { finishedRun, runOfWake, startWorker, waitFor } from "../support/runtime";
import { createAgent, createWorld } from "../factories";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "charter-instr-test-"));
const bin = path.join(dir, "bin");
let worker: Worker;

beforeAll(async () => {
  fs.mkdirSync(bin);
  // a stand-in claude: records its arguments and the directory it was given, prints a result line
  fs.writeFileSync(path.join(bin, "claude"), `#!/bin/sh
printf '%s\\n' "$@" > "${dir}/claude.args"
echo "$SERVICE_INSTRUCTIONS_DIR" > "${dir}/claude.dir"
echo '{"type":"result","subtype":"success","is_error":false,"result":"ok","session_id":"s1","total_cost_usd":0}'
`, { mode: 0o755 });
  process.env.PATH = `${bin}:${process.env.PATH}`;
  worker = await startWorker();
});
afterAll(async () => {
  await worker.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const bundle = [
  { path: "AGENTS.md", content: "# Bundle entry\r\nYou are ünïcode-safe.  \n" },
  { path: "SOUL.md", content: "Stay calm.\n" },
];

async function agentWithBundle(adapterType: "process" | "claude_local", adapterConfig: Record<string, unknown>) {
  const w = await createWorld();
  const agent = await createAgent(w.company.id, { name: `Bundled ${Date.now()} ${Math.random()}`, adapterType, adapterConfig: adapterConfig as never });
  const put = await client(w.tokens.owner).put(`/api/agents/${agent.id}/instructions`, { files: bundle });
  expect(put.status).toBe(200);
  return { w, agent };
}

const wake = (companyId: string, agentId: string) =>
  db().$transaction((tx) => requestWake(prismaExec(tx), { companyId, agentId, reason: "assignment", source: "test" }));

describe("process runs", () => {
  it("get SERVICE_INSTRUCTIONS_DIR: a 0700 directory holding the bundle byte for byte, gone after the run", async () => {
    const out = path.join(dir, `seen-${Date.now()}`);
    const script = `d="$SERVICE_INSTRUCTIONS_DIR"; echo "$d" > ${out}.dir; stat -c %a "$d" > ${out}.mode; ls "$d" > ${out}.ls; cat "$d/AGENTS.md" > ${out}.agents`;
    const { w, agent } = await agentWithBundle("process", { command: script });
    const run = await finishedRun(await runOfWake((await wake(w.company.id, agent.id)).id));
    expect(run.status).toBe("succeeded");
    const runDir = fs.readFileSync(`${out}.dir`, "utf8").trim();
    expect(runDir.startsWith(os.tmpdir())).toBe(true);
    expect(fs.readFileSync(`${out}.mode`, "utf8").trim()).toBe("700");
    expect(fs.readFileSync(`${out}.ls`, "utf8").trim().split("\n")).toEqual(["AGENTS.md", "SOUL.md"]);
    expect(fs.readFileSync(`${out}.agents`).equals(Buffer.from(bundle[0].content, "utf8"))).toBe(true);
    expect(fs.existsSync(runDir)).toBe(false);
  });

  it("without a bundle there is no SERVICE_INSTRUCTIONS_DIR", async () => {
    const w = await createWorld();
    const out = path.join(dir, `none-${Date.now()}`);
    const agent = await createAgent(w.company.id, { name: `Plain ${Date.now()}`, adapterConfig: { command: `echo "[$SERVICE_INSTRUCTIONS_DIR]" > ${out}` } });
    expect((await finishedRun(await runOfWake((await wake(w.company.id, agent.id)).id))).status).toBe("succeeded");
    expect(fs.readFileSync(out, "utf8").trim()).toBe("[]");
  });

  it("the directory is removed after a failing run, a timeout and a cancel", async () => {
    const failOut = path.join(dir, `fail-${Date.now()}`);
    const failing = await agentWithBundle("process", { command: `echo "$SERVICE_INSTRUCTIONS_DIR" > ${failOut}; exit 3` });
    const failed = await finishedRun(await runOfWake((await wake(failing.w.company.id, failing.agent.id)).id));
    expect(failed.status).toBe("failed");
    expect(fs.existsSync(fs.readFileSync(failOut, "utf8").trim())).toBe(false);

    const slowOut = path.join(dir, `slow-${Date.now()}`);
    const slow = await agentWithBundle("process", { command: `echo "$SERVICE_INSTRUCTIONS_DIR" > ${slowOut}; sleep 30`, timeoutSec: 1 });
    const timedOut = await finishedRun(await runOfWake((await wake(slow.w.company.id, slow.agent.id)).id));
    expect(timedOut.status).toBe("timed_out");
    expect(fs.existsSync(fs.readFileSync(slowOut, "utf8").trim())).toBe(false);

    const longOut = path.join(dir, `long-${Date.now()}`);
    const long = await agentWithBundle("process", { command: `echo "$SERVICE_INSTRUCTIONS_DIR" > ${longOut}.tmp; mv ${longOut}.tmp ${longOut}; sleep 30` });
    const runId = await runOfWake((await wake(long.w.company.id, long.agent.id)).id);
    const runDir = await waitFor(async () => fs.existsSync(longOut) && fs.readFileSync(longOut, "utf8").trim(), "the run's directory");
    expect(fs.existsSync(path.join(runDir, "AGENTS.md"))).toBe(true);
    expect((await client(long.w.tokens.owner).post(`/api/heartbeat-runs/${runId}/cancel`)).status).toBe(200);
    expect((await finishedRun(runId)).status).toBe("cancelled");
    // the cancel route closes the run record at once; the worker removes the directory as its process ends
    await waitFor(async () => !fs.existsSync(runDir), "the cancelled run's directory to be removed", 10_000);
  });
});

describe("claude_local runs", () => {
  it("use the bundle's AGENTS.md as the instructions file", async () => {
    const { w, agent } = await agentWithBundle("claude_local", { cwd: dir });
    const run = await finishedRun(await runOfWake((await wake(w.company.id, agent.id)).id));
    expect(run.status).toBe("succeeded");
    const args = fs.readFileSync(path.join(dir, "claude.args"), "utf8");
    expect(args).toContain("--append-system-prompt\n# Your instructions\n\n# Bundle entry\r\nYou are ünïcode-safe.");
    const runDir = fs.readFileSync(path.join(dir, "claude.dir"), "utf8").trim();
    expect(runDir).not.toBe("");
    expect(fs.existsSync(runDir)).toBe(false);
  });

  it("an explicit instructionsFilePath wins over the bundle", async () => {
    const file = path.join(dir, "EXPLICIT.md");
    fs.writeFileSync(file, "Explicit instructions.");
    const { w, agent } = await agentWithBundle("claude_local", { cwd: dir, instructionsFilePath: file });
    const run = await finishedRun(await runOfWake((await wake(w.company.id, agent.id)).id));
    expect(run.status).toBe("succeeded");
    const args = fs.readFileSync(path.join(dir, "claude.args"), "utf8");
    expect(args).toContain("# Your instructions\n\nExplicit instructions.");
    expect(args).not.toContain("Bundle entry");
    expect(fs.readFileSync(path.join(dir, "claude.dir"), "utf8").trim()).toBe("");
  });
});
