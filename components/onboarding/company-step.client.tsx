"use client";

import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { companyKeys, createCompany, type NewCompany } from "@/lib/queries/companies";
import { newCompanyFromForm } from "@/components/companies/company-form";
import { Button } from "@/components/ui/button";
import { Field, Input, Textarea } from "@/components/ui/input";
import { ApiErrorAlert, fieldErrors } from "@/components/forms/api-error";
import { DollarInput } from "@/components/forms/dollar-input";
import { StepActions, StepCard } from "@/components/onboarding/step-card";
import { stepHref } from "@/components/onboarding/steps";

const fields = ["name", "description", "issuePrefix", "budgetMonthlyCents"];

/** Step 1: POST /api/companies. The fields are uncontrolled and never reset, so an error loses nothing typed. */
export function CompanyStep() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [budgetError, setBudgetError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (input: NewCompany) => createCompany(input),
    onSuccess: async (company) => {
      await queryClient.invalidateQueries({ queryKey: companyKeys.all });
      router.push(stepHref(company.issuePrefix, "ceo"));
    },
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const { input, budgetError } = newCompanyFromForm(new FormData(e.currentTarget));
    setBudgetError(budgetError);
    if (input) mutation.mutate(input);
  }

  const err = mutation.error;
  return (
    <StepCard
      title="Create the company"
      description="A company holds your agents in a reporting line, with a monthly budget and a board (you) that approves what matters."
    >
      <form onSubmit={onSubmit} className="space-y-4" aria-label="Company">
        <ApiErrorAlert error={err} fields={fields} />
        <Field label="Name" htmlFor="onb-company-name" errors={fieldErrors(err, "name")}>
          <Input id="onb-company-name" name="name" required maxLength={120} autoFocus placeholder="Acme Robotics" aria-invalid={fieldErrors(err, "name").length > 0 || undefined} />
        </Field>
        <Field label="What it is for" htmlFor="onb-company-description" optional errors={fieldErrors(err, "description")}>
          <Textarea id="onb-company-description" name="description" rows={2} maxLength={10000} placeholder="Builds helpful robots, run by agents." />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Issue prefix" htmlFor="onb-company-prefix" optional errors={fieldErrors(err, "issuePrefix")}
            hint="2–5 letters that start every issue's identifier (ACME-12). Cannot be changed later; derived from the name if empty."
          >
            <Input
              id="onb-company-prefix" name="issuePrefix" maxLength={5} className="font-mono uppercase" placeholder="ACME" autoComplete="off"
              aria-invalid={fieldErrors(err, "issuePrefix").length > 0 || undefined}
            />
          </Field>
          <Field
            label="Monthly budget" htmlFor="onb-company-budget" hint="In dollars, for all agents together; 0 means no limit."
            errors={budgetError ? [budgetError] : fieldErrors(err, "budgetMonthlyCents")}
          >
            <DollarInput id="onb-company-budget" name="budget" defaultValue="0" aria-invalid={!!budgetError || undefined} />
          </Field>
        </div>
        <StepActions skipHref="/companies" skipLabel="Skip setup">
          <Button type="submit" variant="primary" pending={mutation.isPending}>Create company and continue</Button>
        </StepActions>
      </form>
    </StepCard>
  );
}
