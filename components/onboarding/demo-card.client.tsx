"use client";

import { useRouter } from "next/navigation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { companyKeys, createDemoCompany } from "@/lib/queries/companies";
import { Button } from "@/components/ui/button";
import { ApiErrorAlert } from "@/components/forms/api-error";
import { StepCard } from "@/components/onboarding/step-card";

/** The way in that needs nothing installed: POST /api/demo-companies, then the first task, to watch it move. */
export function DemoCompanyCard() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: createDemoCompany,
    onSuccess: async (demo) => {
      await queryClient.invalidateQueries({ queryKey: companyKeys.all });
      router.push(demo.boardPath);
    },
  });
  return (
    <StepCard
      title="Or see it work first: a demo company"
      description={
        <>
          A CEO and an engineer that run a small script shipped with Charter, no Claude Code or Codex needed. Within a minute you watch
          them check out the first task, comment, delegate a sub-issue, report their cost and finish. Same as <code className="font-mono text-xs">npx charter demo</code>.
        </>
      }
    >
      <ApiErrorAlert error={mutation.error} />
      <div className="flex justify-end">
        <Button type="button" onClick={() => mutation.mutate()} pending={mutation.isPending} data-testid="start-demo">
          Start with a demo company
        </Button>
      </div>
    </StepCard>
  );
}
