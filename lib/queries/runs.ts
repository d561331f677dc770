// Heartbeat runs: query keys nested under the company, and the fetchers for /api/**/heartbeat-runs.
import type { RunDto, RunStepDto } from "@/lib/dto/heartbeat-runs";
import type { wakeDto } from "@/lib/services/wakeups";
import { apiGet, apiPage, apiSend } from "@/lib/queries/fetcher";

export type { RunDto };
export type WakeDto = ReturnType<typeof wakeDto>;

export interface RunLog {
  runId: string;
  status: RunDto["status"];
  logBytes: number;
  truncated: boolean;
  content: string;
}

/** One parsed line of a coding CLI's output (GET /api/heartbeat-runs/:id/transcript). */
export type TranscriptStep = RunStepDto;

export interface RunTranscript {
  steps: TranscriptStep[];
}

export const RUN_PAGE_SIZE = 20;
/** The issue page's runs: the newest ones; older ones are a click away. */
export const ISSUE_RUN_PAGE_SIZE = 10;

export const runKeys = {
  all: (companyId: string) => ["companies", companyId, "runs"] as const,
  ofAgent: (companyId: string, agentId: string) => [...runKeys.all(companyId), "agent", agentId] as const,
  detail: (companyId: string, runId: string) => [...runKeys.all(companyId), "detail", runId] as const,
  log: (companyId: string, runId: string) => [...runKeys.detail(companyId, runId), "log"] as const,
  transcript: (companyId: string, runId: string) => [...runKeys.detail(companyId, runId), "transcript"] as const,
  ofIssue: (companyId: string, issueId: string) => [...runKeys.all(companyId), "issue", issueId] as const,
};

/** Adapters whose runs are parsed into transcript steps; the others only have a log. */
export const transcriptAdapters = new Set(["claude_local", "codex_local"]);

export const openRunStatuses = new Set(["queued", "running"]);

export const fetchAgentRuns = (companyId: string, agentId: string) =>
  apiPage<RunDto>(`/api/companies/${companyId}/heartbeat-runs?agentId=${agentId}`, { limit: RUN_PAGE_SIZE });
export const fetchRun = (runId: string) => apiGet<RunDto>(`/api/heartbeat-runs/${runId}`);
export const fetchRunLog = (runId: string) => apiGet<RunLog>(`/api/heartbeat-runs/${runId}/log`);
/**
 * The transcript with the steps that came after the ones already held: steps are only ever appended
 * (seq grows), so a live run's page asks for the new ones only, and keeps the objects of the old ones
 * (their rows do not render again).
 */
export async function fetchNewRunSteps(runId: string, held: RunTranscript | undefined): Promise<RunTranscript> {
  const last = held?.steps.at(-1)?.seq;
  if (last === undefined) return apiGet<RunTranscript>(`/api/heartbeat-runs/${runId}/transcript`);
  const { steps } = await apiGet<RunTranscript>(`/api/heartbeat-runs/${runId}/transcript?after=${last}`);
  return steps.length === 0 ? held! : { steps: [...held!.steps, ...steps] };
}
export const fetchIssueRuns = (companyId: string, issueId: string, cursor?: string | null) =>
  apiPage<RunDto>(`/api/companies/${companyId}/heartbeat-runs?issueId=${issueId}`, { limit: ISSUE_RUN_PAGE_SIZE, cursor });
export const cancelRun = (runId: string) => apiSend<RunDto>("POST", `/api/heartbeat-runs/${runId}/cancel`);
/** Forgets the agent's stored CLI sessions: its next wake on any issue starts a fresh one. */
export const resetAgentSessions = (agentId: string) => apiSend<void>("DELETE", `/api/agents/${agentId}/sessions`);
export const wakeAgent = (agentId: string) => apiSend<WakeDto>("POST", `/api/agents/${agentId}/wakeup`, {});
