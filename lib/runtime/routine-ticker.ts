// The routine scheduler's clock inside every worker: a short tick (CHARTER_ROUTINE_TICK_MS, 2 s by
// default) so a window fires within seconds of its minute, where the worker's other periodic work
// runs on its 60 s fallback poll. A tick with nothing due is one indexed query. Ticks never overlap,
// and a failing tick is logged once per streak.
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { fireDueRoutines } from "@/lib/services/routines/scheduler";

export class RoutineTicker {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private failing = false;
  private running: Promise<void> | null = null;

  constructor(private readonly tickMs = env().CHARTER_ROUTINE_TICK_MS) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  private schedule(delay: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick().finally(() => {
        this.running = null;
        this.schedule(this.tickMs);
      });
    }, delay);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    try {
      const recorded = await fireDueRoutines();
      if (recorded) log.info("routines fired", { runs: recorded });
      this.failing = false;
    } catch (e) {
      if (!this.failing) log.error("routine tick failed", { error: String(e) });
      this.failing = true;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
