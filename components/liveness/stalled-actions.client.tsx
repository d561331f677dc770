"use client";

// The two remedies of a "Not moving" row that need a choice, opened in the row itself: whom to give
// the issue to, and the agent's new monthly budget. Each sends one request to the same /api the agents
// use; the row shows its error in place.
import { useState, type FormEvent, type ReactNode } from "react";
import { apiSend } from "@/lib/queries/fetcher";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/input";
import { DollarInput } from "@/components/forms/dollar-input";
import { centsToDollarsInput, dollarsToCents, formatBudget, formatCents } from "@/lib/format";

/** An agent of the company as the row's forms need it. */
export interface StalledAgent { id: string; name: string; status: string; budgetMonthlyCents: number; spentMonthlyCents: number }

type Send = (name: string, send: () => Promise<unknown>) => Promise<boolean>;

// a paused, terminated or unapproved agent cannot take the work over
export const canTakeWork = (a: StalledAgent) => !["terminated", "pending_approval", "paused"].includes(a.status);

/** A picker of the agents who can take work (not the current assignee) and a button that assigns. */
export function ReassignForm({ issueId, identifier, assigneeAgentId, agents, pending, act, onClose }: {
  issueId: string; identifier: string; assigneeAgentId: string | null; agents: StalledAgent[]; pending: boolean; act: Send; onClose: () => void;
}) {
  const candidates = agents.filter((a) => canTakeWork(a) && a.id !== assigneeAgentId);
  const [to, setTo] = useState("");
  const id = `reassign-${issueId}`;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (to && (await act("reassign", () => apiSend("PATCH", `/api/issues/${issueId}`, { assigneeAgentId: to })))) onClose();
  };
  if (candidates.length === 0) {
    return <InlinePanel onClose={onClose}><p className="text-sm text-slate-600">No other agent can take work: hire one or resume a paused one.</p></InlinePanel>;
  }
  return (
    <InlinePanel onClose={onClose}>
      <form onSubmit={submit} className="flex flex-wrap items-center gap-2" aria-label={`Reassign ${identifier}`}>
        <label htmlFor={id} className="text-sm font-medium text-slate-800">Assign to</label>
        <div className="w-56 max-w-full">
          <Select id={id} value={to} onChange={(e) => setTo(e.target.value)} autoFocus>
            <option value="">Choose an agent</option>
            {candidates.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
          </Select>
        </div>
        <Button type="submit" size="sm" variant="primary" pending={pending} disabled={!to}>Assign</Button>
      </form>
    </InlinePanel>
  );
}

/**
 * The agent's monthly budget and a new value. Raising it over the month's spend lets the API resume an
 * agent its budget paused, by itself (settleBudgets): no second request.
 */
export function BudgetForm({ agent, pending, act, onClose }: { agent: StalledAgent; pending: boolean; act: Send; onClose: () => void }) {
  const [value, setValue] = useState(centsToDollarsInput(agent.budgetMonthlyCents));
  const [invalid, setInvalid] = useState<string | null>(null);
  const id = `budget-${agent.id}`;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const cents = dollarsToCents(value);
    if (cents === null) return setInvalid("Enter an amount in dollars, such as 50 or 12.50");
    if (cents !== 0 && cents <= agent.spentMonthlyCents) return setInvalid(`Above the ${formatCents(agent.spentMonthlyCents)} already spent this month, or 0 for no limit`);
    setInvalid(null);
    const ok = await act("budget", async () => {
      const after = await apiSend<{ status: string; pauseReason: string | null }>("PATCH", `/api/agents/${agent.id}`, { budgetMonthlyCents: cents });
      if (after.status === "paused" && after.pauseReason === "budget") throw new Error(`${agent.name}'s budget is saved, but it stays paused: the company's budget is spent too`);
    });
    if (ok) onClose();
  };
  return (
    <InlinePanel onClose={onClose}>
      <form onSubmit={submit} className="flex flex-wrap items-center gap-2" aria-label={`Raise ${agent.name}'s budget`} noValidate>
        <p className="w-full text-sm text-slate-600">
          {agent.name} has spent {formatCents(agent.spentMonthlyCents)} of {formatBudget(agent.budgetMonthlyCents)} this month.
        </p>
        <label htmlFor={id} className="text-sm font-medium text-slate-800">New monthly budget</label>
        <div className="w-32">
          <DollarInput id={id} value={value} onChange={(e) => setValue(e.target.value)} autoFocus
            aria-invalid={invalid ? true : undefined} aria-describedby={invalid ? `${id}-error` : undefined} />
        </div>
        <Button type="submit" size="sm" variant="primary" pending={pending}>Save budget</Button>
        {invalid && <p id={`${id}-error`} role="alert" className="w-full text-sm text-red-700">{invalid}</p>}
      </form>
    </InlinePanel>
  );
}

function InlinePanel({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  return (
    <div className="flex items-start gap-2 rounded-md bg-slate-50 p-2" onKeyDown={(e) => { if (e.key === "Escape") onClose(); }}>
      <div className="min-w-0 flex-1">{children}</div>
      <Button size="sm" variant="ghost" onClick={onClose}>Cancel</Button>
    </div>
  );
}
