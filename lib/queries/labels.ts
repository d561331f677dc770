// Labels: query keys nested under the company, and the fetchers for /api/**/labels.
import type { LabelDto } from "@/lib/dto/labels";
import { apiAll, apiSend } from "@/lib/queries/fetcher";

export type { LabelDto };

export const labelKeys = {
  all: (companyId: string) => ["companies", companyId, "labels"] as const,
  list: (companyId: string) => [...labelKeys.all(companyId), "list"] as const,
};

export interface LabelInput {
  name: string;
  color: string;
}

export const fetchLabels = (companyId: string) => apiAll<LabelDto>(`/api/companies/${companyId}/labels`);
export const createLabel = (companyId: string, input: LabelInput) => apiSend<LabelDto>("POST", `/api/companies/${companyId}/labels`, input);
export const updateLabel = (labelId: string, patch: Partial<LabelInput>) => apiSend<LabelDto>("PATCH", `/api/labels/${labelId}`, patch);
export const deleteLabel = (labelId: string) => apiSend<void>("DELETE", `/api/labels/${labelId}`);
