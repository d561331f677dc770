import type { ReactNode } from "react";
import Link from "next/link";
import type { ImportPreview, ImportResult } from "@/lib/queries/portability";
import { ApiError } from "@/lib/queries/fetcher";
import { ApiErrorAlert } from "@/components/forms/api-error";
import { AgentStatusBadge } from "@/components/agents/status-badge";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { WarningList } from "@/components/portability/warning-list";

/**
 * A failed preview or apply. A package with errors (422 invalid_package) lists them by file, with the
 * path inside the package as the API gives it; any other refusal is the API's sentence and details.
 */
export function ImportFailure({ error }: { error: unknown }) {
  if (!(error instanceof ApiError) || error.code !== "invalid_package") return <ApiErrorAlert error={error} />;
  return (
    <section role="alert" aria-label="Package errors" className="rounded-md border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-800">
      <h3 className="font-medium">The package cannot be imported: {error.details.length} {error.details.length === 1 ? "error" : "errors"}</h3>
      <p className="mt-0.5 opacity-90">Nothing was written. Fix these files and preview again.</p>
      <ul className="mt-2 space-y-1.5">
        {error.details.map((d, i) => (
          <li key={i} className="break-words">
            <span className="rounded bg-red-100 px-1.5 py-0.5 font-mono text-xs">{d.path}</span>
            <span className="ml-2">{d.message}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function LinkList({ title, items }: { title: string; items: { key: string; href: string; label: string; extra?: ReactNode }[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-label={`Imported ${title.toLowerCase()}`}>
      <h3 className="text-sm font-medium text-fg">{title} ({items.length})</h3>
      <ul className="mt-1.5 space-y-1 text-sm">
        {items.map((i) => (
          <li key={i.key} className="flex flex-wrap items-center gap-2">
            <Link href={i.href} className="font-medium text-link underline-offset-2 hover:underline">{i.label}</Link>
            {i.extra}
          </li>
        ))}
      </ul>
    </section>
  );
}

const skipped = <Badge tone="gray">skipped</Badge>;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function summary(result: ImportResult): string {
  const made = (list: { action: string }[]) => list.filter((x) => x.action === "created").length;
  const parts = [
    count(made(result.agents), "agent", "agents"), count(made(result.projects), "project", "projects"),
    count(result.issues.length, "issue", "issues"), count(made(result.goals), "goal", "goals"),
  ];
  if (result.routines.length > 0) parts.push(count(made(result.routines), "routine", "routines"));
  return `${parts.join(", ")} created. No agent was woken.`;
}

/**
 * What an apply created, each row linking to its page in the company it landed in. The preview it
 * followed gives the issues' titles and the agents' names for the secrets still to set.
 */
export function ImportResultPanel({ result, preview }: { result: ImportResult; preview: ImportPreview | null }) {
  const prefix = result.company.issuePrefix;
  const created = result.company.action === "created";
  const title = new Map(preview?.plan.issuePlans.map((i) => [i.slug, i.plannedTitle]));
  const agentName = new Map(result.agents.map((a) => [a.slug, a.name]));
  return (
    <section aria-label="Import result" className="space-y-4 rounded-md border border-emerald-200 bg-emerald-50/60 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-medium text-emerald-900">{created ? `Created ${result.company.name}` : `Imported into ${result.company.name}`}</h3>
          <p className="mt-0.5 text-sm text-fg-muted">{summary(result)}</p>
        </div>
        <Link href={`/${prefix}/dashboard`} className={buttonClasses("primary", "sm")}>Open {result.company.name}</Link>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <LinkList
          title="Agents"
          items={result.agents.map((a) => ({
            key: a.slug, href: `/${prefix}/agents/${a.id}`, label: a.name,
            extra: a.action === "skipped" ? skipped : <>
              <AgentStatusBadge status={a.status} />
              {a.approvalId && <Link href={`/${prefix}/approvals/${a.approvalId}`} className="text-xs text-link hover:underline">approval</Link>}
            </>,
          }))}
        />
        <LinkList title="Projects" items={result.projects.map((p) => ({ key: p.slug, href: `/${prefix}/projects/${p.id}`, label: p.name, extra: p.action === "skipped" ? skipped : null }))} />
        <LinkList title="Issues" items={result.issues.map((i) => ({
          key: i.slug, href: `/${prefix}/issues/${i.identifier}`, label: i.identifier,
          extra: title.has(i.slug) ? <span className="min-w-0 break-words text-fg-muted">{title.get(i.slug)}</span> : null,
        }))} />
        <LinkList title="Goals" items={result.goals.map((g) => ({ key: g.key, href: `/${prefix}/goals`, label: g.name, extra: g.action === "skipped" ? skipped : null }))} />
        <LinkList title="Routines" items={result.routines.map((r) => ({ key: r.key, href: `/${prefix}/routines/${r.id}`, label: r.name, extra: r.action === "skipped" ? skipped : null }))} />
      </div>
      {result.requiredSecrets.length > 0 && (
        <p className="text-sm text-fg-muted">
          Still to set: {result.requiredSecrets.map((s) => `${s.key}${s.agentSlug ? ` (${agentName.get(s.agentSlug) ?? s.agentSlug})` : ""}`).join(", ")}.
        </p>
      )}
      <WarningList warnings={result.warnings} />
    </section>
  );
}
