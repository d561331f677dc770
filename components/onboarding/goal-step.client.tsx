"use client";

import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createGoal, goalKeys, type GoalDto } from "@/lib/queries/goals";
import { createIssue, issueKeys } from "@/lib/queries/issues";
import { Button } from "@/components/ui/button";
import { Field, Input, Textarea } from "@/components/ui/input";
import { ApiErrorAlert, fieldErrors } from "@/components/forms/api-error";
import { StepActions, StepCard } from "@/components/onboarding/step-card";
import { stepHref } from "@/components/onboarding/steps";

interface Draft {
  goalTitle: string;
  goalDescription: string;
  issueTitle: string;
  issueDescription: string;
}

const fields = ["title", "description"];

/**
 * Step 3: the company goal, then a first issue under it. The issue is created unassigned: assigning
 * an issue wakes its agent, and the guide lets the CEO run only when the user presses Run now.
 * The goal is created once; if the issue then fails, a retry creates only the issue.
 */
export function GoalStep({ companyId, prefix, ceoName }: { companyId: string; prefix: string; ceoName: string | null }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [goal, setGoal] = useState<GoalDto | null>(null);
  const goalMutation = useMutation({ mutationFn: (d: Draft) => createGoal(companyId, { title: d.goalTitle, ...(d.goalDescription ? { description: d.goalDescription } : {}), level: "company" }) });
  const issueMutation = useMutation({
    mutationFn: ({ d, goalId }: { d: Draft; goalId: string }) =>
      createIssue(companyId, { title: d.issueTitle, ...(d.issueDescription ? { description: d.issueDescription } : {}), goalId }),
  });

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const text = (k: string) => String(form.get(k) ?? "").trim();
    const d: Draft = { goalTitle: text("goalTitle"), goalDescription: text("goalDescription"), issueTitle: text("issueTitle"), issueDescription: text("issueDescription") };
    issueMutation.reset();
    let saved = goal;
    try {
      if (!saved) {
        saved = await goalMutation.mutateAsync(d);
        setGoal(saved);
      }
      const issue = await issueMutation.mutateAsync({ d, goalId: saved.id });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: goalKeys.all(companyId) }),
        queryClient.invalidateQueries({ queryKey: issueKeys.all(companyId) }),
      ]);
      router.push(stepHref(prefix, "run", { issue: issue.identifier }));
    } catch {
      // shown beside the fields from the mutation's error
    }
  }

  const goalErr = goalMutation.error;
  const issueErr = issueMutation.error;
  const pending = goalMutation.isPending || issueMutation.isPending;
  return (
    <StepCard
      title="Give the company a goal and a first issue"
      description={<>The goal is what every task traces back to. The first issue is the CEO&rsquo;s first assignment; it is handed to {ceoName ?? "the CEO"} when you press Run now in the next step.</>}
    >
      <form onSubmit={onSubmit} className="space-y-5" aria-label="Goal and first issue">
        <fieldset className="space-y-4">
          <legend className="mb-2 text-sm font-semibold text-slate-800">Company goal</legend>
          <ApiErrorAlert error={goalErr} fields={fields} />
          <Field label="Goal" htmlFor="onb-goal-title" errors={fieldErrors(goalErr, "title")}>
            <Input id="onb-goal-title" name="goalTitle" required maxLength={200} autoFocus disabled={!!goal} placeholder="Ship the first home robot by June" aria-invalid={fieldErrors(goalErr, "title").length > 0 || undefined} />
          </Field>
          <Field label="Why it matters" htmlFor="onb-goal-description" optional errors={fieldErrors(goalErr, "description")}>
            <Textarea id="onb-goal-description" name="goalDescription" rows={2} disabled={!!goal} placeholder="What success looks like, for the CEO to plan against" />
          </Field>
          {goal && <p className="text-xs text-emerald-700" role="status">Goal saved.</p>}
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="mb-2 text-sm font-semibold text-slate-800">First issue for the CEO</legend>
          <ApiErrorAlert error={issueErr} fields={fields} />
          <Field label="Title" htmlFor="onb-issue-title" errors={fieldErrors(issueErr, "title")}>
            <Input id="onb-issue-title" name="issueTitle" required maxLength={500} placeholder="Propose a strategy and the first hires" aria-invalid={fieldErrors(issueErr, "title").length > 0 || undefined} />
          </Field>
          <Field label="Description" htmlFor="onb-issue-description" optional errors={fieldErrors(issueErr, "description")}>
            <Textarea id="onb-issue-description" name="issueDescription" rows={4} placeholder="Markdown. What you expect back, any constraints." />
          </Field>
        </fieldset>
        <StepActions skipHref={stepHref(prefix, "run")}>
          <Button type="submit" variant="primary" pending={pending}>Save and continue</Button>
        </StepActions>
      </form>
    </StepCard>
  );
}
