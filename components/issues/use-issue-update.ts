"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { issueKeys, updateIssue, type IssueDetail, type IssueDto, type IssuePatch } from "@/lib/queries/issues";
import { activityKeys } from "@/lib/queries/activity";

/**
 * A write to one issue (PATCH, checkout, release). The answer (the issue without its resolved
 * project, goal and ancestors) is merged into the detail at once; the detail is then re-read for
 * those, and lists that show the issue are marked out of date. A refused write re-reads the detail
 * too, so the page shows what the API judged (another owner, another status).
 */
export function useIssueMutation<V>(companyId: string, issueId: string, write: (vars: V) => Promise<IssueDto>) {
  const queryClient = useQueryClient();
  const detailKey = issueKeys.detail(companyId, issueId);
  return useMutation({
    mutationFn: write,
    onSuccess: async (updated) => {
      queryClient.setQueryData<IssueDetail>(detailKey, (old) => (old ? { ...old, ...updated } : old));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: detailKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: issueKeys.all(companyId), refetchType: "none" }),
        queryClient.invalidateQueries({ queryKey: activityKeys.all(companyId), refetchType: "none" }),
      ]);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: detailKey, exact: true }),
  });
}

/** PATCH one issue. */
export function useIssueUpdate(companyId: string, issueId: string) {
  return useIssueMutation(companyId, issueId, (patch: IssuePatch) => updateIssue(issueId, patch));
}
