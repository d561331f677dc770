// The contract between the worker and an adapter: the adapter invokes the agent once and reports
// how it ended; the worker owns the run record, the log and the cost rows.
import type { ClaimedRun } from "@/lib/runtime/queue";
import type { FinalStatus } from "@/lib/runtime/run-records";

export interface Usage {
  provider: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  costCents: number;
}

export interface AdapterContext {
  run: ClaimedRun;
  /** the DESIGN §8 values (SERVICE_*) that apply to this run */
  serviceEnv: Record<string, string>;
  /** aborted when the run is cancelled or the worker stops */
  signal: AbortSignal;
  timeoutMs: number;
  /** output for the run's log (bounded by the worker) */
  log: (text: string) => void;
}

export interface AdapterResult {
  status: FinalStatus;
  exitCode: number | null;
  error: string | null;
  usage: Usage[];
}

export type Adapter = (ctx: AdapterContext) => Promise<AdapterResult>;

export const failed = (error: string): AdapterResult => ({ status: "failed", exitCode: null, error, usage: [] });
