import type { Agent, AgentConfigRevision, AgentKey } from "@/lib/generated/prisma/client";
import { createHash } from "node:crypto";
import { redactSecrets } from "@/lib/secrets";

// The rule itself lives in lib/secrets.ts; these names are what the agent forms and services import.
export { REDACTED } from "@/lib/secrets";

/** Copies a config with every secret replaced (lib/secrets.ts: by key, whatever the value): nothing secret leaves the server. */
export const redactConfig = (value: unknown): unknown => redactSecrets(value);

export interface ChainItem {
  id: string;
  name: string;
  role: string;
  title: string;
}

export interface ReadinessDto {
  ok: boolean;
  reason: string | null;
}

export function agentDto(row: Agent, spentMonthlyCents: number, readiness: ReadinessDto, chainOfCommand?: ChainItem[], budgetPause?: "agent" | "company") {
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
    readiness,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(chainOfCommand ? { chainOfCommand } : {}),
    ...(budgetPause ? { budgetPause } : {}),
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

/**
 * A revision's bundle as its list shows it: names, sizes and digests, not the text (a page of revisions
 * would otherwise carry up to 512 KiB each). GET …/instructions gives the text of the current bundle.
 */
function instructionsSummary(value: unknown) {
  const files = (value as { files?: unknown } | null)?.files;
  if (!Array.isArray(files)) return undefined;
  return {
    files: files.map((f: { path?: unknown; content?: unknown }) => {
      const content = typeof f?.content === "string" ? f.content : "";
      return { path: String(f?.path ?? ""), bytes: Buffer.byteLength(content, "utf8"), sha256: createHash("sha256").update(content, "utf8").digest("hex") };
    }),
  };
}

function revisionConfig(config: unknown): Record<string, unknown> {
  const { instructions, ...rest } = (config ?? {}) as Record<string, unknown>;
  const summary = instructionsSummary(instructions);
  return { ...(redactConfig(rest) as Record<string, unknown>), ...(summary ? { instructions: summary } : {}) };
}

export function configRevisionDto(row: AgentConfigRevision) {
  return {
    id: row.id,
    agentId: row.agentId,
    revision: row.revision,
    config: revisionConfig(row.config),
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
  readiness: ReadinessDto;
  reports: OrgNode[];
}
