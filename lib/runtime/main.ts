// `npm run worker`: a dedicated heartbeat worker process (several may run, on any machine that
// reaches the database). SIGINT/SIGTERM stop it cleanly: running runs are cancelled and closed.
import { disconnectDb } from "@/lib/db/client";
import { log } from "@/lib/log";
import { Worker } from "@/lib/runtime/worker";

export async function runWorkerProcess(): Promise<void> {
  const worker = new Worker();
  await worker.start();
  // the worker's own timers do not hold the process open (inside the server they must not)
  const keepAlive = setInterval(() => {}, 1 << 30);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await worker.stop();
    clearInterval(keepAlive);
    await disconnectDb();
    log.info("heartbeat worker stopped", { workerId: worker.id });
    process.exit(0);
  };
  for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => void stop());
}
