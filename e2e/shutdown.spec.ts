// Stopping Charter goes in order: Next first, then, once it has exited, the embedded PostgreSQL, so
// nothing still running in Next (a live-events stream, the heartbeat worker) sees its database vanish
// (ECONNREFUSED, "terminating connection"). Both ways people stop it are tried: SIGTERM to the launcher
// (a service manager, the suite's own teardown) and a terminal's Ctrl-C, which signals the launcher's
// whole process group. The setup link the launcher prints follows PUBLIC_BASE_URL.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "./net";
import { alive, Charter, childrenOf } from "./launcher";

const root = path.resolve(import.meta.dirname, "..");

test.describe.configure({ mode: "serial" });

const ways = [
  { name: "SIGTERM to the launcher", groupLeader: false, send: (pid: number) => process.kill(pid, "SIGTERM") },
  { name: "Ctrl-C in a terminal (SIGINT to the process group)", groupLeader: true, send: (pid: number) => process.kill(-pid, "SIGINT") },
];

for (const way of ways) {
  test(`${way.name} stops Next before PostgreSQL, with no refused connection in the log`, async () => {
    test.setTimeout(300_000);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "charter-stop-"));
    fs.chmodSync(dir, 0o755);
    const charter = new Charter(dir, await freePort(), { PUBLIC_BASE_URL: "https://charter.example.test", LOG_LEVEL: "info" }, way.groupLeader);
    let pgPid = 0;
    try {
      await charter.start();
      expect(charter.log).toMatch(/https:\/\/charter\.example\.test\/setup\?token=chk_setup_[A-Za-z0-9_-]+/);
      const cli = (...args: string[]) => execFileSync(process.execPath, ["scripts/charter.mjs", ...args], { cwd: root, env: charter.env, encoding: "utf8" }).trim();
      cli("user", "create", "--email", "stop@example.test", "--password", "stop-test-password", "--admin");
      const token = cli("token", "create", "--email", "stop@example.test");
      const company = (await charter.api("POST", "/api/companies", token, { name: "Orderly Exits" })).body;

      // a live-events stream open as the signal arrives: Next finishes it before it exits
      const stream = new AbortController();
      const events = await fetch(`${charter.base}/api/companies/${company.id}/events`, { headers: { authorization: `Bearer ${token}` }, signal: stream.signal });
      expect(events.status).toBe(200);
      void events.body!.pipeTo(new WritableStream()).catch(() => {});

      const launcher = charter.child!.pid!;
      pgPid = charter.postgresPid;
      const nextPids = childrenOf(launcher).filter((p) => p !== pgPid);
      expect(nextPids.length).toBeGreaterThan(0);
      let nextGoneWhilePgAlive: boolean | null = null;
      const exited = new Promise((r) => charter.child!.once("exit", r));
      way.send(launcher);
      // polled every few milliseconds: the launcher stops PostgreSQL as soon as Next has exited, and a
      // fast shutdown can take less than a coarser poll's interval
      const deadline = Date.now() + 60_000;
      while (nextGoneWhilePgAlive === null) {
        if (Date.now() > deadline) throw new Error("timed out waiting for Next to exit");
        if (!nextPids.some(alive)) nextGoneWhilePgAlive = alive(pgPid);
        else await new Promise((r) => setTimeout(r, 5));
      }
      await exited;
      stream.abort();
      expect(nextGoneWhilePgAlive, "PostgreSQL was still running when Next had exited").toBe(true);
      expect(alive(pgPid), "PostgreSQL stopped with the launcher").toBe(false);
      const stopped = charter.log.indexOf("[stop] the app has stopped; stopping PostgreSQL");
      expect(stopped).toBeGreaterThan(0);
      expect(charter.log.indexOf("[stop] PostgreSQL stopped")).toBeGreaterThan(stopped);
      expect(charter.log).not.toMatch(/ECONNREFUSED|terminating connection|database is unavailable/i);
    } finally {
      await charter.stop();
      if (pgPid && alive(pgPid)) process.kill(pgPid, "SIGKILL");
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
}
