import type { Agent, AgentConfigRevision, AgentKey } from "@/lib/generated/prisma/client";

export const REDACTED = "***redacted***";
const secretKey = /(secret|token|password|passwd|api[_-]?key|authorization|credential|private[_-]?key)/i;

/** Copies a config with every secret-looking value replaced: nothing secret leaves the server. */
export function redactConfig(value: unknown, keyHint = ""): unknown {
  if (Array.isArray(value)) return value.map((v) => redactConfig(v, keyHint));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    const isEnv = /^env$/i.test(keyHint);
    for (const [k, v] of Object.entries(value)) {
      out[k] = (isEnv || secretKey.test(k)) && typeof v === "string" && v !== "" ? REDACTED : redactConfig(v, k);
    }
    return out;
  }
  return value;
}

export interface ChainItem {
  id: string;
  name: string;
  role: string;
  title: string;
}

export function agentDto(row: Agent, spentMonthlyCents: number, chainOfCommand?: ChainItem[]) {
  const budget = row.budgetMonthlyCents;
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    urlKey: row.urlKey,
    role: row.role,
    title: row.title,
    icon: row.icon,
    capabilities: row.capabilities,
    status: row.status,
    pauseReason: row.pauseReason,
    reportsTo: row.reportsToId,
    adapterType: row.adapterType,
    adapterConfig: redactConfig(row.adapterConfig) as Record<string, unknown>,
    runtimeConfig: redactConfig(row.runtimeConfig) as Record<string, unknown>,
    budgetMonthlyCents: budget,
    spentMonthlyCents,
    budgetWarning: budget > 0 && spentMonthlyCents * 100 >= budget * 80,
    lastHeartbeatAt: row.lastHeartbeatAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(chainOfCommand ? { chainOfCommand } : {}),
  };
}

export type AgentDto = ReturnType<typeof agentDto>;

export function agentKeyDto(row: Pick<AgentKey, "id" | "name" | "createdAt" | "revokedAt">) {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export function configRevisionDto(row: AgentConfigRevision) {
  return {
    id: row.id,
    agentId: row.agentId,
    revision: row.revision,
    config: redactConfig(row.config) as Record<string, unknown>,
    changedKeys: row.changedKeys,
    reason: row.reason,
    rolledBackFromId: row.rolledBackFromId,
    createdByAgentId: row.createdByAgentId,
    createdByUserId: row.createdByUserId,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface OrgNode {
  id: string;
  name: string;
  urlKey: string;
  role: string;
  title: string;
  icon: string | null;
  status: string;
  reports: OrgNode[];
}
