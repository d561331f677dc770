"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { issueKeys, updateIssue, type IssueDetail, type IssuePatch } from "@/lib/queries/issues";
import { activityKeys } from "@/lib/queries/activity";

/**
 * PATCH one issue. The answer (the issue without its resolved project, goal and ancestors) is
 * merged into the detail at once; the detail is then re-read for those, and lists that show the
 * issue are marked out of date.
 */
export function useIssueUpdate(companyId: string, issueId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: IssuePatch) => updateIssue(issueId, patch),
    onSuccess: async (updated) => {
      queryClient.setQueryData<IssueDetail>(issueKeys.detail(companyId, issueId), (old) => (old ? { ...old, ...updated } : old));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: issueKeys.detail(companyId, issueId), exact: true }),
        queryClient.invalidateQueries({ queryKey: issueKeys.all(companyId), refetchType: "none" }),
        queryClient.invalidateQueries({ queryKey: activityKeys.all(companyId), refetchType: "none" }),
      ]);
    },
  });
}
