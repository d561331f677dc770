"use client";

import { useState, type FormEvent } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { agentKeys, createAgent, type NewAgent } from "@/lib/queries/agents";
import { adapterLabels } from "@/lib/format";
import { Button, buttonClasses } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/input";
import { Alert } from "@/components/ui/alert";
import { ApiErrorAlert, fieldErrors } from "@/components/forms/api-error";
import { StepActions, StepCard } from "@/components/onboarding/step-card";
import { stepHref } from "@/components/onboarding/steps";
import { AdapterConfigForm, configErrorsOf, configInputOf, newConfigDraft, type ConfigErrors } from "@/components/agents/adapter-config-form.client";
import { TestEnvironment } from "@/components/agents/test-environment.client";

export interface CeoSummary {
  id: string;
  name: string;
  urlKey: string;
  status: string;
  adapterType: string;
}

interface Props {
  companyId: string;
  prefix: string;
  ceo: CeoSummary | null;
}

/** Step 2: the CEO, with how Charter runs it; once created, a test of its environment before going on. */
export function CeoStep({ companyId, prefix, ceo }: Props) {
  const [created, setCreated] = useState<CeoSummary | null>(ceo);
  if (created) return <CeoReady prefix={prefix} ceo={created} />;
  return <CeoForm companyId={companyId} prefix={prefix} onCreated={setCreated} />;
}

function CeoForm({ companyId, prefix, onCreated }: Omit<Props, "ceo"> & { onCreated: (ceo: CeoSummary) => void }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [config, setConfig] = useState(() => newConfigDraft());
  const [configErrors, setConfigErrors] = useState<ConfigErrors>({});
  const mutation = useMutation({
    mutationFn: (input: NewAgent) => createAgent(companyId, input),
    onSuccess: async (agent) => {
      onCreated({ id: agent.id, name: agent.name, urlKey: agent.urlKey, status: agent.status, adapterType: agent.adapterType });
      router.refresh(); // the frame names the CEO now
      await queryClient.invalidateQueries({ queryKey: agentKeys.all(companyId) });
    },
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    // the configuration's own checks first (the same schemas as the API), beside their fields
    const { input, errors } = configInputOf(config);
    setConfigErrors(errors);
    if (Object.keys(errors).length > 0) return;
    const title = String(form.get("title") ?? "").trim();
    mutation.mutate({ name: String(form.get("name")).trim(), role: "ceo", ...(title ? { title } : {}), icon: "crown", reportsTo: null, ...input });
  }

  const err = mutation.error;
  const serverConfigErrors = configErrorsOf(err);
  return (
    <StepCard
      title="Hire the CEO"
      description={<>The CEO is the agent at the top of the company: it reports to the board and turns the goal into work. Choose how Charter runs it; every setting can be changed later on its page.</>}
    >
      <form onSubmit={onSubmit} className="space-y-4" aria-label="CEO">
        <ApiErrorAlert error={err} fields={["name", "title", ...Object.keys(serverConfigErrors)]} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Name" htmlFor="onb-ceo-name" hint="@-mentions find the agent by this name." errors={fieldErrors(err, "name")}>
            <Input id="onb-ceo-name" name="name" required maxLength={100} autoFocus placeholder="Iris" aria-invalid={fieldErrors(err, "name").length > 0 || undefined} />
          </Field>
          <Field label="Title" htmlFor="onb-ceo-title" optional errors={fieldErrors(err, "title")}>
            <Input id="onb-ceo-title" name="title" maxLength={200} defaultValue="Chief Executive Officer" />
          </Field>
        </div>
        <section className="space-y-3 border-t border-slate-100 pt-4" aria-label="How the CEO runs">
          <h3 className="text-sm font-semibold text-slate-900">How Charter runs the CEO</h3>
          <AdapterConfigForm value={config} onChange={setConfig} errors={{ ...serverConfigErrors, ...configErrors }} />
        </section>
        <StepActions skipHref={stepHref(prefix, "goal")}>
          <Button type="submit" variant="primary" pending={mutation.isPending}>Create the CEO</Button>
        </StepActions>
      </form>
    </StepCard>
  );
}

function CeoReady({ prefix, ceo }: { prefix: string; ceo: CeoSummary }) {
  return (
    <StepCard title={`${ceo.name} is your CEO`} description={<>Runs as {adapterLabels[ceo.adapterType] ?? ceo.adapterType}. Test its environment now, or go on: nothing runs until you say so in the last step.</>}>
      <Alert tone="success" title="CEO created">
        {ceo.name} reports to the board. Its whole configuration is on{" "}
        <Link href={`/${prefix}/agents/${ceo.urlKey}`} className="font-medium underline underline-offset-2">its page</Link>.
      </Alert>
      <TestEnvironment agentId={ceo.id} note="Checks the command, working directory and files a run would use, without starting one." />
      <StepActions skipHref={`/${prefix}/dashboard`} skipLabel="Stop here, go to the dashboard">
        <Link href={stepHref(prefix, "goal")} className={buttonClasses("primary")}>Continue</Link>
      </StepActions>
    </StepCard>
  );
}
