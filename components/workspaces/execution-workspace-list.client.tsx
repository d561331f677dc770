"use client";

// The company's execution workspaces (one per issue that has run): path, branch, base, how far ahead or
// behind, uncommitted changes, disk use and state; Remove deletes one by hand (its worktree and local
// branch). The API refuses while a run holds it (409), and work that has not landed without force.
import Link from "next/link";
import { useState } from "react";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { fetchExecutionWorkspaces, removeExecutionWorkspace, workKeys, type ExecutionWorkspaceRow } from "@/lib/queries/workspaces";
import { formatBytes } from "@/lib/format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog.client";
import { Checkbox } from "@/components/ui/input";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { ApiErrorAlert } from "@/components/forms/api-error";
import { WorkspaceStateBadge, aheadBehindText, shortSha } from "@/components/issues/issue-workspace.client";

export function ExecutionWorkspaceList({ companyId, prefix, canWrite }: { companyId: string; prefix: string; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<ExecutionWorkspaceRow | null>(null);
  const [force, setForce] = useState(false);
  const query = useInfiniteQuery({
    queryKey: workKeys.workspaces(companyId),
    queryFn: ({ pageParam }) => fetchExecutionWorkspaces(companyId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const remove = useMutation({
    mutationFn: (ws: ExecutionWorkspaceRow) => removeExecutionWorkspace(ws.id, force),
    onSuccess: async () => {
      setRemoving(null);
      await queryClient.invalidateQueries({ queryKey: workKeys.workspaces(companyId) });
    },
  });
  const rows = query.data?.pages.flatMap((p) => p.items) ?? [];
  const disk = rows.reduce((t, r) => t + (r.diskBytes ?? 0), 0);

  return (
    <>
      <PageHeader
        title="Workspaces"
        eyebrow={<Link href={`/${prefix}/projects`} className="hover:text-slate-800">Projects</Link>}
        description={rows.length === 0 ? "Each issue of a project works in its own git worktree." : `${rows.length}${query.hasNextPage ? "+" : ""} workspaces, ${formatBytes(disk)} on disk`}
      />
      <ApiErrorAlert error={query.error} className="mb-4" />
      {query.isLoading ? (
        <p className="text-sm text-fg-muted">Loading…</p>
      ) : rows.length === 0 ? (
        <EmptyState title="No workspaces yet">
          A workspace is made before an issue&apos;s first run, from its project&apos;s primary workspace. Done work is removed after the retention
          period when it is committed and merged or pushed; otherwise it is kept here.
        </EmptyState>
      ) : (
        <Card>
          <Table data-testid="execution-workspaces">
            <THead>
              <tr>
                <TH>Issue</TH>
                <TH>Branch</TH>
                <TH>Commits and changes</TH>
                <TH className="text-right">Disk</TH>
                <TH>State</TH>
                {canWrite && <TH className="relative"><span className="sr-only">Actions</span></TH>}
              </tr>
            </THead>
            <TBody>
              {rows.map((ws) => (
                <WorkspaceRow key={ws.id} ws={ws} prefix={prefix} canWrite={canWrite} onRemove={() => { remove.reset(); setForce(false); setRemoving(ws); }} />
              ))}
            </TBody>
          </Table>
        </Card>
      )}
      {query.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button size="sm" onClick={() => query.fetchNextPage()} pending={query.isFetchingNextPage}>Load more</Button>
        </div>
      )}
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing)}
        pending={remove.isPending}
        error={remove.error?.message}
        title={`Remove the workspace of ${removing?.issue?.identifier ?? "a deleted issue"}?`}
        confirmLabel="Remove workspace"
      >
        <p>Its worktree and local branch <code className="break-all font-mono text-xs">{removing?.branch}</code> are deleted. Commits pushed or merged elsewhere stay there.</p>
        {(removing?.dirty || (removing?.ahead ?? 0) > 0) && (
          <Checkbox
            className="mt-3" checked={force} onChange={(e) => setForce(e.target.checked)}
            label="Remove it although its work has not landed"
            hint="Uncommitted changes are lost; a branch with commits neither merged nor pushed is kept."
          />
        )}
      </ConfirmDialog>
    </>
  );
}

/** One workspace: its issue and path, branch and base, commits against the base, changes, disk use, state, Remove. */
function WorkspaceRow({ ws, prefix, canWrite, onRemove }: { ws: ExecutionWorkspaceRow; prefix: string; canWrite: boolean; onRemove: () => void }) {
  return (
    <TR data-testid="execution-workspace">
      <TD className="max-w-60">
        {ws.issue ? (
          <>
            <Link href={`/${prefix}/issues/${ws.issue.identifier}`} className="font-medium text-link hover:underline">{ws.issue.identifier}</Link>
            <span className="block truncate text-xs text-fg-muted" title={ws.issue.title}>{ws.issue.title}</span>
          </>
        ) : <span className="text-fg-muted">A deleted issue</span>}
        <span className="block truncate font-mono text-xs text-fg-subtle" title={ws.path ?? undefined}>{ws.path ?? "not made yet"}</span>
      </TD>
      <TD className="min-w-48 break-all font-mono text-xs">
        {ws.branch ?? "—"}
        {ws.baseRef && <span className="block text-fg-subtle">from {ws.baseRef} · {shortSha(ws.headSha)}</span>}
      </TD>
      <TD className="min-w-32 text-xs">
        <span className="block">{ws.policy === "git_worktree" ? aheadBehindText(ws) : "shared folder"}</span>
        {ws.dirty ? <Badge tone="amber" className="mt-1">Uncommitted</Badge> : <span className="block text-fg-muted">clean</span>}
      </TD>
      <TD className="whitespace-nowrap text-right text-xs tabular-nums">{ws.diskBytes === null ? "—" : formatBytes(ws.diskBytes)}</TD>
      <TD>
        <WorkspaceStateBadge ws={ws} />
        {(ws.error || ws.keptReason) && <span className="block max-w-56 break-words text-xs text-fg-muted">{ws.error ?? ws.keptReason}</span>}
      </TD>
      {canWrite && (
        <TD className="text-right">
          {ws.lockedByRunId && <span className="text-xs text-fg-muted">In use by a run</span>}
          {ws.state !== "removed" && ws.path && !ws.lockedByRunId && (
            <Button size="sm" variant="danger" aria-label={`Remove the workspace of ${ws.issue?.identifier ?? "a deleted issue"}`} onClick={onRemove}>Remove</Button>
          )}
        </TD>
      )}
    </TR>
  );
}
