// The foundation's promise that nothing is lost when a process dies: `kill -9` of the launcher, the
// Next server and PostgreSQL, then `npm start` on the same data dir comes back with every row
// (PostgreSQL recovers from its WAL; a killed process cannot test fsync itself, a machine crash
// would); and with PostgreSQL left running by a killed launcher, the next start takes it over
// cleanly. A second Charter of its own, configured as `npm start` runs it, beside the suite's server.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "./net";

const root = path.resolve(import.meta.dirname, "..");

/** Running: exists and is not a zombie (a killed orphan waits for PID 1 to reap it). */
const alive = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1][0] !== "Z";
  } catch {
    return false;
  }
};

const childrenOf = (pid: number): number[] =>
  fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d)).map(Number).filter((p) => {
    try {
      return Number(fs.readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1].split(" ")[1]) === pid;
    } catch {
      return false;
    }
  });

async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

class Charter {
  child: ChildProcess | null = null;
  log = "";
  constructor(readonly dir: string, readonly port: number) {}
  get base() {
    return `http://127.0.0.1:${this.port}`;
  }
  get env(): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(this.port), HOST: "127.0.0.1", CHARTER_DATA_DIR: this.dir, LOG_LEVEL: "warn" };
    for (const key of ["DATABASE_URL", "SESSION_SECRET", "PUBLIC_BASE_URL", "NEXTAUTH_URL", "PG_FAST"]) delete env[key];
    return env;
  }
  async start() {
    this.child = spawn(process.execPath, ["scripts/serve.mjs", "start"], { cwd: root, env: this.env, stdio: ["ignore", "pipe", "pipe"] });
    this.child.stdout!.on("data", (c: Buffer) => (this.log += c.toString()));
    this.child.stderr!.on("data", (c: Buffer) => (this.log += c.toString()));
    await until("/api/health", async () => {
      if (this.child!.exitCode !== null) throw new Error(`charter exited (${this.child!.exitCode}):\n${this.log.slice(-3000)}`);
      return fetch(`${this.base}/api/health`).then((r) => r.status === 200, () => false);
    });
  }
  get postgresPid() {
    return Number(fs.readFileSync(path.join(this.dir, "pg", "postmaster.pid"), "utf8").split("\n")[0]);
  }
  /** SIGKILL to the launcher and the Next server, and to PostgreSQL too when `withPostgres`. */
  async killHard(withPostgres: boolean) {
    const launcher = this.child!.pid!;
    const pgPid = this.postgresPid;
    const victims = [launcher, ...childrenOf(launcher).filter((p) => p !== pgPid)];
    if (withPostgres) victims.push(pgPid);
    for (const pid of victims) process.kill(pid, "SIGKILL");
    await until("the killed processes to be gone", () => victims.every((p) => !alive(p)), 10_000);
    return pgPid;
  }
  async stop() {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise((r) => this.child!.once("exit", r));
      this.child.kill("SIGTERM");
      await exited;
    }
  }
  async api(method: string, url: string, token: string, body?: object) {
    const res = await fetch(this.base + url, { method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: body && JSON.stringify(body) });
    return { status: res.status, body: await res.json() };
  }
}

test.describe.configure({ mode: "serial" });

test("kill -9 of the server and of its PostgreSQL, then npm start: every row is back; a PostgreSQL left running is taken over", async () => {
  test.setTimeout(300_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "charter-crash-"));
  fs.chmodSync(dir, 0o755);
  const charter = new Charter(dir, await freePort());
  try {
    await charter.start();
    const cli = (...args: string[]) => execFileSync(process.execPath, ["scripts/charter.mjs", ...args], { cwd: root, env: charter.env, encoding: "utf8" }).trim();
    cli("user", "create", "--email", "crash@example.test", "--password", "crash-test-password", "--admin");
    const token = cli("token", "create", "--email", "crash@example.test");
    const company = (await charter.api("POST", "/api/companies", token, { name: "Crash Test Co" })).body;
    const agent = (await charter.api("POST", `/api/companies/${company.id}/agents`, token, { name: "Survivor", role: "engineer", adapterConfig: { command: "true" } })).body;
    const issue = (await charter.api("POST", `/api/companies/${company.id}/issues`, token, { title: "Written just before the crash", assigneeAgentId: agent.id })).body;
    const cost = await charter.api("POST", `/api/companies/${company.id}/cost-events`, token, { agentId: agent.id, provider: "anthropic", model: "claude", costCents: 123 });
    expect(cost.status).toBe(201);

    // everything at once, the moment the last answer arrived
    await charter.killHard(true);
    await charter.start();
    expect((await charter.api("GET", `/api/companies/${company.id}`, token)).body).toMatchObject({ id: company.id, name: "Crash Test Co" });
    expect((await charter.api("GET", `/api/issues/${issue.identifier}`, token)).body).toMatchObject({ id: issue.id, title: "Written just before the crash", assigneeAgentId: agent.id });
    expect((await charter.api("GET", `/api/agents/${agent.id}`, token)).body).toMatchObject({ id: agent.id, spentMonthlyCents: 123 });

    // the launcher and Next die, PostgreSQL goes on: the next start must not fail on the busy data dir
    const survivor = await charter.killHard(false);
    expect(alive(survivor)).toBe(true);
    await charter.start();
    expect(alive(survivor)).toBe(false); // shut down cleanly and replaced
    expect((await charter.api("GET", `/api/companies/${company.id}/issues`, token)).body.map((i: { id: string }) => i.id)).toEqual([issue.id]);
  } finally {
    await charter.stop();
    // a PostgreSQL no launcher owns any more (a start that failed after a kill) is stopped too
    try {
      const pgPid = charter.postgresPid;
      if (alive(pgPid)) process.kill(pgPid, "SIGKILL");
    } catch {
      // no postmaster.pid: nothing left running
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
