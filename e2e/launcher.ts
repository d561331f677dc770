// A second Charter of its own, started as `npm start` starts it (scripts/serve.mjs) on a free port and
// a data dir of the test's, beside the suite's server; and what the tests need to watch its processes.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/** Running: exists and is not a zombie (a killed orphan waits for PID 1 to reap it). */
export const alive = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1][0] !== "Z";
  } catch {
    return false;
  }
};

export const childrenOf = (pid: number): number[] =>
  fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d)).map(Number).filter((p) => {
    try {
      return Number(fs.readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1].split(" ")[1]) === pid;
    } catch {
      return false;
    }
  });

export async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export class Charter {
  child: ChildProcess | null = null;
  log = "";
  /** `extraEnv`: settings on top of the defaults; `groupLeader`: the launcher leads a process group of its own, as a terminal's job does. */
  constructor(readonly dir: string, readonly port: number, readonly extraEnv: Record<string, string> = {}, readonly groupLeader = false) {}
  get base() {
    return `http://127.0.0.1:${this.port}`;
  }
  get env(): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(this.port), HOST: "127.0.0.1", CHARTER_DATA_DIR: this.dir, LOG_LEVEL: "warn" };
    for (const key of ["DATABASE_URL", "SESSION_SECRET", "PUBLIC_BASE_URL", "NEXTAUTH_URL", "PG_FAST"]) delete env[key];
    return { ...env, ...this.extraEnv };
  }
  async start() {
    this.child = spawn(process.execPath, ["scripts/serve.mjs", "start"], { cwd: root, env: this.env, stdio: ["ignore", "pipe", "pipe"], detached: this.groupLeader });
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
