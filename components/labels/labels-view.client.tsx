"use client";

import Link from "next/link";
import { useMemo, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { deleteLabel, fetchLabels, labelKeys, type LabelDto } from "@/lib/queries/labels";
import { issueKeys } from "@/lib/queries/issues";
import { activityKeys } from "@/lib/queries/activity";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog.client";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { PlusGlyph, SearchGlyph } from "@/components/ui/glyphs";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { LabelChip } from "@/components/issues/label-chips";
import { LabelDialog } from "@/components/labels/label-dialog.client";

/** past this many labels the page offers a filter box */
const FILTER_FROM = 12;

type Editing = { mode: "create" } | { mode: "edit"; label: LabelDto };

/** A company's labels: create, rename and recolour, delete, and the issues that carry each. */
export function LabelsView({ companyId, prefix, initialLabels, canWrite }: {
  companyId: string; prefix: string; initialLabels: LabelDto[]; canWrite: boolean;
}) {
  const queryClient = useQueryClient();
  const { data: labels } = useQuery({ queryKey: labelKeys.list(companyId), queryFn: () => fetchLabels(companyId), initialData: initialLabels });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<LabelDto | null>(null);
  const [filter, setFilter] = useState("");
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return f ? labels.filter((l) => l.name.toLowerCase().includes(f)) : labels;
  }, [labels, filter]);

  const remove = useMutation({
    mutationFn: (label: LabelDto) => deleteLabel(label.id),
    onSuccess: async (_void, label) => {
      setDeleting(null);
      queryClient.setQueryData<LabelDto[]>(labelKeys.list(companyId), (old) => old?.filter((l) => l.id !== label.id));
      await invalidateLabelled(queryClient, companyId);
    },
  });

  const newButton = canWrite ? (
    <Button variant="primary" onClick={() => setEditing({ mode: "create" })}>
      <PlusGlyph />
      New label
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        eyebrow={<Link href={`/${prefix}/issues`} className="hover:text-slate-800">Issues</Link>}
        title="Labels"
        description={labels.length === 0 ? "Tags that group issues across projects." : `${labels.length} ${labels.length === 1 ? "label" : "labels"}. Choose one to see its issues.`}
        actions={labels.length > 0 ? newButton : undefined}
      />
      {labels.length === 0 ? (
        <EmptyState icon={<TagGlyph />} title="No labels yet" action={newButton}>
          Labels such as “bug”, “security” or “customer” sort issues across projects; the issue list filters by them.
        </EmptyState>
      ) : (
        <Card>
          {labels.length > FILTER_FROM && (
            <div className="border-b border-slate-100 px-4 py-3">
              <div className="relative w-full sm:w-72">
                <SearchGlyph className="pointer-events-none absolute left-2.5 top-2.5 text-slate-400" />
                <Input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Filter labels" aria-label="Filter labels" className="pl-8" />
              </div>
            </div>
          )}
          <Table>
            <THead>
              <tr>
                <TH>Label</TH>
                <TH className="hidden sm:table-cell">Colour</TH>
                <TH><span className="sr-only">Actions</span></TH>
              </tr>
            </THead>
            <TBody>
              {shown.map((label) => (
                <TR key={label.id} data-testid="label-row" data-name={label.name}>
                  <TD className="w-full max-w-0">
                    <Link href={`/${prefix}/issues?labelId=${label.id}`} className="inline-flex max-w-full hover:opacity-80" title={`Issues labelled ${label.name}`}>
                      <LabelChip label={label} className="max-w-full text-sm" />
                    </Link>
                  </TD>
                  <TD className="hidden whitespace-nowrap font-mono text-xs text-slate-500 sm:table-cell">{label.color}</TD>
                  <TD className="whitespace-nowrap text-right">
                    <div className="flex justify-end gap-1">
                      <Link href={`/${prefix}/issues?labelId=${label.id}`} className={buttonClasses("ghost", "sm")}>Issues</Link>
                      {canWrite && (
                        <>
                          <Button size="sm" variant="ghost" aria-label={`Edit ${label.name}`} onClick={() => setEditing({ mode: "edit", label })}>Edit</Button>
                          <Button size="sm" variant="ghost" aria-label={`Delete ${label.name}`} className="text-red-700 hover:bg-red-50 hover:text-red-800" onClick={() => { remove.reset(); setDeleting(label); }}>Delete</Button>
                        </>
                      )}
                    </div>
                  </TD>
                </TR>
              ))}
              {shown.length === 0 && (
                <tr><td colSpan={3} className="px-4 py-8 text-center text-sm text-slate-500">No label matches “{filter.trim()}”.</td></tr>
              )}
            </TBody>
          </Table>
        </Card>
      )}
      {canWrite && (
        <LabelDialog
          companyId={companyId}
          editing={editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await invalidateLabelled(queryClient, companyId);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
        title={`Delete the label “${deleting?.name ?? ""}”?`}
        confirmLabel="Delete label"
        pending={remove.isPending}
        error={remove.error?.message}
      >
        It is removed from every issue that carries it. The issues themselves stay.
      </ConfirmDialog>
    </>
  );
}

/** Label changes show on issues (chips, filters): those queries are out of date, and the activity too. */
async function invalidateLabelled(queryClient: ReturnType<typeof useQueryClient>, companyId: string) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: labelKeys.all(companyId) }),
    queryClient.invalidateQueries({ queryKey: issueKeys.all(companyId), refetchType: "none" }),
    queryClient.invalidateQueries({ queryKey: activityKeys.all(companyId), refetchType: "none" }),
  ]);
}

function TagGlyph({ className = "size-5" }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8z" />
      <circle cx="7.5" cy="7.5" r="1.5" />
    </svg>
  );
}
