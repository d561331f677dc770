// The raw run log never stores a secret, not even one that reaches the log in two chunks across a
// flush (a tail that starts a secret waits for the next flush), and ordinary output never waits.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { RunLog } from "@/lib/runtime/run-log";
import { createAgent, createCompany } from "../factories";

const KEY = "chk_run_0123456789abcdefghijklmnopqrstuvwxyz";

async function newRun() {
  const company = await createCompany();
  const agent = await createAgent(company.id);
  return db().heartbeatRun.create({ data: { companyId: company.id, agentId: agent.id, adapterType: "process", status: "running" } });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("run log redaction", () => {
  it("a secret split across two flushes is redacted; everything else arrives whole and in order", async () => {
    const run = await newRun();
    const log = new RunLog(run.id, run.companyId, 64 * 1024, [KEY, "short"]);
    log.write(`token: ${KEY.slice(0, 20)}`);
    await sleep(1300); // the first flush happens here, with the key half written
    const mid = (await db().heartbeatRun.findUniqueOrThrow({ where: { id: run.id } })).log;
    expect(mid).not.toContain(KEY.slice(0, 20));
    log.write(`${KEY.slice(20)} and short words\n`);
    await sleep(1300);
    log.write("done\n");
    const tail = await log.close();
    const stored = (await db().heartbeatRun.findUniqueOrThrow({ where: { id: run.id } })).log + tail.text;
    expect(stored).toBe("token: [redacted] and short words\ndone\n");
  });

  it("output that does not end in the start of a secret is stored whole at each flush (a live log does not lag)", async () => {
    const run = await newRun();
    const log = new RunLog(run.id, run.companyId, 64 * 1024, [KEY]);
    log.write("hello\n");
    await sleep(1300);
    expect((await db().heartbeatRun.findUniqueOrThrow({ where: { id: run.id } })).log).toBe("hello\n");
    expect((await log.close()).text).toBe("");
  });
});
