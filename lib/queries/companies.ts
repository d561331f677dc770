// Companies: query keys (every company-owned key nests under ["companies", companyId]) and fetchers.
import type { CompanyDto } from "@/lib/dto/companies";
import { apiGet, apiSend } from "@/lib/queries/fetcher";

export const companyKeys = {
  all: ["companies"] as const,
  list: () => [...companyKeys.all, "list"] as const,
  detail: (companyId: string) => [...companyKeys.all, companyId] as const,
};

export interface NewCompany {
  name: string;
  description?: string;
  issuePrefix?: string;
  budgetMonthlyCents?: number;
  requireBoardApprovalForNewAgents?: boolean;
}

export type CompanyPatch = Partial<
  Pick<CompanyDto, "name" | "description" | "brandColor" | "logoAssetId" | "status" | "budgetMonthlyCents" | "requireBoardApprovalForNewAgents">
>;

export const fetchCompany = (companyId: string) => apiGet<CompanyDto>(`/api/companies/${companyId}`);
export const createCompany = (input: NewCompany) => apiSend<CompanyDto>("POST", "/api/companies", input);
export const updateCompany = (companyId: string, patch: CompanyPatch) =>
  apiSend<CompanyDto>("PATCH", `/api/companies/${companyId}`, patch);

/** Uploads an image as the multipart part `file`; the answer's assetId is then PATCHed as logoAssetId. */
export function uploadLogo(companyId: string, file: File) {
  const form = new FormData();
  form.append("file", file);
  return apiSend<{ assetId: string }>("POST", `/api/companies/${companyId}/logo`, form);
}

/** POST /api/demo-companies: a company whose scripted agents start on their first task at once. */
export const createDemoCompany = () => apiSend<{ company: CompanyDto; boardPath: string }>("POST", "/api/demo-companies", {});
