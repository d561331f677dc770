"use client";

import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog.client";
import { Checkbox, Field, Input, Textarea } from "@/components/ui/input";
import { ApiErrorAlert, fieldErrors } from "@/components/forms/api-error";
import { companyKeys, createCompany, type NewCompany } from "@/lib/queries/companies";
import { newCompanyFromForm } from "@/components/companies/company-form";
import { DollarInput } from "@/components/forms/dollar-input";
import { PlusGlyph } from "@/components/ui/glyphs";

/** "New company" for instance admins: a dialog that POSTs /api/companies, then opens the company. */
export function NewCompanyButton({ label = "New company" }: { label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="primary" onClick={() => setOpen(true)}>
        <PlusGlyph />
        {label}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="New company" description="You become its owner. The issue prefix cannot be changed later.">
        <NewCompanyForm onCancel={() => setOpen(false)} />
      </Dialog>
    </>
  );
}

function NewCompanyForm({ onCancel }: { onCancel: () => void }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [budgetError, setBudgetError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (input: NewCompany) => createCompany(input),
    onSuccess: async (company) => {
      await queryClient.invalidateQueries({ queryKey: companyKeys.all });
      router.push(`/${company.issuePrefix}/agents`);
    },
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const { input, budgetError } = newCompanyFromForm(form);
    setBudgetError(budgetError);
    if (input) mutation.mutate({ ...input, requireBoardApprovalForNewAgents: form.get("requireApproval") === "on" });
  }

  const err = mutation.error;
  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <ApiErrorAlert error={err} fields={["name", "description", "issuePrefix", "budgetMonthlyCents"]} />
      <Field label="Name" htmlFor="company-name" errors={fieldErrors(err, "name")}>
        <Input id="company-name" name="name" required maxLength={120} autoFocus placeholder="Acme Robotics" />
      </Field>
      <Field label="Description" htmlFor="company-description" optional errors={fieldErrors(err, "description")}>
        <Textarea id="company-description" name="description" rows={3} maxLength={10000} placeholder="What the company is for" />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Issue prefix" htmlFor="company-prefix" optional hint="2–5 letters, e.g. ACME. Derived from the name if empty." errors={fieldErrors(err, "issuePrefix")}>
          <Input
            id="company-prefix" name="issuePrefix" maxLength={5} pattern="[A-Za-z]{2,5}" title="2 to 5 letters"
            className="font-mono uppercase" placeholder="ACME" autoComplete="off"
          />
        </Field>
        <Field label="Monthly budget" htmlFor="company-budget" hint="In dollars; 0 means no limit." errors={budgetError ? [budgetError] : fieldErrors(err, "budgetMonthlyCents")}>
          <DollarInput id="company-budget" name="budget" defaultValue="0" />
        </Field>
      </div>
      <Checkbox
        name="requireApproval"
        defaultChecked
        label="Require board approval for new agents"
        hint="Hires requested by agents wait for a board member to approve them."
      />
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" pending={mutation.isPending}>Create company</Button>
      </DialogActions>
    </form>
  );
}
