"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createProject, fetchProjects, projectKeys, type NewProject, type ProjectDto } from "@/lib/queries/projects";
import { activityKeys } from "@/lib/queries/activity";
import { formatDate, humanize, markdownPreview } from "@/lib/format";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog, DialogActions } from "@/components/ui/dialog.client";
import { EmptyState } from "@/components/ui/empty-state";
import { Field, Input, Select, Textarea } from "@/components/ui/input";
import { MultiSelect } from "@/components/ui/multi-select.client";
import { PageHeader } from "@/components/ui/page-header";
import { PlusGlyph } from "@/components/ui/glyphs";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { ApiErrorAlert, fieldErrors } from "@/components/forms/api-error";
import { ProjectStatusBadge } from "@/components/projects/project-status-badge";
import { keepOpenOnEscapeInPickers } from "@/components/projects/keep-open-on-escape";
import { WorkspaceFields, readWorkspace } from "@/components/projects/workspace-fields";
import type { GoalRef } from "@/components/issues/directory";

interface Props {
  companyId: string;
  prefix: string;
  initialProjects: ProjectDto[];
  goals: GoalRef[];
  statuses: string[];
  canWrite: boolean;
}

/** The projects page: every project with its status, goals and primary workspace, and "New project". */
export function ProjectsView({ companyId, prefix, initialProjects, goals, statuses, canWrite }: Props) {
  const { data: projects } = useQuery({ queryKey: projectKeys.list(companyId), queryFn: () => fetchProjects(companyId), initialData: initialProjects });
  const [creating, setCreating] = useState(false);
  const goalById = new Map(goals.map((g) => [g.id, g]));

  const newButton = canWrite ? (
    <Button variant="primary" onClick={() => setCreating(true)}>
      <PlusGlyph />
      New project
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title="Projects"
        description={projects.length === 0 ? "Bodies of work that serve the company's goals." : `${projects.length} ${projects.length === 1 ? "project" : "projects"}`}
        actions={projects.length > 0 && (
          <>
            <Link href={`/${prefix}/workspaces`} className={buttonClasses("secondary")}>Workspaces</Link>
            {newButton}
          </>
        )}
      />
      {projects.length === 0 ? (
        <EmptyState icon={<FolderGlyph />} title="No projects yet" action={newButton}>
          A project groups issues toward goals and tells agents where to work: a directory, a repository, or both.
        </EmptyState>
      ) : (
        <Card>
          <Table>
            <THead>
              <tr>
                <TH>Project</TH>
                <TH>Status</TH>
                <TH className="hidden md:table-cell">Goals</TH>
                <TH className="hidden lg:table-cell">Primary workspace</TH>
                <TH className="hidden text-right sm:table-cell">Target</TH>
              </tr>
            </THead>
            <TBody>
              {projects.map((p) => (
                <TR key={p.id} data-testid="project-row">
                  <TD className="max-w-72">
                    <Link href={`/${prefix}/projects/${p.id}`} className="block truncate font-medium text-slate-900 hover:text-indigo-700">{p.name}</Link>
                    {p.description && <p className="truncate text-xs text-slate-500">{markdownPreview(p.description)}</p>}
                  </TD>
                  <TD className="whitespace-nowrap"><ProjectStatusBadge status={p.status} /></TD>
                  <TD className="hidden max-w-64 md:table-cell">
                    {p.goalIds.length === 0 ? <span className="text-slate-400">—</span> : (
                      <span className="block truncate text-slate-600" title={p.goalIds.map((id) => goalById.get(id)?.title).join(", ")}>
                        {p.goalIds.map((id) => goalById.get(id)?.title ?? "Unknown goal").join(", ")}
                      </span>
                    )}
                  </TD>
                  <TD className="hidden max-w-64 lg:table-cell">
                    {p.primaryWorkspace ? (
                      <div className="min-w-0">
                        <p className="truncate text-slate-700">{p.primaryWorkspace.name}</p>
                        <p className="truncate font-mono text-xs text-slate-500" title={p.primaryWorkspace.cwd ?? p.primaryWorkspace.repoUrl ?? ""}>
                          {p.primaryWorkspace.cwd ?? p.primaryWorkspace.repoUrl}
                        </p>
                      </div>
                    ) : <span className="text-slate-400">None</span>}
                  </TD>
                  <TD className="hidden whitespace-nowrap text-right text-slate-600 sm:table-cell">{p.targetDate ? formatDate(p.targetDate) : <span className="text-slate-400">—</span>}</TD>
                </TR>
              ))}
            </TBody>
          </Table>
        </Card>
      )}
      {canWrite && (
        <Dialog open={creating} onClose={() => setCreating(false)} title="New project" description="Link it to goals and give agents a place to work." className="max-w-2xl">
          <NewProjectForm companyId={companyId} prefix={prefix} goals={goals} statuses={statuses} onClose={() => setCreating(false)} />
        </Dialog>
      )}
    </>
  );
}

function NewProjectForm({ companyId, prefix, goals, statuses, onClose }: { companyId: string; prefix: string; goals: GoalRef[]; statuses: string[]; onClose: () => void }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [goalIds, setGoalIds] = useState<string[]>([]);
  const mutation = useMutation({
    mutationFn: (input: NewProject) => createProject(companyId, input),
    onSuccess: async (project) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.all(companyId) }),
        queryClient.invalidateQueries({ queryKey: activityKeys.all(companyId) }),
      ]);
      router.push(`/${prefix}/projects/${project.id}`);
    },
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const text = (k: string) => String(form.get(k) ?? "").trim();
    const workspace = readWorkspace(form, "ws-");
    mutation.mutate({
      name: text("name"),
      ...(text("description") ? { description: text("description") } : {}),
      status: text("status"),
      goalIds,
      ...(text("targetDate") ? { targetDate: text("targetDate") } : {}),
      ...(workspace ? { workspace } : {}),
    });
  }

  const err = mutation.error;
  return (
    <form onSubmit={onSubmit} onKeyDown={keepOpenOnEscapeInPickers} className="space-y-4" aria-label="New project">
      <ApiErrorAlert error={err} fields={["name", "description", "status", "goalIds", "targetDate", "workspace.name", "workspace.cwd", "workspace.repoUrl", "workspace.repoRef"]} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" htmlFor="project-name" errors={fieldErrors(err, "name")} className="sm:col-span-2">
          <Input id="project-name" name="name" required maxLength={200} autoFocus placeholder="Fleet dashboard" />
        </Field>
        <Field label="Description" htmlFor="project-description" optional hint="Markdown." errors={fieldErrors(err, "description")} className="sm:col-span-2">
          <Textarea id="project-description" name="description" rows={3} maxLength={10_000} />
        </Field>
        <Field label="Status" htmlFor="project-status" errors={fieldErrors(err, "status")}>
          <Select id="project-status" name="status" defaultValue="planned">
            {statuses.map((s) => <option key={s} value={s}>{humanize(s)}</option>)}
          </Select>
        </Field>
        <Field label="Target date" htmlFor="project-target" optional errors={fieldErrors(err, "targetDate")}>
          <Input id="project-target" name="targetDate" type="date" />
        </Field>
        <Field label="Goals" htmlFor="project-goals" optional errors={fieldErrors(err, "goalIds")} className="sm:col-span-2">
          <MultiSelect
            id="project-goals"
            label="Goals"
            placeholder="No goals"
            noun="goals"
            empty="The company has no goals yet"
            options={goals.map((g) => ({ value: g.id, label: g.title }))}
            value={goalIds}
            onChange={setGoalIds}
          />
        </Field>
      </div>
      <fieldset className="space-y-3 rounded-md border border-slate-200 p-4">
        <legend className="px-1 text-sm font-medium text-slate-800">First workspace <span className="font-normal text-slate-400">(optional)</span></legend>
        <WorkspaceFields idPrefix="ws-" error={err} errorPath="workspace." />
      </fieldset>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="primary" pending={mutation.isPending}>Create project</Button>
      </DialogActions>
    </form>
  );
}

function FolderGlyph() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
    </svg>
  );
}
