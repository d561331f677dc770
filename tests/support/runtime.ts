// Helpers for runtime tests: a worker in this process, and polling until the database says so.
import { db } from "@/lib/db/client";
import { Worker } from "@/lib/runtime/worker";

export async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A worker for the test's database; `pollMs` long, so only NOTIFY can make it act promptly. */
export async function startWorker(opts: { concurrency?: number; pollMs?: number } = {}) {
  const worker = new Worker({ concurrency: opts.concurrency ?? 4, pollMs: opts.pollMs ?? 600_000 });
  await worker.start();
  return worker;
}

export async function finishedRun(runId: string) {
  return waitFor(async () => {
    const run = await db().heartbeatRun.findUnique({ where: { id: runId } });
    return run && !["queued", "running"].includes(run.status) ? run : null;
  }, `run ${runId} to finish`);
}

/** The run a wake became, once a worker has claimed it. */
export async function runOfWake(wakeId: string) {
  return waitFor(async () => (await db().wakeRequest.findUnique({ where: { id: wakeId } }))?.runId, `wake ${wakeId} to start a run`);
}
