// Heartbeat runs: query keys nested under the company, and the fetchers for /api/**/heartbeat-runs.
import type { RunDto } from "@/lib/dto/heartbeat-runs";
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

export const RUN_PAGE_SIZE = 20;

export const runKeys = {
  all: (companyId: string) => ["companies", companyId, "runs"] as const,
  ofAgent: (companyId: string, agentId: string) => [...runKeys.all(companyId), "agent", agentId] as const,
  detail: (companyId: string, runId: string) => [...runKeys.all(companyId), "detail", runId] as const,
  log: (companyId: string, runId: string) => [...runKeys.detail(companyId, runId), "log"] as const,
};

export const openRunStatuses = new Set(["queued", "running"]);

export const fetchAgentRuns = (companyId: string, agentId: string) =>
  apiPage<RunDto>(`/api/companies/${companyId}/heartbeat-runs?agentId=${agentId}`, { limit: RUN_PAGE_SIZE });
export const fetchRun = (runId: string) => apiGet<RunDto>(`/api/heartbeat-runs/${runId}`);
export const fetchRunLog = (runId: string) => apiGet<RunLog>(`/api/heartbeat-runs/${runId}/log`);
export const cancelRun = (runId: string) => apiSend<RunDto>("POST", `/api/heartbeat-runs/${runId}/cancel`);
export const wakeAgent = (agentId: string) => apiSend<WakeDto>("POST", `/api/agents/${agentId}/wakeup`, {});
