"use client";

import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { updateIssue } from "@/lib/queries/issues";
import { type WakeDto } from "@/lib/queries/runs";
import { apiPage, apiSend } from "@/lib/queries/fetcher";
import { Button, buttonClasses } from "@/components/ui/button";
import { ApiErrorAlert } from "@/components/forms/api-error";
import { StepActions, StepCard } from "@/components/onboarding/step-card";
import { stepHref } from "@/components/onboarding/steps";
import type { CeoSummary } from "@/components/onboarding/ceo-step.client";

interface IssueSummary {
  id: string;
  identifier: string;
  title: string;
  assigneeAgentId: string | null;
}

const POLL_MS = 500;
const GIVE_UP_MS = 90_000;

async function recentWakes(agentId: string): Promise<WakeDto[]> {
  return (await apiPage<WakeDto>(`/api/agents/${agentId}/wakeups`, { limit: 50 })).items;
}

/**
 * The wake that Run now made. Assigning the issue is itself the wake (reason `assignment`), so a
 * wake is requested explicitly only when there is no unassigned issue to hand over: one press, one run.
 */
async function requestFirstWake(ceo: CeoSummary, issue: IssueSummary | null): Promise<WakeDto> {
  if (issue && issue.assigneeAgentId !== ceo.id) {
    await updateIssue(issue.id, { assigneeAgentId: ceo.id, status: "todo" });
    // newest first: the wake this assignment just recorded
    const wake = (await recentWakes(ceo.id)).find((w) => w.issueId === issue.id && w.reason === "assignment");
    if (wake) return wake;
  }
  return apiSend<WakeDto>("POST", `/api/agents/${ceo.id}/wakeup`, issue ? { issueId: issue.id, note: "first run" } : { note: "first run" });
}

/** Waits until a worker claims the wake (a coalesced wake gets the run of the one it joined). */
async function runOf(agentId: string, wakeId: string, onWaiting: (ms: number) => void): Promise<string> {
  const started = Date.now();
  for (;;) {
    const wake = (await recentWakes(agentId)).find((w) => w.id === wakeId);
    if (wake?.runId) return wake.runId;
    if (wake?.status === "skipped") throw new Error(`The wake was skipped: ${wake.skipReason ?? "no reason given"}`);
    const waited = Date.now() - started;
    if (waited > GIVE_UP_MS) throw new Error("The wake is queued, but no run has started yet: it starts when a worker is free. Its run will appear on the CEO's page.");
    onWaiting(waited);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** Step 4: hand the first issue to the CEO and wake it, then open the live run. */
export function RunStep({ prefix, ceo, issue }: { prefix: string; ceo: CeoSummary | null; issue: IssueSummary | null }) {
  const router = useRouter();
  const [waited, setWaited] = useState(0);
  const mutation = useMutation({
    mutationFn: async (agent: CeoSummary) => {
      const wake = await requestFirstWake(agent, issue);
      return runOf(agent.id, wake.id, setWaited);
    },
    onSuccess: (runId) => router.push(`/${prefix}/runs/${runId}`),
  });

  if (!ceo) {
    return (
      <StepCard title="No CEO to run yet" description="The first run is the CEO's. Create one, or leave the guide and hire agents later from the Agents page.">
        <StepActions skipHref={`/${prefix}/dashboard`} skipLabel="Finish, go to the dashboard">
          <Link href={stepHref(prefix, "ceo")} className={buttonClasses("primary")}>Create the CEO</Link>
        </StepActions>
      </StepCard>
    );
  }

  const handsOver = issue && issue.assigneeAgentId !== ceo.id;
  return (
    <StepCard title={`Run ${ceo.name} now`} description="Charter wakes the CEO, and you watch its run live: its log, and what it does through the API.">
      <ul className="space-y-2 text-sm text-slate-700">
        {issue ? (
          <li data-testid="first-issue">
            <span className="font-mono text-xs text-slate-500">{issue.identifier}</span>{" "}
            <Link href={`/${prefix}/issues/${issue.identifier}`} className="font-medium text-slate-900 hover:underline">{issue.title}</Link>
            <span className="block text-slate-500">{handsOver ? `Run now assigns it to ${ceo.name}; the assignment wakes the CEO.` : `Assigned to ${ceo.name}; Run now wakes the CEO with it.`}</span>
          </li>
        ) : (
          <li>No first issue: {ceo.name} wakes with nothing assigned, reads the company and its goal, and proposes a strategy.</li>
        )}
        <li className="text-slate-500">
          Expect the strategy first: the run&rsquo;s checkout of the issue is refused until you approve the CEO&rsquo;s strategy under{" "}
          <Link href={`/${prefix}/approvals`} className="font-medium text-indigo-700 hover:underline">Approvals</Link>.
        </li>
      </ul>
      <ApiErrorAlert error={mutation.error} />
      {mutation.isPending && (
        <p role="status" className="text-sm text-slate-600" data-testid="run-waiting">
          {waited < 3000 ? `Waking ${ceo.name}…` : `Waiting for a worker to start ${ceo.name}'s run (${Math.round(waited / 1000)} s)…`}
        </p>
      )}
      <StepActions skipHref={`/${prefix}/dashboard`} skipLabel="Not now, go to the dashboard">
        <Button variant="primary" pending={mutation.isPending} onClick={() => mutation.mutate(ceo)}>Run now</Button>
      </StepActions>
    </StepCard>
  );
}
