// A run's (or a verification's) log on its way to the database: output is buffered and appended about once a second,
// and never more than the cap is held in memory (older output is dropped first, as in the row).
// Secrets (the run key, the adapter's values) are redacted before anything is stored; a tail that
// is the start of a secret waits for the next flush, so a secret split across two chunks of output is
// still caught, while any other output shows at once.
import { appendLog } from "@/lib/runtime/run-records";
import { redactor, SECRET_MIN_LENGTH, type Redact } from "@/lib/runtime/transcript/steps";

const FLUSH_MS = 1000;

/** What a log starts with once its oldest output was dropped. */
export const DROPPED_MARK = "[… older output dropped …]";

export class RunLog {
  private pending = "";
  private pendingBytes = 0;
  private dropped = false;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private readonly redact: Redact;
  private readonly secrets: string[];
  /** the most characters a flush may keep back: the longest secret but one */
  private readonly maxHold: number;

  /** `append` stores a flushed chunk: a run's log row by default, a verification's for the verification runner */
  constructor(
    runId: string, companyId: string, private readonly cap: number, secrets: (string | null | undefined)[] = [],
    private readonly append: (text: string, bytes: number) => Promise<void> = (text, bytes) => appendLog(runId, companyId, text, bytes),
  ) {
    this.redact = redactor(secrets);
    this.secrets = secrets.filter((s): s is string => typeof s === "string" && s.length >= SECRET_MIN_LENGTH);
    this.maxHold = Math.max(0, ...this.secrets.map((s) => s.length - 1));
  }

  write = (text: string) => {
    this.pending += text;
    this.pendingBytes += Buffer.byteLength(text);
    if (this.pending.length > this.cap + this.maxHold) {
      this.pending = this.pending.slice(-(this.cap + this.maxHold));
      this.dropped = true;
    }
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.flushing = this.flushing.then(() => this.flushNow()).catch(() => {});
    }, FLUSH_MS);
  };

  private async flushNow() {
    const { text, bytes } = this.take(false);
    if (text || bytes) await this.append(text, bytes);
  }

  private take(final: boolean) {
    const clean = this.redact(this.pending);
    const cutAt = final ? clean.length : clean.length - this.secretStartAtEnd(clean);
    const text = (this.dropped ? `${DROPPED_MARK}\n` : "") + clean.slice(0, cutAt);
    const bytes = this.pendingBytes;
    this.pending = clean.slice(cutAt);
    this.pendingBytes = 0;
    this.dropped = false;
    return { text, bytes };
  }

  /** The length of the longest tail of `text` that is the start of a secret (0 almost always). */
  private secretStartAtEnd(text: string): number {
    let hold = 0;
    for (const secret of this.secrets) {
      for (let i = Math.max(0, text.length - secret.length + 1); i < text.length - hold; i++) {
        if (text.charCodeAt(i) === secret.charCodeAt(0) && secret.startsWith(text.slice(i))) {
          hold = text.length - i;
          break;
        }
      }
    }
    return hold;
  }

  /** Stops the periodic flush and hands over what is left, for the finishing statement. */
  async close(): Promise<{ text: string; bytes: number }> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flushing;
    return this.take(true);
  }
}
