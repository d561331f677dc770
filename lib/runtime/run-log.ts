// A run's log on its way to the database: output is buffered and appended about once a second,
// and never more than the cap is held in memory (older output is dropped first, as in the row).
import { appendLog } from "@/lib/runtime/run-records";

const FLUSH_MS = 1000;

export class RunLog {
  private pending = "";
  private pendingBytes = 0;
  private dropped = false;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly runId: string, private readonly companyId: string, private readonly cap: number) {}

  write = (text: string) => {
    this.pending += text;
    this.pendingBytes += Buffer.byteLength(text);
    if (this.pending.length > this.cap) {
      this.pending = this.pending.slice(-this.cap);
      this.dropped = true;
    }
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.flushing = this.flushing.then(() => this.flushNow()).catch(() => {});
    }, FLUSH_MS);
  };

  private async flushNow() {
    if (!this.pending) return;
    const { text, bytes } = this.take();
    await appendLog(this.runId, this.companyId, text, bytes);
  }

  private take() {
    const text = (this.dropped ? "[… older output dropped …]\n" : "") + this.pending;
    const bytes = this.pendingBytes;
    this.pending = "";
    this.pendingBytes = 0;
    this.dropped = false;
    return { text, bytes };
  }

  /** Stops the periodic flush and hands over what is left, for the finishing statement. */
  async close(): Promise<{ text: string; bytes: number }> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flushing;
    return this.take();
  }
}
