"use client";

import { useMemo, useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { initialStatuses, issuePriorities, type IssuePriority, type IssueStatus } from "@/lib/issue-status";
import { createIssue, issueKeys, type IssueDto, type NewIssue } from "@/lib/queries/issues";
import { activityKeys } from "@/lib/queries/activity";
import { humanize } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog.client";
import { Field, Input, Select } from "@/components/ui/input";
import { MentionTextarea } from "@/components/editor/mention-textarea.client";
import { mentionCandidates } from "@/components/editor/mentions";
import { MultiSelect } from "@/components/ui/multi-select.client";
import { ApiErrorAlert, fieldErrors } from "@/components/forms/api-error";
import { IssuePicker, type PickedIssue } from "@/components/issues/issue-picker.client";
import type { Directory, DirectoryMaps } from "@/components/issues/directory";

interface Props {
  open: boolean;
  onClose: () => void;
  companyId: string;
  prefix: string;
  directory: Directory;
  maps: DirectoryMaps;
  /** a sub-issue: the parent is fixed, and project and goal start as the parent's */
  parent?: PickedIssue & { projectId: string | null; goalId: string | null };
  onCreated: (issue: IssueDto) => void;
}

export function NewIssueDialog(props: Props) {
  const title = props.parent ? `New sub-issue of ${props.parent.identifier}` : "New issue";
  return (
    <Dialog open={props.open} onClose={props.onClose} title={title} description="Agents see it in their list; an assignee is woken." className="max-w-2xl">
      <NewIssueForm {...props} />
    </Dialog>
  );
}

function NewIssueForm({ onClose, companyId, prefix, directory, maps, parent: fixedParent, onCreated }: Props) {
  const queryClient = useQueryClient();
  const [assignee, setAssignee] = useState("");
  // untouched, the status follows the API's default: todo with an assignee, else backlog
  const [status, setStatus] = useState<IssueStatus | null>(null);
  const [parent, setParent] = useState<PickedIssue | null>(fixedParent ?? null);
  const [labelIds, setLabelIds] = useState<string[]>([]);
  const [description, setDescription] = useState("");
  const candidates = useMemo(() => mentionCandidates(directory.agents, directory.users), [directory]);
  const shownStatus: IssueStatus = status ?? (assignee ? "todo" : "backlog");

  const mutation = useMutation({
    mutationFn: (input: NewIssue) => createIssue(companyId, input),
    onSuccess: async (issue) => {
      onCreated(issue);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: issueKeys.all(companyId) }),
        queryClient.invalidateQueries({ queryKey: activityKeys.all(companyId) }),
      ]);
    },
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const text = (k: string) => String(form.get(k) ?? "").trim();
    mutation.mutate({
      title: text("title"),
      ...(description.trim() ? { description: description.trim() } : {}),
      status: shownStatus,
      priority: text("priority") as IssuePriority,
      assigneeAgentId: assignee || null,
      projectId: text("projectId") || null,
      goalId: text("goalId") || null,
      parentId: parent?.id ?? null,
      ...(labelIds.length ? { labelIds } : {}),
    });
  }

  const err = mutation.error;
  const needsAssignee = shownStatus === "in_progress" && !assignee;
  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label="New issue">
      <ApiErrorAlert error={err} fields={["title", "description", "status", "priority", "assigneeAgentId", "projectId", "goalId", "parentId"]} />
      <Field label="Title" htmlFor="issue-title" errors={fieldErrors(err, "title")}>
        <Input id="issue-title" name="title" required maxLength={500} autoFocus placeholder="Ship the onboarding email" />
      </Field>
      <Field label="Description" htmlFor="issue-description" optional hint={`Markdown. Type @ to mention an agent or a person; link other work as ${prefix}-12. Attach files once the issue exists.`} errors={fieldErrors(err, "description")}>
        <MentionTextarea id="issue-description" name="description" rows={5} maxLength={100_000} value={description} onChange={setDescription} candidates={candidates} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Status" htmlFor="issue-status" errors={needsAssignee ? ["In progress needs an assignee"] : fieldErrors(err, "status")}>
          <Select id="issue-status" value={shownStatus} onChange={(e) => setStatus(e.target.value as IssueStatus)}>
            {initialStatuses.map((s) => <option key={s} value={s}>{humanize(s)}</option>)}
          </Select>
        </Field>
        <Field label="Priority" htmlFor="issue-priority" errors={fieldErrors(err, "priority")}>
          <Select id="issue-priority" name="priority" defaultValue="medium">
            {issuePriorities.map((p) => <option key={p} value={p}>{humanize(p)}</option>)}
          </Select>
        </Field>
        <Field label="Assignee" htmlFor="issue-assignee" hint={assignee ? "The agent is woken to pick it up." : undefined} errors={fieldErrors(err, "assigneeAgentId")}>
          <Select id="issue-assignee" value={assignee} onChange={(e) => setAssignee(e.target.value)}>
            <option value="">Unassigned</option>
            {maps.assignable.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
          </Select>
        </Field>
        <Field label="Project" htmlFor="issue-project" errors={fieldErrors(err, "projectId")}>
          <Select id="issue-project" name="projectId" defaultValue={fixedParent?.projectId ?? ""}>
            <option value="">No project</option>
            {directory.projects.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
          </Select>
        </Field>
        <Field label="Goal" htmlFor="issue-goal" errors={fieldErrors(err, "goalId")}>
          <Select id="issue-goal" name="goalId" defaultValue={fixedParent?.goalId ?? ""}>
            <option value="">No goal</option>
            {directory.goals.map((g) => <option key={g.id} value={g.id}>{g.title}</option>)}
          </Select>
        </Field>
        <Field label="Parent issue" htmlFor="issue-parent" optional={!fixedParent} errors={fieldErrors(err, "parentId")}>
          {fixedParent ? (
            <div className="flex h-9 items-center truncate rounded-md bg-slate-50 px-3 text-sm ring-1 ring-inset ring-slate-200">
              <span className="font-mono text-xs text-slate-500">{fixedParent.identifier}</span>&nbsp;<span className="truncate">{fixedParent.title}</span>
            </div>
          ) : (
            <IssuePicker id="issue-parent" companyId={companyId} value={parent} onChange={setParent} />
          )}
        </Field>
        {directory.labels.length > 0 && (
          <Field label="Labels" htmlFor="issue-labels" optional>
            <MultiSelect
              id="issue-labels"
              label="Labels"
              placeholder="No labels"
              noun="labels"
              options={directory.labels.map((l) => ({ value: l.id, label: l.name, adornment: <span className="size-2 rounded-full" style={{ backgroundColor: l.color }} aria-hidden="true" /> }))}
              value={labelIds}
              onChange={setLabelIds}
            />
          </Field>
        )}
      </div>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="primary" pending={mutation.isPending} disabled={needsAssignee}>Create issue</Button>
      </DialogActions>
    </form>
  );
}
