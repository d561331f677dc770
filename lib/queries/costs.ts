// Cost reports: query keys nested under the company and the range, and their fetchers.
import type { costSummary, costsByAgent, costsByIssue, costsByModel, costsByProject } from "@/lib/services/cost-reports";
import { apiGet } from "@/lib/queries/fetcher";

export type CostSummary = Awaited<ReturnType<typeof costSummary>>;
export type AgentCost = Awaited<ReturnType<typeof costsByAgent>>[number];
export type ProjectCost = Awaited<ReturnType<typeof costsByProject>>[number];
export type ModelCost = Awaited<ReturnType<typeof costsByModel>>[number];
export type IssueCost = Awaited<ReturnType<typeof costsByIssue>>[number];

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
export const fetchCostsByModel = (companyId: string, r: CostRangeParams) => apiGet<ModelCost[]>(`/api/companies/${companyId}/costs/by-model${qs(r)}`);
/** Over all time: the range does not apply. */
export const fetchCostsByIssue = (companyId: string) => apiGet<IssueCost[]>(`/api/companies/${companyId}/costs/by-issue`);
