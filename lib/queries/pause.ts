// The company and instance pause: fetchers of the routes in docs/pause.md.
import type { CompanyDto } from "@/lib/dto/companies";
import { apiSend } from "@/lib/queries/fetcher";

export type PauseMode = "finish" | "cancel";

export interface InstancePauseDto {
  pausedAt: string | null;
  mode: PauseMode | null;
}

export const pauseCompany = (companyId: string, mode: PauseMode) => apiSend<CompanyDto>("POST", `/api/companies/${companyId}/pause`, { mode });
export const resumeCompany = (companyId: string) => apiSend<CompanyDto>("POST", `/api/companies/${companyId}/resume`);
export const pauseInstance = (mode: PauseMode) => apiSend<InstancePauseDto>("POST", "/api/instance/pause", { mode });
export const resumeInstance = () => apiSend<InstancePauseDto>("POST", "/api/instance/resume");
