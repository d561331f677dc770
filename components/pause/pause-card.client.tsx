"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ApiErrorAlert } from "@/components/forms/api-error";
import { formatDateTime } from "@/lib/format";
import { pauseCompany, pauseInstance, resumeCompany, resumeInstance, type PauseMode } from "@/lib/queries/pause";

interface Props {
  /** a company's pause, or the instance's (companyId null) */
  companyId: string | null;
  pausedAt: string | null;
  mode: PauseMode | null;
  readOnly: boolean;
}

const modes: { value: PauseMode; label: string; hint: string }[] = [
  { value: "finish", label: "Let running runs finish", hint: "Runs already running end on their own; nothing new starts." },
  { value: "cancel", label: "Cancel running runs", hint: "Runs already running are cancelled now and their processes stopped." },
];

/** Pause and resume, with the choice of what happens to runs already running. */
export function PauseCard({ companyId, pausedAt, mode, readOnly }: Props) {
  const router = useRouter();
  const [choice, setChoice] = useState<PauseMode>("finish");
  const what = companyId ? "the company" : "every company";
  const action = useMutation({
    mutationFn: async (next: PauseMode | "resume"): Promise<void> => {
      if (next === "resume") await (companyId ? resumeCompany(companyId) : resumeInstance());
      else await (companyId ? pauseCompany(companyId, next) : pauseInstance(next));
    },
    onSuccess: () => router.refresh(),
  });
  const title = companyId ? "Pause" : "Pause the instance";
  return (
    <Card id="pause">
      <CardHeader
        title={title}
        description={`Stops ${what}: no new run starts, timers and routines wait, wakes are kept and run once on resume. Agents' writes still work.`}
      />
      <CardBody className="space-y-4">
        <ApiErrorAlert error={action.error} />
        {pausedAt ? (
          <>
            <p className="text-sm text-slate-700" data-testid="pause-state">
              Paused since {formatDateTime(pausedAt)}; {mode === "cancel" ? "runs that were running were cancelled" : "runs that were running may finish"}.
            </p>
            {!readOnly && (
              <div className="flex flex-wrap justify-end gap-3">
                {mode === "finish" && (
                  <Button variant="secondary" pending={action.isPending && action.variables === "cancel"} onClick={() => action.mutate("cancel")}>Cancel running runs</Button>
                )}
                <Button variant="primary" pending={action.isPending && action.variables === "resume"} onClick={() => action.mutate("resume")}>Resume</Button>
              </div>
            )}
          </>
        ) : (
          <fieldset disabled={readOnly} className="space-y-3">
            <legend className="sr-only">What happens to runs already running</legend>
            {modes.map((m) => (
              <label key={m.value} className="flex cursor-pointer items-start gap-3 text-sm">
                <input type="radio" name={`pause-mode-${companyId ?? "instance"}`} className="mt-0.5 size-4 accent-indigo-600" checked={choice === m.value} onChange={() => setChoice(m.value)} />
                <span>
                  <span className="font-medium text-slate-800">{m.label}</span>
                  <span className="block text-slate-500">{m.hint}</span>
                </span>
              </label>
            ))}
            {!readOnly && (
              <div className="flex justify-end">
                <Button variant="danger" pending={action.isPending} onClick={() => action.mutate(choice)}>{companyId ? "Pause company" : "Pause every company"}</Button>
              </div>
            )}
          </fieldset>
        )}
        {readOnly && <p className="text-sm text-slate-500">{companyId ? "Only company owners and admins can pause or resume." : "Only instance admins can pause or resume."}</p>}
      </CardBody>
    </Card>
  );
}
