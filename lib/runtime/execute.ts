// One heartbeat run from claim to finish: the docs/design.md §8 environment, the adapter, the bounded log,
// the cost rows, and the finishing statement (which also deletes the run key).
import { secretValues } from "@/lib/secrets";
import { env } from "@/lib/env";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";
import { log } from "@/lib/log";
import { adapters } from "@/lib/runtime/adapters";
import type { AdapterResult } from "@/lib/runtime/adapters/types";
import { recordRunCosts } from "@/lib/runtime/costs";
import type { ClaimedRun } from "@/lib/runtime/queue";
import { RunLog } from "@/lib/runtime/run-log";
import { prepareInstructionsDir, removeInstructionsDir } from "@/lib/runtime/instructions-dir";
import { finishRun, markRunning } from "@/lib/runtime/run-records";
import { retryAfterFinish } from "@/lib/services/liveness/remedies/retry";
import { RunTranscript } from "@/lib/runtime/transcript/run-transcript";
import { redactor, type Redact } from "@/lib/runtime/transcript/steps";
import { loadWakeContext, type WakeContext } from "@/lib/runtime/wake-context";
import { prepareRunWorkspace } from "@/lib/runtime/run-workspace";
import { refreshRunWorkspace } from "@/lib/services/workspaces/status";
import { recordRunCommits } from "@/lib/services/work-products/run-commits";

export function apiBaseUrl(): string {
  const e = env();
  if (e.PUBLIC_BASE_URL) return e.PUBLIC_BASE_URL.replace(/\/+$/, "");
  const host = e.HOST === "0.0.0.0" || e.HOST === "::" ? "127.0.0.1" : e.HOST;
  return `http://${host.includes(":") ? `[${host}]` : host}:${e.PORT}`;
}

const str = (v: unknown) => (typeof v === "string" && v ? v : null);

/** A question's outcome (reason question_answered): the answer itself, so even a process agent has it. */
function questionEnv(run: ClaimedRun): Record<string, string | null> {
  const p = run.payload;
  if (run.reason !== "question_answered") return {};
  return { SERVICE_QUESTION_ID: str(p.questionId), SERVICE_QUESTION_OUTCOME: str(p.outcome), SERVICE_QUESTION_OPTION_ID: str(p.optionId), SERVICE_QUESTION_TEXT: str(p.text) };
}

/** The environment values of docs/design.md §8 that apply to this run (absent ones are left out). */
function serviceEnv(run: ClaimedRun): Record<string, string> {
  const p = run.payload;
  const linked = Array.isArray(p.linkedIssueIds) ? p.linkedIssueIds.filter((x): x is string => typeof x === "string") : [];
  const values: Record<string, string | null> = {
    SERVICE_API_URL: apiBaseUrl(),
    SERVICE_API_KEY: run.token,
    SERVICE_AGENT_ID: run.agentId,
    SERVICE_COMPANY_ID: run.companyId,
    SERVICE_RUN_ID: run.runId,
    SERVICE_TASK_ID: run.issueId ?? str(p.taskId),
    SERVICE_WAKE_REASON: run.reason,
    SERVICE_WAKE_COMMENT_ID: run.commentId ?? str(p.wakeCommentId),
    SERVICE_APPROVAL_ID: run.approvalId,
    SERVICE_APPROVAL_STATUS: run.approvalId ? str(p.approvalStatus) : null,
    SERVICE_LINKED_ISSUE_IDS: run.approvalId ? linked.join(",") : null,
    ...questionEnv(run),
  };
  return Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => e[1] !== null));
}

/** The secrets of a run that no prompt, log or transcript may show: its key and the adapter's configured values. */
function runSecrets(run: ClaimedRun): string[] {
  const cfg = run.adapterConfig;
  return [run.token, ...secretValues(cfg, { everyEnv: true }), ...Object.values(cfg.headers ?? {})];
}

/** Runs `fn` with the agent's managed instructions written out (when it uses them), and removes them after. */
async function withInstructions<T>(run: ClaimedRun, fn: (run: ClaimedRun, env: Record<string, string>) => Promise<T>): Promise<T> {
  const prepared = await prepareInstructionsDir(run);
  if (!prepared) return fn(run, {});
  try {
    return await fn(prepared.run, prepared.env);
  } finally {
    await removeInstructionsDir(prepared.dir).catch((e) => log.error("removing a run's instructions directory failed", { runId: run.runId, dir: prepared.dir, error: String(e) }));
  }
}

const noContext: WakeContext = { source: null, issue: null, comment: null, approval: null, question: null };

/** The workspace step, then the adapter in it (a workspace that cannot be made fails the run before the adapter). */
async function runAdapter(claimed: ClaimedRun, signal: AbortSignal, write: (text: string) => void, transcript: RunTranscript, redact: Redact): Promise<AdapterResult> {
  const step = await prepareRunWorkspace(claimed, write);
  if ("error" in step) return { status: "failed", exitCode: null, error: step.error, usage: [] };
  const run = step.run;
  // the process adapter passes the environment only; a context that cannot be read leaves the
  // prompt shorter, not the run failed
  const wake = run.adapterType === "process" ? noContext : await loadWakeContext(run).catch((e) => {
    log.error("loading the wake context failed", { runId: run.runId, error: String(e) });
    return noContext;
  });
  return withInstructions(run, (r, extraEnv) => adapters[r.adapterType]({
    run: r, serviceEnv: { ...serviceEnv(r), ...step.env, ...extraEnv }, signal, timeoutMs: r.timeoutSec * 1000, log: write, wake, transcript, redact,
  }));
}

export async function executeRun(run: ClaimedRun, signal: AbortSignal): Promise<void> {
  const secrets = runSecrets(run);
  const runLog = new RunLog(run.runId, run.companyId, env().CHARTER_RUN_LOG_MAX_BYTES, secrets);
  const redact = redactor(secrets);
  const transcript = new RunTranscript(run.runId, run.companyId, redact);
  let result: AdapterResult;
  if (!(await markRunning(run.runId))) {
    result = { status: "cancelled", exitCode: null, error: "cancelled before it started", usage: [] };
  } else {
    try {
      result = await runAdapter(run, signal, runLog.write, transcript, redact);
    } catch (e) {
      log.error("adapter crashed", { runId: run.runId, error: String(e) });
      result = { status: "failed", exitCode: null, error: `the ${run.adapterType} adapter failed: ${(e as Error).message}`, usage: [] };
    }
  }
  if (result.status === "cancelled" && typeof signal.reason === "string") result = { ...result, error: signal.reason };
  // what the run left in its workspace (its state and its new commits), read while the run still holds
  // it so no later run moves HEAD under the reads; a failure is logged, never the run's
  await refreshRunWorkspace(run.runId);
  await recordRunCommits(run.runId).catch((e) => log.error("listing the run's commits failed", { runId: run.runId, error: String(e) }));
  // the outcome is kept in memory until the database takes it: a run ending during an outage is
  // recorded when the database is back (the orphan sweep leaves it alone meanwhile, see sweepOrphans)
  const costCents = result.usage.length ? await untilRecorded(run.runId, "run costs", () => recordRunCosts(run, result.usage)).catch((e) => {
    log.error("recording run costs failed", { runId: run.runId, error: String(e) });
    return 0;
  }) : 0;
  const tail = await runLog.close();
  await transcript.close();
  const status = await untilRecorded(run.runId, "the run's finish", () => finishRun(run.runId, {
    status: result.status, exitCode: result.exitCode, error: result.error?.slice(0, 2000) ?? null,
    logTail: tail.text, logBytes: tail.bytes, costCents,
  }));
  // a retry lost here (the worker dies first) is caught up by the periodic remedies
  await retryAfterFinish(run.runId, status).catch((e) => log.error("scheduling the run's retry failed", { runId: run.runId, error: String(e) }));
}

const RETRY_MAX_MS = 1_000;

/** Retries `write` while the database is unavailable (every other error is thrown at once). */
async function untilRecorded<T>(runId: string, what: string, write: () => Promise<T>): Promise<T> {
  for (let attempt = 0, delay = 100; ; attempt++, delay = Math.min(delay * 2, RETRY_MAX_MS)) {
    try {
      return await write();
    } catch (e) {
      if (!isDatabaseUnavailable(e)) throw e;
      if (attempt === 0) log.warn(`the database is unavailable: recording ${what} when it is back`, { runId });
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

