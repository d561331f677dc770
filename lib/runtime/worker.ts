// The heartbeat worker: claims queued wakes and runs them, woken by PostgreSQL NOTIFY (a new wake,
// a freed slot, a cancel) rather than by polling; a long fallback poll covers notifications missed
// while disconnected, fires timer heartbeats, closes orphaned runs and prunes old logs; a short
// tick of its own evaluates routine schedules (lib/runtime/routine-ticker.ts). Any number
// of workers may share a database: claims use SKIP LOCKED, and each worker holds an advisory lock
// for as long as its session lives, so its runs are known to be orphaned the moment it dies.
import os from "node:os";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { claimWakes, nextWakeDueInMs, type ClaimedRun } from "@/lib/runtime/queue";
import { executeRun } from "@/lib/runtime/execute";
import { pruneLogs, sweepOrphans, touchRuns, WORKER_LOCK_CLASS } from "@/lib/runtime/run-records";
import { fireTimers } from "@/lib/runtime/timers";
import { pruneIdempotencyKeys } from "@/lib/http/idempotency";
import { scheduledBackup } from "@/lib/backup/schedule";
import { RoutineTicker } from "@/lib/runtime/routine-ticker";
import { sweepWorkspaces } from "@/lib/runtime/workspace-sweep";
import { expireQuestions } from "@/lib/runtime/question-expiry";
import { sweepVerifications, VerificationRunner } from "@/lib/runtime/verification-runner";
import { OutboxRelay } from "@/lib/runtime/outbox-relay";
import { startJobs, stopJobs } from "@/lib/runtime/jobs";
import { sweepWebhooks } from "@/lib/runtime/webhook-jobs";
import { applyLivenessRemedies } from "@/lib/runtime/liveness-remedies";
import { sweepEmail } from "@/lib/services/notifications/sweep";
import { pruneEvents } from "@/lib/services/outbox/retention";
import { sweepLiveness } from "@/lib/runtime/liveness-sweep";

const TOUCH_MS = 15_000;
const PRUNE_MS = 3_600_000;
// While the database is away, try again every second at most (a refused connection costs nothing),
// so the worker is back within about a second of the database.
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 1_000;

export interface WorkerOptions {
  concurrency?: number;
  pollMs?: number;
}

export class Worker {
  readonly id = `${os.hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  private readonly concurrency: number;
  private readonly pollMs: number;
  private listener: pg.Client | null = null;
  private readonly active = new Map<string, { abort: AbortController; done: Promise<void> }>();
  private pumping = false;
  private again = false;
  private stopped = false;
  private timers: NodeJS.Timeout[] = [];
  /** the kick at the next backoff's end (nextWakeDueInMs), and when it fires (epoch ms) */
  private dueTimer: NodeJS.Timeout | null = null;
  private dueAt = Infinity;
  private lastPrune = 0;
  private failing = false;
  private reconnectMs = RECONNECT_MIN_MS;
  private retryMs = RECONNECT_MIN_MS;
  private readonly routines = new RoutineTicker();
  private sweeping: Promise<void> | null = null;
  private readonly verifications = new VerificationRunner(this.id);
  private readonly outbox = new OutboxRelay();

  constructor(opts: WorkerOptions = {}) {
    this.concurrency = opts.concurrency ?? env().CHARTER_WORKER_CONCURRENCY;
    this.pollMs = opts.pollMs ?? env().CHARTER_WORKER_POLL_MS;
  }

  get runningCount(): number {
    return this.active.size;
  }

  async start(): Promise<void> {
    // first: idempotent, so a start retried after a failed connect does not start the jobs twice
    await startJobs();
    await this.connect();
    await this.tick();
    this.timers.push(setInterval(() => void this.tick(), this.pollMs));
    this.timers.push(setInterval(() => {
      if (this.active.size) touchRuns([...this.active.keys()]).catch(() => {});
      this.verifications.touch().catch(() => {});
    }, TOUCH_MS));
    // its own tick, shorter than the fallback poll: a stall should have its reason within a minute or two
    this.timers.push(setInterval(() => void sweepLiveness().catch((e) => log.error("liveness sweep failed", { error: String(e) })), env().CHARTER_LIVENESS_TICK_MS));
    for (const t of this.timers) t.unref();
    this.routines.start();
    log.info("heartbeat worker started", { workerId: this.id, concurrency: this.concurrency, pollMs: this.pollMs });
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: env().DATABASE_URL });
    client.on("notification", (n) => {
      if (n.channel === "charter_run_cancel" && n.payload) this.active.get(n.payload)?.abort.abort("cancelled by the board");
      else if (n.channel === "charter_verification") this.verifications.kick();
      else if (n.channel === "charter_outbox") this.outbox.kick();
      else {
        this.kick();
        // a finished run may have freed a workspace a verification waits for
        this.verifications.kick();
      }
    });
    client.on("error", () => this.onLost(client));
    client.on("end", () => this.onLost(client));
    try {
      await client.connect();
      // the liveness lock lives exactly as long as this session (see sweepOrphans)
      await client.query(`SELECT pg_advisory_lock($1, hashtext($2))::text`, [WORKER_LOCK_CLASS, this.id]);
      await client.query("LISTEN charter_wake");
      await client.query("LISTEN charter_run_cancel");
      await client.query("LISTEN charter_verification");
      await client.query("LISTEN charter_outbox");
    } catch (e) {
      await client.end().catch(() => {});
      throw e;
    }
    this.listener = client;
    this.reconnectMs = RECONNECT_MIN_MS;
    // the touches of the runs still in flight failed while the connection was down
    if (this.active.size) await touchRuns([...this.active.keys()]).catch(() => {});
  }

  private onLost(client: pg.Client) {
    if (this.stopped || this.listener !== client) return;
    this.listener = null;
    client.end().catch(() => {});
    log.warn("heartbeat worker lost its database connection; reconnecting", { workerId: this.id });
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    const delay = this.reconnectMs;
    this.reconnectMs = Math.min(this.reconnectMs * 2, RECONNECT_MAX_MS);
    setTimeout(() => {
      if (this.stopped) return;
      this.connect().then(() => this.kick(), () => this.scheduleReconnect());
    }, delay).unref();
  }

  /** Periodic duties; each failure is logged once per streak, so a database outage cannot flood the log. */
  private async tick(): Promise<void> {
    if (this.stopped) return;
    try {
      const closed = await sweepOrphans();
      if (closed.length) log.warn("closed orphaned runs", { runIds: closed });
      const requeued = await sweepVerifications();
      if (requeued.length) log.warn("re-queued verifications of a stopped worker", { verificationIds: requeued });
      await fireTimers();
      const expired = await expireQuestions();
      if (expired.length) log.info("expired questions", { questionIds: expired });
      await sweepWebhooks();
      const mail = await sweepEmail();
      if (mail.immediate || mail.digests) log.info("re-kicked lost notification emails", mail);
      // in the background: a backup takes a while, the sweep and timers must not wait for it
      void scheduledBackup().catch((e) => log.error("scheduled backup failed", { error: String(e) }));
      // in the background too: git on a few worktrees; one sweep at a time per worker
      this.sweeping ??= sweepWorkspaces()
        .then((done) => { if (Object.keys(done).length) log.info("swept execution workspaces", { outcomes: done }); })
        .catch((e) => log.error("workspace retention sweep failed", { error: String(e) }))
        .finally(() => { this.sweeping = null; });
      if (Date.now() - this.lastPrune > PRUNE_MS) {
        this.lastPrune = Date.now();
        await pruneLogs();
        await pruneIdempotencyKeys();
        await pruneEvents();
      }
      // last: a remedy that fails (a deadlock, say) must not starve the duties above
      await applyLivenessRemedies();
      this.failing = false;
    } catch (e) {
      if (!this.failing) log.error("heartbeat worker tick failed", { error: String(e) });
      this.failing = true;
    }
    this.kick();
    this.verifications.kick();
    this.outbox.kick();
  }

  /** Claims and starts runs while there are free slots and queued wakes. */
  kick(): void {
    if (this.stopped) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    void this.pump().finally(() => {
      this.pumping = false;
    });
  }

  private async pump(): Promise<void> {
    do {
      this.again = false;
      while (!this.stopped && this.active.size < this.concurrency) {
        let runs: ClaimedRun[];
        try {
          runs = (await claimWakes(this.id, this.concurrency - this.active.size)).runs;
          this.failing = false;
          this.retryMs = RECONNECT_MIN_MS;
        } catch (e) {
          if (!this.failing) log.error("claiming wakes failed", { error: String(e) });
          this.failing = true;
          // try again soon, backing off while it keeps failing (the database may be down)
          setTimeout(() => this.kick(), this.retryMs).unref();
          this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
          return;
        }
        if (runs.length === 0) break;
        for (const run of runs) this.launch(run);
      }
      // inside the loop: a kick that arrives meanwhile is not lost
      await this.armDueTimer().catch((e) => log.warn("reading the next wake's backoff failed", { error: String(e) }));
    } while (this.again && !this.stopped);
  }

  /** Kicks again when the next wake waiting out its backoff is due (the earliest such time wins). */
  private async armDueTimer(): Promise<void> {
    if (this.stopped) return;
    const ms = await nextWakeDueInMs();
    if (ms === null) return;
    const at = Date.now() + ms;
    if (this.dueTimer && this.dueAt <= at) return;
    if (this.dueTimer) clearTimeout(this.dueTimer);
    this.dueAt = at;
    // a few ms past it: the claim compares notBefore <= now() by the database's clock
    this.dueTimer = setTimeout(() => {
      this.dueTimer = null;
      this.dueAt = Infinity;
      this.kick();
    }, ms + 20);
    this.dueTimer.unref();
  }

  private launch(run: ClaimedRun) {
    const abort = new AbortController();
    const done = executeRun(run, abort.signal)
      .catch((e) => log.error("run failed to finish", { runId: run.runId, error: String(e) }))
      .finally(() => {
        this.active.delete(run.runId);
        this.kick();
      });
    this.active.set(run.runId, { abort, done });
  }

  /** Synchronous last resort at process exit: every run's process group gets SIGTERM. */
  killRunsNow(): void {
    this.stopped = true;
    for (const r of this.active.values()) r.abort.abort("the worker's process exited");
    this.verifications.abortAll("the worker's process exited");
  }

  /** Stops claiming, cancels what is running (their process groups are killed) and waits for the finishes. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    if (this.dueTimer) clearTimeout(this.dueTimer);
    await this.routines.stop();
    await this.outbox.stop();
    await this.sweeping;
    const running = [...this.active.values()];
    for (const r of running) r.abort.abort("the worker was stopped");
    await Promise.race([Promise.allSettled([...running.map((r) => r.done), this.verifications.stop()]), new Promise((r) => setTimeout(r, 10_000).unref())]);
    await stopJobs();
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => {});
  }
}
