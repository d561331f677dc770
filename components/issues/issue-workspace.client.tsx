"use client";

// An issue's page: where its runs work (the execution workspace, read from git after each run) and
// what came out of them (the branch's commits, and what agents reported: pull requests, documents…).
import { useQuery } from "@tanstack/react-query";
import { Select } from "@/components/ui/input";
import { useIssueUpdate } from "@/components/issues/use-issue-update";
import type { IssueDetail } from "@/lib/queries/issues";
import { fetchWorkProducts, workKeys, type IssueWorkspace, type WorkProduct } from "@/lib/queries/workspaces";
import { formatDateTime, humanize } from "@/lib/format";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ApiErrorAlert } from "@/components/forms/api-error";

/** The issue's workspace as GET /api/issues/:issueId answers it (null before its first run). */
function workspaceOf(issue: IssueDetail): IssueWorkspace | null {
  return (issue as IssueDetail & { workspace?: IssueWorkspace | null }).workspace ?? null;
}

export const shortSha = (sha: string | null | undefined) => (sha ? sha.slice(0, 7) : "—");

const stateTones: Record<IssueWorkspace["state"], BadgeTone> = { active: "green", kept: "amber", removed: "gray" };

export function WorkspaceStateBadge({ ws }: { ws: Pick<IssueWorkspace, "state" | "error"> }) {
  if (ws.error) return <Badge tone="red">Failed</Badge>;
  return <Badge tone={stateTones[ws.state]}>{humanize(ws.state)}</Badge>;
}

/** "2 ahead, 1 behind main": how the branch stands against its base. */
export function aheadBehindText(ws: Pick<IssueWorkspace, "ahead" | "behind" | "baseRef">) {
  const base = ws.baseRef ?? "its base";
  if (ws.ahead === 0 && ws.behind === 0) return `even with ${base}`;
  return [ws.ahead > 0 && `${ws.ahead} ahead`, ws.behind > 0 && `${ws.behind} behind`].filter(Boolean).join(", ") + ` ${base}`;
}

/** The board's per-issue choice of workspace policy; a change applies from the issue's next run that makes one. */
function PolicyOverride({ companyId, issue }: { companyId: string; issue: IssueDetail }) {
  const update = useIssueUpdate(companyId, issue.id);
  const value = (issue as IssueDetail & { workspacePolicy?: string | null }).workspacePolicy ?? "";
  return (
    <div className="space-y-1">
      <label htmlFor="issue-workspace-policy" className="text-sm text-fg-muted">Workspace for this issue</label>
      <Select id="issue-workspace-policy" value={value} disabled={update.isPending} onChange={(e) => update.mutate({ workspacePolicy: (e.target.value || null) as "git_worktree" | "shared" | null })}>
        <option value="">As the project says</option>
        <option value="git_worktree">Its own git worktree</option>
        <option value="shared">The project&apos;s folder, shared</option>
      </Select>
      <ApiErrorAlert error={update.error} />
    </div>
  );
}

export function IssueWorkspacePanel({ companyId, issue, canWrite }: { companyId: string; issue: IssueDetail; canWrite: boolean }) {
  const ws = workspaceOf(issue);
  return (
    <Card data-testid="issue-workspace">
      <CardHeader
        title="Workspace"
        description={ws ? (ws.policy === "shared" ? "Runs work in the project's folder as it is." : "This issue's own git worktree and branch.") : undefined}
        actions={ws && <WorkspaceStateBadge ws={ws} />}
      />
      <CardBody className="space-y-3">
        {!ws ? (
          <p className="text-sm text-fg-muted">
            {issue.projectId ? "Made before the issue's first run, from the project's primary workspace." : "Runs of an issue outside a project work in their agent's own folder."}
          </p>
        ) : (
          <>
            {ws.error && <p role="alert" className="break-words rounded-md bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="workspace-error">{ws.error}</p>}
            {ws.state === "kept" && ws.keptReason && <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">Kept after the issue closed: {ws.keptReason}</p>}
            <dl className="grid grid-cols-[5.5rem_1fr] gap-x-3 gap-y-1.5 text-sm">
              <Item label="Path"><span className="break-all font-mono text-xs">{ws.path ?? "not made yet"}</span></Item>
              {ws.branch && <Item label="Branch"><span className="break-all font-mono text-xs" data-testid="workspace-branch">{ws.branch}</span></Item>}
              {ws.baseRef && <Item label="Base"><span className="break-all font-mono text-xs">{ws.baseRef}</span></Item>}
              {ws.policy === "git_worktree" && <Item label="Head"><span className="font-mono text-xs" title={ws.headSha ?? undefined}>{shortSha(ws.headSha)}</span></Item>}
              {ws.policy === "git_worktree" && <Item label="Commits">{aheadBehindText(ws)}</Item>}
              <Item label="Changes">{ws.dirty ? <Badge tone="amber">Uncommitted changes</Badge> : "none uncommitted"}</Item>
              {ws.inherited && <Item label="Shared">with its parent issue</Item>}
            </dl>
          </>
        )}
        {canWrite && <PolicyOverride companyId={companyId} issue={issue} />}
      </CardBody>
    </Card>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-fg-muted">{label}</dt>
      <dd className="min-w-0 text-fg">{children}</dd>
    </>
  );
}

const productTones: Record<string, BadgeTone> = { open: "blue", merged: "violet", closed: "gray", draft: "gray", failed: "red", ready: "green", deployed: "green" };

/** The issue's work products: the branch's commits (with +/- and files) first, then what agents reported. */
export function IssueWorkProducts({ companyId, issueId, hideWhenEmpty }: { companyId: string; issueId: string; hideWhenEmpty: boolean }) {
  const query = useQuery({ queryKey: workKeys.products(companyId, issueId), queryFn: () => fetchWorkProducts(issueId) });
  const items = query.data?.items ?? [];
  const commits = items.filter((p) => p.kind === "commit" && p.sha);
  const reported = items.filter((p) => !(p.kind === "commit" && p.sha));
  const totals = commits.reduce((t, c) => ({ add: t.add + (c.insertions ?? 0), del: t.del + (c.deletions ?? 0) }), { add: 0, del: 0 });
  // an issue outside a project has no workspace: its card shows only what agents reported
  if (hideWhenEmpty && items.length === 0) return null;
  return (
    <Card data-testid="issue-work-products">
      <CardHeader
        title="Work products"
        description={items.length === 0 ? undefined : `${commits.length} ${commits.length === 1 ? "commit" : "commits"} (+${totals.add} −${totals.del}), ${reported.length} reported`}
      />
      <ApiErrorAlert error={query.error} className="mx-5 mt-4" />
      {query.isLoading && <p className="px-5 py-4 text-sm text-fg-muted">Loading…</p>}
      {query.isSuccess && items.length === 0 && (
        <p className="px-5 py-4 text-sm text-fg-muted">Nothing yet. Commits on the issue&apos;s branch appear after each run; agents report pull requests, documents and links.</p>
      )}
      {reported.length > 0 && (
        <ul className="divide-y divide-slate-100 border-b border-slate-100" aria-label="Reported work products">
          {reported.map((p) => <ReportedRow key={p.id} product={p} />)}
        </ul>
      )}
      {commits.length > 0 && (
        <ul className="divide-y divide-slate-100" aria-label="Commits" data-testid="issue-commits">
          {commits.map((c) => <CommitRow key={c.id} commit={c} />)}
        </ul>
      )}
      {query.data?.nextCursor && <p className="px-5 py-2.5 text-xs text-fg-muted">Showing the first {items.length}; the API lists the rest.</p>}
    </Card>
  );
}

function ReportedRow({ product: p }: { product: WorkProduct }) {
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-5 py-2.5 text-sm" data-testid="work-product">
      <Badge tone="indigo">{humanize(p.kind)}</Badge>
      <span className="min-w-0 flex-1 break-words">
        {p.url && /^https?:\/\//i.test(p.url) ? <a href={p.url} target="_blank" rel="noreferrer noopener" className="font-medium text-link hover:underline">{p.title}</a> : <span className="font-medium text-fg">{p.title}</span>}
      </span>
      {p.status && <Badge tone={productTones[p.status] ?? "gray"}>{humanize(p.status)}</Badge>}
    </li>
  );
}

function CommitRow({ commit: c }: { commit: WorkProduct }) {
  return (
    <li className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 px-5 py-2.5 text-sm" data-testid="work-commit">
      <span className="font-mono text-xs text-fg-muted" title={c.sha ?? undefined}>{shortSha(c.sha)}</span>
      <span className="min-w-0 flex-1 break-words text-fg">{c.subject ?? c.title}</span>
      <span className="flex items-baseline gap-2 whitespace-nowrap text-xs tabular-nums">
        <span className="text-emerald-700">+{c.insertions ?? 0}</span>
        <span className="text-red-700">−{c.deletions ?? 0}</span>
        <span className="text-fg-muted">{c.filesChanged ?? 0} {c.filesChanged === 1 ? "file" : "files"}</span>
      </span>
      {c.author && <span className="w-full text-xs text-fg-subtle">{c.author} · <time dateTime={c.createdAt}>{formatDateTime(c.createdAt)}</time></span>}
    </li>
  );
}
