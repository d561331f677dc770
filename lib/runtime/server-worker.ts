// The worker inside a Next server: started once per process, retried while the database is not
// reachable, and on exit it kills the process groups of its runs (the runs themselves are closed by
// the next start's orphan sweep, since this process's liveness lock goes with it).
import { log } from "@/lib/log";
import { Worker } from "@/lib/runtime/worker";

const g = globalThis as unknown as { __charterWorker?: Worker };

export function startServerWorker(retryMs: number): void {
  if (g.__charterWorker) return;
  const worker = new Worker();
  g.__charterWorker = worker;
  const attempt = (delay: number) => {
    worker.start().catch((e) => {
      log.error("the heartbeat worker could not start; retrying", { error: String(e), inMs: delay });
      setTimeout(() => attempt(Math.min(delay * 2, 60_000)), delay).unref();
    });
  };
  attempt(retryMs);
  process.once("exit", () => worker.killRunsNow());
}
