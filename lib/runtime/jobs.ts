// The job queue (docs/decisions/0125-outbox-job-queue.md): pg-boss in PostgreSQL runs deliveries, retries,
// emails and digests. Rows hold the state (a WebhookDelivery, an EmailNotification); a job is only a kick
// ("drain subscription S"), so a lost or repeated job loses or repeats nothing. Every queue is `stately`
// and every job has a key (by default its data): one waiting and one running job per key, so identical
// kicks coalesce and one subscription is drained by one job at a time across all instances.
//
// enqueue() writes the job inside the caller's Prisma transaction (it exists only if the change commits).
// The worker process starts the handlers (startJobs, from lib/runtime/worker.ts); handlers register with
// registerJob() at the top of the module that defines them, which the worker imports.
import PgBoss from "pg-boss";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import type { Tx } from "@/lib/services/context";

type Handler = (data: unknown, job: { id: string; name: string }) => Promise<void>;
interface Registered { handler: Handler; concurrency?: number }

export interface EnqueueOptions {
  /** Jobs with the same name and key coalesce (one waiting, one running); default: the data's JSON. */
  key?: string;
  /** Run no earlier than this many seconds from now. */
  delaySeconds?: number;
}

// A killed process's job is failed by expiry and retried: expiry bounds a handler's run (handlers must
// finish well within it, re-enqueueing themselves for more), and maintenance checks every few seconds.
const EXPIRE_SECONDS = 60;
const MAINTENANCE_SECONDS = 10;
const POLL_SECONDS = 2;
const RETRY = { retryLimit: 5, retryDelay: 5, retryBackoff: true } as const;

const handlers = new Map<string, Registered>();
const g = globalThis as unknown as { __charterJobs?: { url: string; producer?: Promise<PgBoss>; worker?: PgBoss; loops: string[]; queues: Set<string> } };

function state() {
  const url = env().DATABASE_URL ?? "";
  if (g.__charterJobs?.url !== url) g.__charterJobs = { url, loops: [], queues: new Set() };
  return g.__charterJobs;
}

const bossOptions = (url: string) => ({ connectionString: url, schema: "pgboss", schedule: false, ...RETRY, expireInSeconds: EXPIRE_SECONDS });

/** The handle that writes jobs: no maintenance of its own (the worker's does it), installed on first use. */
function producer(): Promise<PgBoss> {
  const s = state();
  s.producer ??= (async () => {
    const boss = new PgBoss({ ...bossOptions(s.url), max: 2, supervise: false });
    boss.on("error", (e) => log.error("job queue error", { error: String(e) }));
    await boss.start();
    return boss;
  })().catch((e) => {
    s.producer = undefined;
    throw e;
  });
  return s.producer;
}

async function ensureQueue(boss: PgBoss, name: string): Promise<void> {
  const s = state();
  if (s.queues.has(name)) return;
  if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, policy: "stately", ...RETRY, expireInSeconds: EXPIRE_SECONDS });
  s.queues.add(name);
}

/**
 * Registers the handler of a job name; call at module top level, before the worker starts. `concurrency`:
 * how many of its jobs one process runs at once (default: startJobs's), more for jobs that mostly wait.
 */
export function registerJob<T>(
  name: string, handler: (data: T, job: { id: string; name: string }) => Promise<void>, opts: { concurrency?: number } = {},
): void {
  handlers.set(name, { handler: handler as Handler, concurrency: opts.concurrency });
}

/** Queues a job in `tx`: it exists only if the transaction commits. Returns null when it coalesced. */
export async function enqueue(tx: Tx, name: string, data: object, opts: EnqueueOptions = {}): Promise<string | null> {
  const boss = await producer();
  await ensureQueue(boss, name);
  const json = JSON.stringify(data);
  // Prisma's raw parameters take no undefined; pg-boss leaves unset options undefined
  const db = { executeSql: async (text: string, values: unknown[]) => ({ rows: await tx.$queryRawUnsafe<unknown[]>(text, ...values.map((v) => v ?? null)) }) };
  return boss.send(name, JSON.parse(json) as object, { db, singletonKey: opts.key ?? json, ...(opts.delaySeconds ? { startAfter: opts.delaySeconds } : {}) });
}

/** Starts the registered handlers in this process (the worker); idempotent. */
export async function startJobs(concurrency = 2): Promise<void> {
  const s = state();
  if (s.worker) return;
  const loops = Math.max(concurrency, ...[...handlers.values()].map((h) => h.concurrency ?? 0));
  const boss = new PgBoss({ ...bossOptions(s.url), max: loops + 2, supervise: true, maintenanceIntervalSeconds: MAINTENANCE_SECONDS });
  boss.on("error", (e) => log.error("job queue error", { error: String(e) }));
  await boss.start();
  s.worker = boss;
  for (const [name, { handler, concurrency: own }] of handlers) {
    await ensureQueue(boss, name);
    for (let i = 0; i < (own ?? concurrency); i++) {
      // pg-boss waits the polling interval after every fetch; a loop that got a job fetches again at once
      let loop = "";
      loop = await boss.work(name, { batchSize: 1, pollingIntervalSeconds: POLL_SECONDS }, async ([job]) => {
        try {
          await handler(job.data, { id: job.id, name: job.name });
        } finally {
          boss.notifyWorker(loop);
        }
      });
      s.loops.push(loop);
    }
  }
}

/**
 * Wakes this process's idle handler loops now instead of at their next poll: for a caller whose
 * transaction just committed jobs (the relay), so a delivery does not wait up to a polling interval.
 */
export function kickJobs(): void {
  const s = g.__charterJobs;
  for (const loop of s?.loops ?? []) s?.worker?.notifyWorker(loop);
}

/** Stops this process's handlers, waiting briefly for the running ones, and closes the queue's pools. */
export async function stopJobs(): Promise<void> {
  const s = g.__charterJobs;
  if (!s) return;
  const worker = s.worker;
  const producing = s.producer;
  g.__charterJobs = undefined;
  await worker?.stop({ graceful: true, timeout: 10_000, wait: true });
  await (await producing?.catch(() => undefined))?.stop({ graceful: false, wait: true });
}
