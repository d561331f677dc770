// The contract between the worker and an adapter: the adapter invokes the agent once and reports
// how it ended; the worker owns the run record, the log and the cost rows.
import type { ClaimedRun } from "@/lib/runtime/queue";
import type { FinalStatus } from "@/lib/runtime/run-records";
import type { RunTranscript } from "@/lib/runtime/transcript/run-transcript";
import type { Redact } from "@/lib/runtime/transcript/steps";
import type { WakeContext } from "@/lib/runtime/wake-context";

export interface Usage {
  provider: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  costCents: number;
  /** priced by Charter from lib/runtime/prices.ts: the CLI printed tokens but no price */
  estimated?: boolean;
}

export interface AdapterContext {
  run: ClaimedRun;
  /** the docs/design.md §8 values (SERVICE_*) that apply to this run */
  serviceEnv: Record<string, string>;
  /** aborted when the run is cancelled or the worker stops */
  signal: AbortSignal;
  timeoutMs: number;
  /** output for the run's log (bounded by the worker) */
  log: (text: string) => void;
  /** what the wake already knows (issue, comment, approval), loaded at the start of the run */
  wake: WakeContext;
  /** the run's parsed transcript; adapters that parse their program's output feed it */
  transcript: RunTranscript;
  /** hides the run key and the adapter's env values in text that leaves the process */
  redact: Redact;
}

export interface AdapterResult {
  status: FinalStatus;
  exitCode: number | null;
  error: string | null;
  usage: Usage[];
}

export type Adapter = (ctx: AdapterContext) => Promise<AdapterResult>;

export const failed = (error: string): AdapterResult => ({ status: "failed", exitCode: null, error, usage: [] });
