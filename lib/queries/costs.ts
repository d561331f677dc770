// Cost reports: query keys nested under the company and the range, and their fetchers.
import type { costSummary, costsByAgent, costsByProject } from "@/lib/services/cost-reports";
import { apiGet } from "@/lib/queries/fetcher";

export type CostSummary = Awaited<ReturnType<typeof costSummary>>;
export type AgentCost = Awaited<ReturnType<typeof costsByAgent>>[number];
export type ProjectCost = Awaited<ReturnType<typeof costsByProject>>[number];

export interface CostRangeParams {
  from: string;
  to: string;
}

const qs = (r: CostRangeParams) => `?from=${encodeURIComponent(r.from)}&to=${encodeURIComponent(r.to)}`;

export const costKeys = {
  all: (companyId: string) => ["companies", companyId, "costs"] as const,
  report: (companyId: string, kind: string, r: CostRangeParams) => [...costKeys.all(companyId), kind, r.from, r.to] as const,
};

export const fetchCostSummary = (companyId: string, r: CostRangeParams) => apiGet<CostSummary>(`/api/companies/${companyId}/costs/summary${qs(r)}`);
export const fetchCostsByAgent = (companyId: string, r: CostRangeParams) => apiGet<AgentCost[]>(`/api/companies/${companyId}/costs/by-agent${qs(r)}`);
export const fetchCostsByProject = (companyId: string, r: CostRangeParams) => apiGet<ProjectCost[]>(`/api/companies/${companyId}/costs/by-project${qs(r)}`);
