"use client";

import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createWorkspace, deleteWorkspace, projectKeys, updateWorkspace, type ProjectDto, type WorkspaceDto, type WorkspaceInput } from "@/lib/queries/projects";
import { activityKeys } from "@/lib/queries/activity";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog.client";
import { Checkbox } from "@/components/ui/input";
import { PlusGlyph } from "@/components/ui/glyphs";
import { ApiErrorAlert } from "@/components/forms/api-error";
import { WorkspaceFields, readWorkspace } from "@/components/projects/workspace-fields";

/** A project's workspaces: add, edit, make primary, delete (the API keeps exactly one primary). */
export function WorkspacesCard({ companyId, project, canWrite }: { companyId: string; project: ProjectDto; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WorkspaceDto | null>(null);
  const refresh = () => Promise.all([
    queryClient.invalidateQueries({ queryKey: projectKeys.all(companyId) }),
    queryClient.invalidateQueries({ queryKey: activityKeys.all(companyId), refetchType: "none" }),
  ]);

  const create = useMutation({
    mutationFn: (input: WorkspaceInput) => createWorkspace(project.id, input),
    onSuccess: async () => {
      setAdding(false);
      await refresh();
    },
  });
  const update = useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: WorkspaceInput }) => updateWorkspace(project.id, id, patch),
    onSuccess: async () => {
      setEditing(null);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteWorkspace(project.id, id),
    onSuccess: async () => {
      setDeleting(null);
      await refresh();
    },
  });

  function onAdd(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    create.mutate({ ...readWorkspace(form, "new-ws-"), ...(form.get("isPrimary") === "on" ? { isPrimary: true } : {}) });
  }

  function onEdit(e: FormEvent<HTMLFormElement>, ws: WorkspaceDto) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const get = (f: string) => String(form.get(`edit-ws-${f}`) ?? "").trim();
    // an emptied field is cleared (null); the name falls back to the directory or repository
    update.mutate({ id: ws.id, patch: { ...(get("name") ? { name: get("name") } : {}), cwd: get("cwd") || null, repoUrl: get("repoUrl") || null, repoRef: get("repoRef") || null } });
  }

  return (
    <Card>
      <CardHeader
        title="Workspaces"
        description="Where agents work on this project. The primary one is handed to them first."
        actions={canWrite && !adding && (
          <Button size="sm" onClick={() => { create.reset(); setAdding(true); }}>
            <PlusGlyph className="size-3.5" />
            Add workspace
          </Button>
        )}
      />
      {project.workspaces.length === 0 && !adding && <p className="px-5 py-4 text-sm text-slate-500">No workspaces yet.</p>}
      <ul className="divide-y divide-slate-100" data-testid="workspaces">
        {project.workspaces.map((ws) => (
          <li key={ws.id} className="px-5 py-3">
            {editing === ws.id ? (
              <form onSubmit={(e) => onEdit(e, ws)} className="space-y-3" aria-label={`Edit workspace ${ws.name}`}>
                <ApiErrorAlert error={update.error} fields={["name", "cwd", "repoUrl", "repoRef"]} />
                <WorkspaceFields idPrefix="edit-ws-" error={update.error} initial={ws} />
                <div className="flex justify-end gap-2">
                  <Button size="sm" onClick={() => setEditing(null)}>Cancel</Button>
                  <Button size="sm" type="submit" variant="primary" pending={update.isPending}>Save workspace</Button>
                </div>
              </form>
            ) : (
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0 space-y-0.5">
                  <p className="flex items-center gap-2 text-sm font-medium text-slate-900">
                    {ws.name}
                    {ws.isPrimary && <Badge tone="indigo">Primary</Badge>}
                  </p>
                  {ws.cwd && <p className="truncate font-mono text-xs text-slate-600" title={ws.cwd}>{ws.cwd}</p>}
                  {ws.repoUrl && (
                    <p className="truncate font-mono text-xs text-slate-600" title={ws.repoUrl}>
                      {ws.repoUrl}{ws.repoRef && <span className="text-slate-400"> @ {ws.repoRef}</span>}
                    </p>
                  )}
                </div>
                {canWrite && (
                  <div className="flex shrink-0 gap-1.5">
                    {!ws.isPrimary && (
                      <Button size="sm" variant="ghost" pending={update.isPending && update.variables?.id === ws.id} onClick={() => update.mutate({ id: ws.id, patch: { isPrimary: true } })}>
                        Make primary
                      </Button>
                    )}
                    <Button size="sm" onClick={() => { update.reset(); setEditing(ws.id); }}>Edit</Button>
                    <Button size="sm" variant="danger" onClick={() => { remove.reset(); setDeleting(ws); }}>Delete</Button>
                  </div>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      {editing === null && <ApiErrorAlert error={update.error} className="mx-5 mb-4" />}
      {adding && (
        <form onSubmit={onAdd} className="space-y-3 border-t border-slate-100 px-5 py-4" aria-label="Add workspace">
          <ApiErrorAlert error={create.error} fields={["name", "cwd", "repoUrl", "repoRef"]} />
          <WorkspaceFields idPrefix="new-ws-" error={create.error} />
          {project.workspaces.length > 0 && <Checkbox name="isPrimary" label="Make it the primary workspace" />}
          <div className="flex justify-end gap-2">
            <Button size="sm" onClick={() => setAdding(false)}>Cancel</Button>
            <Button size="sm" type="submit" variant="primary" pending={create.isPending}>Add workspace</Button>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        pending={remove.isPending}
        error={remove.error?.message}
        title={`Delete the workspace “${deleting?.name}”?`}
        confirmLabel="Delete workspace"
      >
        Agents stop being pointed at it. Nothing on disk or in the repository is touched.
        {deleting?.isPrimary && project.workspaces.length > 1 && " The oldest remaining workspace becomes the primary one."}
      </ConfirmDialog>
    </Card>
  );
}
