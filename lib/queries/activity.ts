// The company's activity log, read newest first in cursor pages.
import type { ActivityDto } from "@/lib/dto/activity";
import { apiPage } from "@/lib/queries/fetcher";

export const ACTIVITY_PAGE_SIZE = 50;

export const activityKeys = {
  all: (companyId: string) => ["companies", companyId, "activity"] as const,
};

export const fetchActivityPage = (companyId: string, cursor: string | null) =>
  apiPage<ActivityDto>(`/api/companies/${companyId}/activity`, { limit: ACTIVITY_PAGE_SIZE, cursor });
