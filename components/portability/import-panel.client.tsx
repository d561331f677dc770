"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { applyImport, previewImport, type ImportPreview, type ImportRequest, type PackageInclude } from "@/lib/queries/portability";
import { companyKeys } from "@/lib/queries/companies";
import { isGithubUrl } from "@/lib/portability/browser-package";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/input";
import { IncludeToggles } from "@/components/portability/include-toggles";
import { EMPTY_SOURCE, ImportSource, type SourceState } from "@/components/portability/import-source.client";
import { ImportPlan } from "@/components/portability/import-plan";
import { ImportFailure, ImportResultPanel } from "@/components/portability/import-outcome";

type TargetMode = "new_company" | "existing_company";

interface Inputs {
  source: SourceState;
  include: PackageInclude;
  mode: TargetMode;
  newName: string;
  strategy: "rename" | "skip";
}

/** The request the inputs stand for; null while the source is still missing. */
function requestOf(inputs: Inputs, companyId: string): ImportRequest | null {
  const { source } = inputs;
  let body: ImportRequest["source"];
  if (source.kind === "url") {
    if (!source.url.trim()) return null;
    body = {
      type: isGithubUrl(source.url.trim()) ? "github" : "git", url: source.url.trim(),
      ...(source.ref.trim() ? { ref: source.ref.trim() } : {}), ...(source.path.trim() ? { path: source.path.trim() } : {}),
    };
  } else {
    if (!source.picked) return null;
    body = { type: "inline", files: source.picked.pkg.files };
  }
  const name = inputs.newName.trim();
  return {
    source: body,
    include: inputs.include,
    target: inputs.mode === "new_company" ? { mode: "new_company", ...(name ? { newCompanyName: name } : {}) } : { mode: "existing_company", companyId },
    collisionStrategy: inputs.strategy,
  };
}

/** What makes two previews the same: everything but the file contents, which a pick's token stands for. */
function inputsKey(inputs: Inputs): string {
  const { picked, ...source } = inputs.source;
  return JSON.stringify({ ...inputs, source: { ...source, token: picked?.token ?? null } });
}

/**
 * Import: a source, a target and what to include → Preview (the plan, secrets and warnings, or the
 * package's errors by file) → Apply, allowed only right after a clean preview of these same inputs;
 * a fetched repository is applied at the commit the preview saw.
 */
export function ImportPanel({ companyId, companyName }: { companyId: string; companyName: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [inputs, setInputs] = useState<Inputs>({
    source: EMPTY_SOURCE, include: { company: true, agents: true, projects: true, issues: false }, mode: "new_company", newName: "", strategy: "rename",
  });
  const [previewed, setPreviewed] = useState<{ key: string; answer: ImportPreview } | null>(null);

  const preview = useMutation({
    mutationFn: ({ body }: { body: ImportRequest; key: string }) => previewImport(companyId, body),
    onMutate: () => setPreviewed(null),
    onSuccess: (answer, { key }) => setPreviewed({ key, answer }),
  });
  const apply = useMutation({
    mutationFn: (body: ImportRequest) => applyImport(companyId, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: companyKeys.all });
      router.refresh(); // the side bar's company list
    },
  });

  const key = inputsKey(inputs);
  const request = requestOf(inputs, companyId);
  const busy = preview.isPending || apply.isPending;
  const current = previewed && previewed.key === key ? previewed.answer : null;
  const canApply = !!current && !!request && !busy && !apply.isSuccess;

  function change(next: Partial<Inputs>) {
    setInputs((prev) => ({ ...prev, ...next }));
    apply.reset();
  }

  function onPreview() {
    if (!request || busy) return;
    apply.reset();
    preview.mutate({ body: request, key });
  }

  function onApply() {
    if (!canApply || !current || !request) return;
    const commit = current.source.commit;
    const source = request.source.type !== "inline" && commit ? { ...request.source, ref: commit } : request.source;
    apply.mutate({ ...request, source });
  }

  const stale = previewed && previewed.key !== key;
  return (
    <Card>
      <CardHeader title="Import" description="Read a package into a new company or into this one. Preview first: nothing is written until you apply." />
      <CardBody className="space-y-5">
        <form aria-label="Import options" className="space-y-5" onSubmit={(e) => { e.preventDefault(); onPreview(); }}>
          <ImportSource value={inputs.source} onChange={(source) => change({ source })} disabled={busy} />
          <TargetFields inputs={inputs} companyName={companyName} onChange={change} disabled={busy} />
          <IncludeToggles idPrefix="import" value={inputs.include} onChange={(include) => change({ include })} disabled={busy} />
          <div className="flex flex-wrap items-center gap-3 border-t border-line pt-4">
            <Button type="submit" variant={current ? "secondary" : "primary"} pending={preview.isPending} disabled={!request || apply.isPending}>
              {previewed ? "Preview again" : "Preview import"}
            </Button>
            <Button variant="primary" onClick={onApply} pending={apply.isPending} disabled={!canApply} aria-describedby="apply-hint">
              Apply import
            </Button>
            <span id="apply-hint" className="text-sm text-fg-muted" role="status">
              {preview.isPending ? "Reading the package…"
                : apply.isPending ? "Importing…"
                : stale ? "The inputs changed since the preview: preview again to apply."
                : !current && !apply.isSuccess ? "Apply is available after a clean preview." : null}
            </span>
          </div>
        </form>
        <ImportFailure error={preview.error} />
        {apply.error ? <ImportFailure error={apply.error} /> : null}
        {apply.data ? <ImportResultPanel result={apply.data} preview={current} /> : current ? <ImportPlan preview={current} /> : null}
      </CardBody>
    </Card>
  );
}

function TargetFields({ inputs, companyName, onChange, disabled }: {
  inputs: Inputs; companyName: string; onChange: (next: Partial<Inputs>) => void; disabled: boolean;
}) {
  const radio = "size-4 accent-indigo-600";
  return (
    <fieldset disabled={disabled} className="space-y-3">
      <legend className="text-sm font-medium text-fg">Import into</legend>
      <div className="space-y-3">
        <label className="flex cursor-pointer items-center gap-2 text-sm text-fg">
          <input type="radio" name="import-target" className={radio} checked={inputs.mode === "new_company"} onChange={() => onChange({ mode: "new_company" })} />
          A new company (with this company&apos;s members)
        </label>
        {inputs.mode === "new_company" && (
          <Field label="New company's name" htmlFor="import-name" optional hint="Defaults to the package's name" className="pl-6">
            <Input id="import-name" value={inputs.newName} maxLength={120} onChange={(e) => onChange({ newName: e.target.value })} />
          </Field>
        )}
        <label className="flex cursor-pointer items-center gap-2 text-sm text-fg">
          <input type="radio" name="import-target" className={radio} checked={inputs.mode === "existing_company"} onChange={() => onChange({ mode: "existing_company" })} />
          <span>This company, <strong>{companyName}</strong> (only adds; nothing here changes)</span>
        </label>
        {inputs.mode === "existing_company" && (
          <div role="radiogroup" aria-label="When a name is taken" className="space-y-2 pl-6">
            <p className="text-sm font-medium text-fg">When an agent or project name is taken</p>
            <label className="flex cursor-pointer items-center gap-2 text-sm text-fg">
              <input type="radio" name="import-strategy" className={radio} checked={inputs.strategy === "rename"} onChange={() => onChange({ strategy: "rename" })} />
              Rename the imported one (Ben 2)
            </label>
            <label className="flex cursor-pointer items-center gap-2 text-sm text-fg">
              <input type="radio" name="import-strategy" className={radio} checked={inputs.strategy === "skip"} onChange={() => onChange({ strategy: "skip" })} />
              Skip it and use the existing one
            </label>
          </div>
        )}
      </div>
    </fieldset>
  );
}
