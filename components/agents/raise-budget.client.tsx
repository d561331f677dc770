"use client";

// Resume refused because the month's spend is at the budget (422 budget_exceeded): say why, and
// raise the agent's budget right here (raising it lifts a budget pause by itself), or point to the
// company's settings when it is the company's budget that is spent.
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { changeAgentStatus, updateAgent, type AgentWithChain } from "@/lib/queries/agents";
import { ApiError } from "@/lib/queries/fetcher";
import { centsToDollarsInput, dollarsToCents } from "@/lib/format";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/input";
import { DollarInput } from "@/components/forms/dollar-input";
import { ApiErrorAlert, fieldErrors } from "@/components/forms/api-error";

export const isBudgetRefusal = (error: unknown): error is ApiError => error instanceof ApiError && error.code === "budget_exceeded";

export function RaiseBudget({ agent, error, prefix, onDone }: { agent: AgentWithChain; error: ApiError; prefix?: string; onDone: (agent: AgentWithChain) => void }) {
  const companyBudget = error.details.some((d) => d.path === "company.budgetMonthlyCents");
  const suggested = Math.max(agent.budgetMonthlyCents * 2, agent.spentMonthlyCents + 1000);
  const [amount, setAmount] = useState(centsToDollarsInput(suggested));
  const [invalid, setInvalid] = useState<string | null>(null);
  const raise = useMutation({
    mutationFn: async (cents: number) => {
      const updated = await updateAgent(agent.id, { budgetMonthlyCents: cents });
      // a budget pause lifts by itself once under budget; a board pause still needs the resume
      return updated.status === "paused" || updated.status === "error" ? changeAgentStatus(agent.id, "resume") : updated;
    },
    onSuccess: onDone,
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const cents = dollarsToCents(amount);
    if (cents === null) return setInvalid("Enter an amount in dollars, such as 50 or 12.50");
    if (cents !== 0 && cents <= agent.spentMonthlyCents) return setInvalid(`More than this month's spend (${centsToDollarsInput(agent.spentMonthlyCents)}), or 0 for no limit`);
    setInvalid(null);
    raise.mutate(cents);
  }

  return (
    <Alert tone="warning" title="Still over budget" className="w-full max-w-md text-left">
      <p>{error.message}</p>
      {companyBudget ? (
        prefix && <Link href={`/${prefix}/settings`} className="mt-2 inline-block font-medium underline">Raise the company&apos;s budget in Settings</Link>
      ) : (
        <form onSubmit={onSubmit} className="mt-3 flex flex-wrap items-end gap-2" aria-label="Raise budget">
          <Field label="New monthly budget" htmlFor="raise-budget" errors={invalid ? [invalid] : fieldErrors(raise.error, "budgetMonthlyCents")} className="min-w-0 flex-1">
            <DollarInput id="raise-budget" value={amount} onChange={(e) => setAmount(e.target.value)} />
          </Field>
          <Button type="submit" variant="primary" pending={raise.isPending}>Raise and resume</Button>
        </form>
      )}
      <ApiErrorAlert error={raise.error} fields={["budgetMonthlyCents"]} className="mt-2" />
    </Alert>
  );
}
