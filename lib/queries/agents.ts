// Agents: query keys nested under their company, and the fetchers for /api/agents/**.
import type { AgentDto, ChainItem, agentKeyDto, configRevisionDto } from "@/lib/dto/agents";
import { apiAll, apiGet, apiPage, apiSend } from "@/lib/queries/fetcher";

export type AgentWithChain = AgentDto & { chainOfCommand: ChainItem[] };

export type AgentKey = ReturnType<typeof agentKeyDto>;
export type CreatedAgentKey = AgentKey & { token: string };
export type ConfigRevision = ReturnType<typeof configRevisionDto>;

export const agentKeys = {
  all: (companyId: string) => ["companies", companyId, "agents"] as const,
  list: (companyId: string) => [...agentKeys.all(companyId), "list"] as const,
  detail: (companyId: string, agentId: string) => [...agentKeys.all(companyId), "detail", agentId] as const,
  apiKeys: (companyId: string, agentId: string) => [...agentKeys.detail(companyId, agentId), "keys"] as const,
  revisions: (companyId: string, agentId: string) => [...agentKeys.detail(companyId, agentId), "config-revisions"] as const,
  instructions: (companyId: string, agentId: string) => [...agentKeys.detail(companyId, agentId), "instructions"] as const,
};

export interface NewAgent {
  name: string;
  role: string;
  title?: string;
  icon?: string | null;
  reportsTo?: string | null;
  adapterType: string;
  budgetMonthlyCents?: number;
  capabilities?: string;
  adapterConfig?: Record<string, unknown>;
  runtimeConfig?: Record<string, unknown>;
}

export type AgentPatch = Partial<{
  name: string;
  title: string;
  icon: string | null;
  capabilities: string;
  reportsTo: string | null;
  budgetMonthlyCents: number;
}>;

export const fetchAgents = (companyId: string) => apiAll<AgentDto>(`/api/companies/${companyId}/agents`);
/** One page of the company's agents matching `q` (name, title, urlKey): for pickers, never the whole company. */
export const fetchAgentPage = (companyId: string, q: string, cursor: string | null, limit = 20) =>
  apiPage<AgentDto>(`/api/companies/${companyId}/agents${q ? `?q=${encodeURIComponent(q)}` : ""}`, { limit, cursor });
export const fetchAgent = (agentId: string) => apiGet<AgentWithChain>(`/api/agents/${agentId}`);
export const createAgent = (companyId: string, input: NewAgent) =>
  apiSend<AgentWithChain>("POST", `/api/companies/${companyId}/agents`, input);
export const updateAgent = (agentId: string, patch: AgentPatch) => apiSend<AgentWithChain>("PATCH", `/api/agents/${agentId}`, patch);

export type LifecycleAction = "pause" | "resume" | "terminate";
export const changeAgentStatus = (agentId: string, action: LifecycleAction) =>
  apiSend<AgentWithChain>("POST", `/api/agents/${agentId}/${action}`);

export const fetchAgentKeys = (agentId: string) => apiAll<AgentKey>(`/api/agents/${agentId}/keys`);
export const createAgentKey = (agentId: string, name: string) => apiSend<CreatedAgentKey>("POST", `/api/agents/${agentId}/keys`, { name });
export const revokeAgentKey = (agentId: string, keyId: string) => apiSend<AgentKey>("DELETE", `/api/agents/${agentId}/keys/${keyId}`);

export const fetchConfigRevisions = (agentId: string) => apiAll<ConfigRevision>(`/api/agents/${agentId}/config-revisions`);
export const rollbackConfig = (agentId: string, revisionId: string) =>
  apiSend<AgentWithChain>("POST", `/api/agents/${agentId}/config-revisions/${revisionId}/rollback`);

export interface InstructionsFile {
  path: string;
  content: string;
}
export interface InstructionsBundle {
  files: InstructionsFile[];
  updatedAt: string | null;
}
export const fetchInstructions = (agentId: string) => apiGet<InstructionsBundle>(`/api/agents/${agentId}/instructions`);
export const saveInstructions = (agentId: string, files: InstructionsFile[]) =>
  apiSend<InstructionsBundle>("PUT", `/api/agents/${agentId}/instructions`, { files });

export interface EnvironmentCheck {
  name: string;
  ok: boolean;
  message: string;
}
export const testAgentEnvironment = (agentId: string) =>
  apiSend<{ ok: boolean; checks: EnvironmentCheck[] }>("POST", `/api/agents/${agentId}/test-environment`);
export const updateAgentConfig = (agentId: string, patch: Record<string, unknown>) => apiSend<AgentWithChain>("PATCH", `/api/agents/${agentId}`, patch);
