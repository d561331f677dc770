// The foundation's promise that nothing is lost when a process dies: `kill -9` of the launcher, the
// Next server and PostgreSQL, then `npm start` on the same data dir comes back with every row
// (PostgreSQL recovers from its WAL; a killed process cannot test fsync itself, a machine crash
// would); and with PostgreSQL left running by a killed launcher, the next start takes it over
// cleanly. A second Charter of its own, configured as `npm start` runs it, beside the suite's server.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "./net";
import { alive, Charter } from "./launcher";

const root = path.resolve(import.meta.dirname, "..");

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
