"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchProject, projectKeys, updateProject, type ProjectDto, type ProjectPatch } from "@/lib/queries/projects";
import { issueFilterQuery, type IssueDto } from "@/lib/queries/issues";
import { activityKeys } from "@/lib/queries/activity";
import type { Page } from "@/lib/queries/fetcher";
import { formatDate, formatDateTime, humanize } from "@/lib/format";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Dialog, DialogActions } from "@/components/ui/dialog.client";
import { ChevronRightGlyph } from "@/components/ui/glyphs";
import { Field, Input, Select, Textarea } from "@/components/ui/input";
import { MultiSelect } from "@/components/ui/multi-select.client";
import { keepOpenOnEscapeInPickers } from "@/components/projects/keep-open-on-escape";
import { ApiErrorAlert, fieldErrors } from "@/components/forms/api-error";
import { MarkdownText } from "@/components/markdown/render";
import { IssueList } from "@/components/issues/issue-list.client";
import { GoalStatusBadge } from "@/components/goals/goal-badges";
import { ProjectStatusBadge } from "@/components/projects/project-status-badge";
import { WorkspacesCard } from "@/components/projects/workspaces-card.client";
import { WorkSettingsCard } from "@/components/projects/work-settings-card.client";
import { useDirectoryMaps, type Directory } from "@/components/issues/directory";

interface Props {
  companyId: string;
  prefix: string;
  initialProject: ProjectDto;
  initialIssues: Page<IssueDto>;
  directory: Directory;
  statuses: string[];
  canWrite: boolean;
}

/** A project's page: what it is, the goals it serves, where agents work on it, and its issues. */
export function ProjectDetail({ companyId, prefix, initialProject, initialIssues, directory, statuses, canWrite }: Props) {
  const maps = useDirectoryMaps(directory);
  const { data: project } = useQuery({
    queryKey: projectKeys.detail(companyId, initialProject.id),
    queryFn: () => fetchProject(initialProject.id),
    initialData: initialProject,
  });
  const [editing, setEditing] = useState(false);
  const issueFilters = { projectId: project.id };

  return (
    <div className="space-y-6">
      <nav aria-label="Breadcrumb" className="flex items-center gap-1 text-sm text-slate-500">
        <Link href={`/${prefix}/projects`} className="hover:text-slate-800">Projects</Link>
        <ChevronRightGlyph className="size-3.5 text-slate-400" />
        <span className="truncate text-slate-700">{project.name}</span>
      </nav>

      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2.5">
            <h1 className="truncate text-xl font-semibold tracking-tight text-slate-900">{project.name}</h1>
            <span data-testid="project-status"><ProjectStatusBadge status={project.status} /></span>
          </div>
          <p className="mt-0.5 text-sm text-slate-500">
            {project.targetDate ? `Target ${formatDate(project.targetDate)}` : "No target date"} · created {formatDate(project.createdAt)}
          </p>
        </div>
        {canWrite && <Button onClick={() => setEditing(true)}>Edit project</Button>}
      </header>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Card>
            <CardHeader title="Description" />
            <CardBody>
              {project.description.trim() ? <MarkdownText prefix={prefix}>{project.description}</MarkdownText> : <p className="text-sm text-slate-400">No description.</p>}
            </CardBody>
          </Card>
          <WorkspacesCard companyId={companyId} project={project} canWrite={canWrite} />
          <WorkSettingsCard companyId={companyId} project={project} maps={maps} canWrite={canWrite} />
          <Card>
            <CardHeader
              title="Issues"
              description="This project's issues, by priority"
              actions={<Link href={`/${prefix}/issues?${issueFilterQuery(issueFilters)}`} className={buttonClasses("secondary", "sm")}>Open in issues</Link>}
            />
            <IssueList
              companyId={companyId}
              prefix={prefix}
              filters={issueFilters}
              initial={initialIssues}
              maps={maps}
              users={directory.users}
              emptyText="No issues in this project yet. Choose the project when creating an issue."
              compact
            />
          </Card>
        </div>
        <Card className="self-start">
          <CardHeader title="Goals" description="What this project serves" />
          {project.goalIds.length === 0 ? (
            <p className="px-5 py-4 text-sm text-slate-500">Not linked to a goal.</p>
          ) : (
            <ul className="divide-y divide-slate-100" data-testid="project-goals">
              {project.goalIds.map((id) => {
                const g = maps.goal.get(id);
                return (
                  <li key={id} className="flex items-center justify-between gap-3 px-5 py-2.5 text-sm">
                    <Link href={`/${prefix}/goals#goal-${id}`} className="min-w-0 truncate font-medium text-slate-800 hover:text-indigo-700">{g?.title ?? "Unknown goal"}</Link>
                    {g && <GoalStatusBadge status={g.status} />}
                  </li>
                );
              })}
            </ul>
          )}
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 border-t border-slate-100 px-5 py-4 text-xs">
            <dt className="text-slate-500">Status</dt>
            <dd className="text-slate-700">{humanize(project.status)}</dd>
            <dt className="text-slate-500">Workspaces</dt>
            <dd className="text-slate-700">{project.workspaces.length}</dd>
            <dt className="text-slate-500">Project id</dt>
            <dd className="truncate font-mono text-slate-700" title={project.id}>{project.id}</dd>
            <dt className="text-slate-500">Updated</dt>
            <dd className="text-slate-700">{formatDateTime(project.updatedAt)}</dd>
          </dl>
        </Card>
      </div>
      {canWrite && (
        <Dialog open={editing} onClose={() => setEditing(false)} title="Edit project" className="max-w-2xl">
          <EditProjectForm companyId={companyId} project={project} directory={directory} statuses={statuses} onDone={() => setEditing(false)} />
        </Dialog>
      )}
    </div>
  );
}

function EditProjectForm({ companyId, project, directory, statuses, onDone }: {
  companyId: string; project: ProjectDto; directory: Directory; statuses: string[]; onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [goalIds, setGoalIds] = useState(project.goalIds);
  const mutation = useMutation({
    mutationFn: (patch: ProjectPatch) => updateProject(project.id, patch),
    onSuccess: async (updated) => {
      queryClient.setQueryData(projectKeys.detail(companyId, project.id), updated);
      onDone();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.list(companyId) }),
        queryClient.invalidateQueries({ queryKey: activityKeys.all(companyId), refetchType: "none" }),
      ]);
    },
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const text = (k: string) => String(form.get(k) ?? "").trim();
    const next = { name: text("name"), description: String(form.get("description") ?? ""), status: text("status"), targetDate: text("targetDate") || null };
    // send only what changed, so the activity log names exactly that
    const patch: ProjectPatch = {};
    if (next.name !== project.name) patch.name = next.name;
    if (next.description !== project.description) patch.description = next.description;
    if (next.status !== project.status) patch.status = next.status;
    if (next.targetDate !== project.targetDate) patch.targetDate = next.targetDate;
    if (goalIds.join() !== project.goalIds.join()) patch.goalIds = goalIds;
    if (Object.keys(patch).length === 0) return onDone();
    mutation.mutate(patch);
  }

  const err = mutation.error;
  return (
    <form onSubmit={onSubmit} onKeyDown={keepOpenOnEscapeInPickers} className="space-y-4" aria-label="Edit project">
      <ApiErrorAlert error={err} fields={["name", "description", "status", "goalIds", "targetDate"]} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" htmlFor="edit-project-name" errors={fieldErrors(err, "name")} className="sm:col-span-2">
          <Input id="edit-project-name" name="name" defaultValue={project.name} required maxLength={200} />
        </Field>
        <Field label="Description" htmlFor="edit-project-description" hint="Markdown." errors={fieldErrors(err, "description")} className="sm:col-span-2">
          <Textarea id="edit-project-description" name="description" defaultValue={project.description} rows={5} maxLength={10_000} />
        </Field>
        <Field label="Status" htmlFor="edit-project-status" errors={fieldErrors(err, "status")}>
          <Select id="edit-project-status" name="status" defaultValue={project.status}>
            {statuses.map((s) => <option key={s} value={s}>{humanize(s)}</option>)}
          </Select>
        </Field>
        <Field label="Target date" htmlFor="edit-project-target" optional errors={fieldErrors(err, "targetDate")}>
          <Input id="edit-project-target" name="targetDate" type="date" defaultValue={project.targetDate ?? ""} />
        </Field>
        <Field label="Goals" htmlFor="edit-project-goals" optional hint="The first is the project's main goal." errors={fieldErrors(err, "goalIds")} className="sm:col-span-2">
          <MultiSelect
            id="edit-project-goals"
            label="Goals"
            placeholder="No goals"
            noun="goals"
            empty="The company has no goals yet"
            options={directory.goals.map((g) => ({ value: g.id, label: g.title }))}
            value={goalIds}
            onChange={setGoalIds}
          />
        </Field>
      </div>
      <DialogActions>
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="primary" pending={mutation.isPending}>Save changes</Button>
      </DialogActions>
    </form>
  );
}
