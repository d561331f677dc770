// The company's activity log, read newest first in cursor pages.
import type { ActivityEntryDto } from "@/lib/dto/activity-entry";
import { apiPage } from "@/lib/queries/fetcher";

export const ACTIVITY_PAGE_SIZE = 50;
/** The issue page's activity section reads this many rows at a time. */
export const ISSUE_ACTIVITY_PAGE_SIZE = 20;

export interface ActivityFilter {
  actorType?: "user" | "agent" | "system";
  entityType?: string;
}

export const activityKeys = {
  all: (companyId: string) => ["companies", companyId, "activity"] as const,
  filtered: (companyId: string, f: ActivityFilter) => [...activityKeys.all(companyId), f.actorType ?? "", f.entityType ?? ""] as const,
};

const filterQuery = (f: ActivityFilter) => {
  const q = new URLSearchParams();
  if (f.actorType) q.set("actorType", f.actorType);
  if (f.entityType) q.set("entityType", f.entityType);
  const s = q.toString();
  return s ? `?${s}` : "";
};

export const fetchActivityPage = (companyId: string, cursor: string | null, filter: ActivityFilter = {}) =>
  apiPage<ActivityEntryDto>(`/api/companies/${companyId}/activity${filterQuery(filter)}`, { limit: ACTIVITY_PAGE_SIZE, cursor });
