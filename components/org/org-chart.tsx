import Link from "next/link";
import type { OrgNode } from "@/lib/dto/agents";
import { roleLabel } from "@/lib/format";
import { cn } from "@/lib/cn";
import { AgentAvatar } from "@/components/agents/agent-icon";
import { AgentStatusBadge } from "@/components/agents/status-badge";

/** Teams this wide or wider, made only of individual contributors, are listed vertically… */
const STACK_FROM = 3;
/** …and past this many, the rest fold away behind "N more" (no script: a <details>). */
const FOLD_AFTER = 8;

/** The reporting tree: nested boxes joined by lines (CSS in app/globals.css). */
export function OrgChart({ roots, prefix }: { roots: OrgNode[]; prefix: string }) {
  return (
    <div className="org-chart overflow-x-auto rounded-lg border border-slate-200 bg-white bg-[radial-gradient(var(--color-slate-200)_1px,transparent_1px)] [background-size:16px_16px]">
      <div className="mx-auto w-max min-w-full p-8">
        <ul className="org-level org-root">
          {roots.map((n) => <Branch key={n.id} node={n} prefix={prefix} />)}
        </ul>
      </div>
    </div>
  );
}

function Branch({ node, prefix }: { node: OrgNode; prefix: string }) {
  const reports = node.reports;
  const stack = reports.length >= STACK_FROM && reports.every((r) => r.reports.length === 0);
  return (
    <li className="org-item">
      <NodeCard node={node} prefix={prefix} />
      {reports.length > 0 && stack && <Stack reports={reports} prefix={prefix} />}
      {reports.length > 0 && !stack && (
        <ul className="org-level">
          {reports.map((r) => <Branch key={r.id} node={r} prefix={prefix} />)}
        </ul>
      )}
    </li>
  );
}

function Stack({ reports, prefix }: { reports: OrgNode[]; prefix: string }) {
  const fold = reports.length > FOLD_AFTER + 2;
  const shown = fold ? reports.slice(0, FOLD_AFTER) : reports;
  const rest = fold ? reports.slice(FOLD_AFTER) : [];
  return (
    <ul className="org-stack">
      {shown.map((r) => (
        <li key={r.id}><NodeCard node={r} prefix={prefix} compact /></li>
      ))}
      {rest.length > 0 && (
        <li className="org-fold">
          <details className="group/fold">
            <summary className="cursor-pointer list-none rounded-lg border border-dashed border-slate-300 bg-white/80 px-3 py-1.5 text-center text-xs font-medium text-slate-600 hover:border-indigo-300 hover:text-indigo-700">
              <span className="group-open/fold:hidden">Show {rest.length} more</span>
              <span className="hidden group-open/fold:inline">Show fewer</span>
            </summary>
            <ul className="org-stack org-stack-nested">
              {rest.map((r) => (
                <li key={r.id}><NodeCard node={r} prefix={prefix} compact /></li>
              ))}
            </ul>
          </details>
        </li>
      )}
    </ul>
  );
}

function NodeCard({ node, prefix, compact = false }: { node: OrgNode; prefix: string; compact?: boolean }) {
  return (
    <Link
      href={`/${prefix}/agents/${node.urlKey}`}
      data-testid="org-node"
      className={cn(
        "org-card group relative block rounded-lg border bg-white text-left shadow-xs transition hover:border-indigo-300 hover:shadow-md",
        node.role === "ceo" ? "border-amber-200" : "border-slate-200",
        compact ? "px-2.5 py-2" : "px-3 py-2.5",
      )}
    >
      <div className="flex items-center gap-2.5">
        <AgentAvatar icon={node.icon} role={node.role} size="sm" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-slate-900 group-hover:text-indigo-700">{node.name}</p>
          <p className="truncate text-xs text-slate-500">{node.title || roleLabel(node.role)}</p>
        </div>
      </div>
      {(!compact || node.status !== "idle") && (
        <div className="mt-2 flex items-center justify-between gap-2">
          <AgentStatusBadge status={node.status} />
          {!compact && node.reports.length > 0 && <span className="text-xs text-slate-400">{node.reports.length} {node.reports.length === 1 ? "report" : "reports"}</span>}
        </div>
      )}
    </Link>
  );
}
