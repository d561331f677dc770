"use client";

// The side bar's badges: unread inbox items and pending approvals, one cheap request, re-read when the
// company's live events invalidate the inbox keys (components/live) or a decision or read mark does.
import { useQuery } from "@tanstack/react-query";
import { fetchInboxCount, inboxKeys } from "@/lib/queries/inbox";

export function useInboxCount(companyId: string | undefined) {
  return useQuery({
    queryKey: inboxKeys.count(companyId ?? ""),
    queryFn: () => fetchInboxCount(companyId!),
    enabled: !!companyId,
    staleTime: 5_000,
  });
}

/** "99+" past the count's cap (the API counts unread items up to 100). */
export const badgeText = (n: number) => (n > 99 ? "99+" : String(n));
