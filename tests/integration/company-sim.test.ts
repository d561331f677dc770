// The misbehaving company, small (bench/company-sim.mjs is the full one): 6 process agents running
// bench/sim-agent.mjs against the real route handlers over HTTP (a small server here hands each
// request to them), a separate `npm run worker` process that is killed with -9 and restarted, 40
// issues in a hierarchy, faulty runs, a manager terminated and blockers finished behind their
// dependents' backs. At the end no open issue is stuck without a reason and every acknowledged
// write is still there.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { call, client } from "../support/api";
import { waitFor } from "../support/runtime";
import { createAgent, createBoardUser, createWorld } from "../factories";
import { census, readJournal, startSampler, stuckWithoutReason } from "../../bench/sim-figures.mjs";
import { boardClient, boardFaults, buildCompany, writeControl } from "../../bench/sim-world.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "charter-company-sim-test-"));
let server: http.Server;
let base: string;
let pgClient: pg.Client;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      try {
        const body = chunks.length ? Buffer.concat(chunks) : undefined;
        const headers = Object.fromEntries(Object.entries(req.headers).filter((e): e is [string, string] => typeof e[1] === "string"));
        const answer = await call(req.method!, req.url!, { headers, rawBody: body });
        res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" }).end(Buffer.from(answer.bytes));
      } catch (e) {
        res.writeHead(599).end(String(e));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  pgClient = new pg.Client({ connectionString: env().DATABASE_URL });
  await pgClient.connect();
});

afterAll(async () => {
  for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill("SIGKILL");
  await pgClient.end();
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A worker process of its own (its agents' programs die with it), with the liveness tick low. */
function startWorker(): ChildProcess {
  const child = spawn(process.execPath, [path.join(root, "scripts/worker.mjs")], {
    cwd: root, stdio: ["ignore", "ignore", "inherit"],
    env: {
      NODE_ENV: "test", PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: env().DATABASE_URL, LOG_LEVEL: "error",
      PUBLIC_BASE_URL: base, CHARTER_WORKER_POLL_MS: "2000", CHARTER_LIVENESS_TICK_MS: "2000", CHARTER_WORKER_CONCURRENCY: "6",
    },
  });
  workers.push(child);
  return child;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("a company that misbehaves", () => {
  it("the stuck-without-a-reason query sees an issue nobody touches past its limit, and not once it has a reason", async () => {
    const w = await createWorld();
    const agent = await createAgent(w.company.id, { name: `Idle ${Date.now()}` });
    const issue = (await client(w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, { title: "Left alone", status: "blocked", assigneeAgentId: agent.id })).body;
    const ids = async (grace: number) => (await stuckWithoutReason(pgClient, w.company.id, grace)).map((r: { id: string }) => r.id);
    expect(await ids(30)).not.toContain(issue.id);
    await pgClient.query(`UPDATE "Issue" SET "updatedAt" = now() - interval '10 minutes' WHERE id = $1`, [issue.id]);
    await pgClient.query(`UPDATE "WakeRequest" SET status = 'skipped' WHERE "issueId" = $1 AND status = 'queued'`, [issue.id]);
    await pgClient.query(`UPDATE "WakeRequest" SET "createdAt" = now() - interval '10 minutes' WHERE "issueId" = $1`, [issue.id]);
    expect(await ids(30)).toContain(issue.id);
    await pgClient.query(`INSERT INTO "IssueStall" ("issueId", "companyId", reason, since) VALUES ($1, $2, 'blocked_without_reason', now())`, [issue.id, w.company.id]);
    expect(await ids(30)).not.toContain(issue.id);
  });

  it("keeps every open issue moving or saying why, and loses no acknowledged write", { timeout: 300_000 }, async () => {
    const admin = await createBoardUser({ isInstanceAdmin: true });
    const board = client(admin.token);
    const raw = async (method: string, url: string, body?: unknown) => {
      const res = method === "GET" ? await board.get(url) : await board[method.toLowerCase() as "post" | "patch"](url, body);
      return { status: res.status, body: res.body };
    };
    const boardJournal: unknown[] = [];
    const api = boardClient(raw, boardJournal);
    const control = path.join(dir, "control.json");
    const agentJournal = path.join(dir, "journal.ndjson");
    fs.writeFileSync(agentJournal, "");
    writeControl(control, { faults: false });

    let worker = startWorker();
    const world = await buildCompany(api, { agents: 6, issues: 40, prefix: "SIMT", control, agentJournal });
    const companyId = world.company.id;
    const graceSec = 30;
    const sampler = startSampler(pgClient, companyId, { everyMs: 3000, graceSec });
    writeControl(control, { faults: true, rates: { crash: 0.1, silentExit: 0.08, forget: 0.08, overBudget: 0.03, hang: 0.03 } });

    // a worker process takes a while to start on a busy machine: the faults count from its first runs
    const finishedRuns = async (n: number) => (await db().heartbeatRun.count({ where: { companyId, finishedAt: { not: null } } })) >= n;
    await waitFor(() => finishedRuns(3), "the first runs", 90_000);
    const faults = boardFaults(api, pgClient, world);
    expect(await faults.terminateBusyManager()).toBeTruthy();
    worker.kill("SIGKILL");
    await new Promise((r) => worker.once("exit", r));
    worker = startWorker();
    const killedAt = new Date();
    // the company goes on: new work for an engineer, which the restarted worker must run
    const engineer = await db().agent.findFirstOrThrow({ where: { companyId, role: "engineer", status: { notIn: ["paused", "terminated"] } } });
    await api("POST", `/api/companies/${companyId}/issues`, { title: "Filed after the restart", status: "todo", assigneeAgentId: engineer.id });
    await waitFor(async () => (await db().heartbeatRun.count({ where: { companyId, startedAt: { gt: killedAt } } })) > 0, "the restarted worker's first run", 90_000);
    await faults.finishBehindBacks();
    await sleep(15_000);
    writeControl(control, { faults: false });
    await sleep(15_000);
    worker.kill("SIGTERM");

    const sampled = await sampler.stop();
    const journal = [...boardJournal, ...readJournal(fs.readFileSync(agentJournal, "utf8"))];
    const figures = await census(pgClient, raw, companyId, { sampled, journal, graceSec });
    console.log(JSON.stringify(figures, null, 2));
    // the company did work, its agents wrote through the API, and the worker really was killed mid-way
    expect(figures.issues.done).toBeGreaterThan(0);
    expect(figures.runs.succeeded).toBeGreaterThan(1);
    expect(figures.writes.acknowledged).toBeGreaterThan(50);
    expect(figures.stuckWithoutReason.examples).toEqual([]);
    expect(figures.stuckWithoutReason.atEnd + figures.stuckWithoutReason.duringRun).toBe(0);
    expect(figures.writes.lostExamples).toEqual([]);
    expect(figures.writes.lost).toBe(0);
  });

});
