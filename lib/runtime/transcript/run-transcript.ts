// A run's transcript on its way to the database: output lines are parsed as they arrive (partial
// lines wait for their end), each becomes zero or more steps, and the steps are written in batches
// about once a second. Lines a parser does not know, and lines that are not JSON, are kept as raw
// `system` steps: an odd line never fails a run. Caps: MAX_STEPS steps and RUN_CHARS_MAX
// characters per run (result steps always kept), FIELD_MAX characters per field.
import { log } from "@/lib/log";
import { isObj, type Obj } from "@/lib/runtime/json-objects";
import { appendSteps } from "@/lib/runtime/run-records";
import { finishDraft, MAX_STEPS, RUN_CHARS_MAX, type Redact, type Step, type StepDraft } from "@/lib/runtime/transcript/steps";

const FLUSH_MS = 1000;
/** a line longer than this is not held whole in memory: it is kept as a cut raw step */
const MAX_LINE = 4 * 1024 * 1024;

export type LineParser = (event: Obj) => StepDraft[] | null;

function parseLine(line: string): Obj | null {
  if (!line.startsWith("{")) return null;
  try {
    const v: unknown = JSON.parse(line);
    return isObj(v) ? v : null;
  } catch {
    return null;
  }
}

export class RunTranscript {
  private seq = 0;
  private chars = 0;
  private dropped = 0;
  private pending: Step[] = [];
  private readonly partial = { stdout: "", stderr: "" };
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  /** the parser of the CLI's stdout; null: every line is a raw system step */
  parser: LineParser | null = null;

  constructor(private readonly runId: string, private readonly companyId: string, private readonly redact: Redact) {}

  /** Output of the program: complete lines become steps now, the rest waits for its newline. */
  stdout = (chunk: string) => this.feed("stdout", chunk);
  stderr = (chunk: string) => this.feed("stderr", chunk);

  private feed(stream: "stdout" | "stderr", chunk: string) {
    const text = this.partial[stream] + chunk;
    const lines = text.split("\n");
    let rest = lines.pop() ?? "";
    if (rest.length > MAX_LINE) {
      lines.push(rest);
      rest = "";
    }
    this.partial[stream] = rest;
    for (const l of lines) this.line(stream, l);
  }

  private line(stream: "stdout" | "stderr", raw: string) {
    const line = raw.trim();
    if (!line) return;
    const event = stream === "stdout" && this.parser ? parseLine(line) : null;
    let drafts: StepDraft[] | null = null;
    if (event && this.parser) {
      try {
        drafts = this.parser(event);
      } catch (e) {
        log.warn("transcript parser failed on a line", { runId: this.runId, error: String(e) });
      }
    }
    for (const d of drafts ?? [{ kind: "system" as const, text: line, isError: stream === "stderr" ? true : null }]) this.add(d);
  }

  /** A note of the runtime's own (a session fallback…), as a system step. */
  note(text: string) {
    this.add({ kind: "system", text });
  }

  private add(draft: StepDraft) {
    const step = finishDraft(draft, this.redact);
    if (step.kind !== "result" && (this.seq >= MAX_STEPS || this.chars + step.size > RUN_CHARS_MAX)) {
      this.dropped++;
      return;
    }
    this.chars += step.size;
    this.push(step);
  }

  private push({ size: _size, ...step }: StepDraft & { size: number }) {
    this.pending.push({ ...step, seq: ++this.seq, at: new Date().toISOString() });
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.flushing = this.flushing.then(() => this.flushNow());
    }, FLUSH_MS);
  }

  private async flushNow() {
    const batch = this.pending;
    this.pending = [];
    try {
      await appendSteps(this.runId, this.companyId, batch);
    } catch (e) {
      log.error("storing transcript steps failed", { runId: this.runId, steps: batch.length, error: String(e) });
    }
  }

  /** The program ended: a last line without its newline is complete too. */
  endLines() {
    for (const stream of ["stdout", "stderr"] as const) {
      const rest = this.partial[stream];
      this.partial[stream] = "";
      this.line(stream, rest);
    }
  }

  /** Parses what is left, notes the steps dropped by the caps, and writes everything. */
  async close(): Promise<void> {
    this.endLines();
    if (this.dropped > 0) {
      const n = this.dropped;
      this.dropped = 0;
      this.push(finishDraft({ kind: "system", text: `[… ${n} more steps not kept: a transcript keeps ${MAX_STEPS} steps and ${RUN_CHARS_MAX} characters …]` }, this.redact));
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flushing;
    await this.flushNow();
  }
}
