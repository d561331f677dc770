"use client";

import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { previewExport, runExport, type ExportPreview, type PackageInclude } from "@/lib/queries/portability";
import { zipPackage } from "@/lib/portability/browser-package";
import { Button } from "@/components/ui/button";
import { download as downloadFile } from "@/components/ui/download";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Alert } from "@/components/ui/alert";
import { ApiErrorAlert } from "@/components/forms/api-error";
import { FileTree } from "@/components/portability/file-tree.client";
import { IncludeToggles } from "@/components/portability/include-toggles";
import { Figures, WarningList } from "@/components/portability/warning-list";

const DEFAULT_INCLUDE: PackageInclude = { company: true, agents: true, projects: true, issues: false };

interface Previewed {
  include: PackageInclude;
  answer: ExportPreview;
}

/**
 * Export: choose what the package holds, preview it as a tree of files to keep or leave out, then
 * download the export as `<rootPath>.zip`, zipped here from the API's answer.
 */
export function ExportPanel({ companyId }: { companyId: string }) {
  const [include, setInclude] = useState(DEFAULT_INCLUDE);
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [saved, setSaved] = useState<{ name: string; files: number; warnings: string[] } | null>(null);

  const preview = useMutation({
    mutationFn: (inc: PackageInclude) => previewExport(companyId, inc),
    onSuccess: (answer, inc) => {
      setPreviewed({ include: inc, answer });
      setSelected(new Set(answer.fileInventory.map((f) => f.path)));
      setSaved(null);
    },
  });
  const download = useMutation({
    mutationFn: async ({ inc, paths }: { inc: PackageInclude; paths?: string[] }) => runExport(companyId, inc, paths),
    onSuccess: (answer) => {
      const name = `${answer.rootPath}.zip`;
      downloadFile(new Blob([zipPackage(answer.rootPath, answer.files) as BlobPart], { type: "application/zip" }), name);
      setSaved({ name, files: Object.keys(answer.files).length, warnings: answer.warnings });
    },
  });

  function changeInclude(next: PackageInclude) {
    setInclude(next);
    setPreviewed(null); // a preview of other includes would download something else than it shows
    setSaved(null);
    preview.reset();
    download.reset();
  }

  function onDownload() {
    if (!previewed || download.isPending || selected.size === 0) return;
    const all = previewed.answer.fileInventory;
    const whole = all.length === selected.size && all.every((f) => selected.has(f.path));
    // the listed order, so a narrowed export reads like the preview
    download.mutate({ inc: previewed.include, paths: whole ? undefined : all.map((f) => f.path).filter((p) => selected.has(p)) });
  }

  const answer = previewed?.answer;
  return (
    <Card>
      <CardHeader title="Export" description="Download this company as a package: markdown files and a manifest, without secrets or machine-specific settings." />
      <CardBody className="space-y-5">
        <form
          aria-label="Export options" className="space-y-4"
          onSubmit={(e) => { e.preventDefault(); if (!preview.isPending) preview.mutate(include); }}
        >
          <IncludeToggles idPrefix="export" value={include} onChange={changeInclude} disabled={preview.isPending || download.isPending} />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" variant={answer ? "secondary" : "primary"} pending={preview.isPending}>
              {answer ? "Preview again" : "Preview export"}
            </Button>
            {preview.isPending && <span className="text-sm text-fg-muted" role="status">Building the package…</span>}
          </div>
          <ApiErrorAlert error={preview.error} />
        </form>

        {answer && (
          <section aria-label="Export preview" className="space-y-4 border-t border-line pt-5">
            <Figures
              label="Package contents"
              items={[["Files", answer.counts.files], ["Agents", answer.counts.agents], ["Projects", answer.counts.projects], ["Issues", answer.counts.issues], ["Goals", answer.counts.goals]]}
            />
            <WarningList warnings={answer.warnings} title="What stays behind" />
            <div>
              <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-sm font-medium text-fg">
                  Files in <span className="font-mono">{answer.rootPath}/</span>
                </h3>
                <div className="flex items-center gap-1">
                  <Button size="sm" variant="ghost" onClick={() => setSelected(new Set(answer.fileInventory.map((f) => f.path)))}>Select all</Button>
                  <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>Select none</Button>
                </div>
              </div>
              <div className="max-h-[28rem] overflow-y-auto rounded-md p-1 ring-1 ring-inset ring-line">
                <FileTree key={answer.rootPath + answer.fileInventory.length} files={answer.fileInventory} selected={selected} onChange={setSelected} />
              </div>
            </div>
            <div className="flex flex-wrap items-center justify-end gap-3">
              <p className="mr-auto text-sm text-fg-muted" data-testid="selection-count">
                {selected.size} of {answer.fileInventory.length} files selected
              </p>
              <Button variant="primary" onClick={onDownload} pending={download.isPending} disabled={selected.size === 0}>
                Download {answer.rootPath}.zip
              </Button>
            </div>
            <ApiErrorAlert error={download.error} />
            {saved && (
              <Alert tone="success" title={`Downloaded ${saved.name}`}>
                {saved.files} {saved.files === 1 ? "file" : "files"}. The export is recorded in the company&apos;s activity.
              </Alert>
            )}
            {saved && <WarningList warnings={saved.warnings.filter((w) => !answer.warnings.includes(w))} title="Export warnings" />}
          </section>
        )}
      </CardBody>
    </Card>
  );
}
