import type { ReactNode } from "react";
import type { ImportPreview } from "@/lib/queries/portability";
import { adapterLabels, roleLabel } from "@/lib/format";
import { Badge } from "@/components/ui/badge";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { AgentStatusBadge } from "@/components/agents/status-badge";
import { Figures, WarningList } from "@/components/portability/warning-list";

type Plan = ImportPreview["plan"];

function ActionBadge({ action, reason }: { action: "create" | "skip"; reason: string | null }) {
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      <Badge tone={action === "create" ? "green" : "gray"}>{action === "create" ? "Create" : "Skip"}</Badge>
      {reason && <span className="text-xs text-fg-subtle">{reason}</span>}
    </span>
  );
}

function PlanTable({ title, count, head, children }: { title: string; count: number; head: string[]; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <section aria-label={title} className="min-w-0">
      <h3 className="mb-2 text-sm font-medium text-fg">{title} ({count})</h3>
      <div className="rounded-md ring-1 ring-inset ring-line">
        <Table>
          <THead><tr>{head.map((h) => <TH key={h}>{h}</TH>)}</tr></THead>
          <TBody>{children}</TBody>
        </Table>
      </div>
    </section>
  );
}

const Name = ({ name, slug }: { name: string; slug: string }) => (
  <span className="block min-w-28">
    <span className="font-medium text-fg">{name}</span>
    <span className="block font-mono text-xs text-fg-subtle">{slug}</span>
  </span>
);

function AgentsTable({ plan }: { plan: Plan }) {
  const manager = namer(plan.agentPlans);
  return (
    <PlanTable title="Agents" count={plan.agentPlans.length} head={["Agent", "Role", "Manager", "Status", "Adapter", "Action"]}>
      {plan.agentPlans.map((a) => (
        <TR key={a.slug}>
          <TD><Name name={a.plannedName} slug={a.slug} /></TD>
          <TD>{roleLabel(a.role)}</TD>
          <TD>{manager(a.reportsToSlug)}</TD>
          <TD><AgentStatusBadge status={a.status} /></TD>
          <TD className="whitespace-nowrap">{adapterLabels[a.adapterType] ?? a.adapterType}</TD>
          <TD><ActionBadge action={a.action} reason={a.reason} /></TD>
        </TR>
      ))}
    </PlanTable>
  );
}

/** A slug as the name the plan gives it, the slug itself when the plan has no such entry. */
function namer(list: { slug: string; plannedName: string }[]) {
  const names = new Map(list.map((x) => [x.slug, x.plannedName]));
  return (slug: string | null) => (slug === null ? <span className="text-fg-subtle">—</span> : names.get(slug) ?? slug);
}

function OtherTables({ plan }: { plan: Plan }) {
  const project = namer(plan.projectPlans);
  const agent = namer(plan.agentPlans);
  return (
    <>
      <PlanTable title="Projects" count={plan.projectPlans.length} head={["Project", "Action"]}>
        {plan.projectPlans.map((p) => (
          <TR key={p.slug}><TD><Name name={p.plannedName} slug={p.slug} /></TD><TD><ActionBadge action={p.action} reason={p.reason} /></TD></TR>
        ))}
      </PlanTable>
      <PlanTable title="Issues" count={plan.issuePlans.length} head={["Issue", "Project", "Assignee", "Action"]}>
        {plan.issuePlans.map((i) => (
          <TR key={i.slug}>
            <TD><Name name={i.plannedTitle} slug={i.slug} /></TD>
            <TD>{project(i.projectSlug)}</TD>
            <TD>{agent(i.assigneeSlug)}</TD>
            <TD><ActionBadge action={i.action} reason={i.reason} /></TD>
          </TR>
        ))}
      </PlanTable>
      <PlanTable title="Goals" count={plan.goalPlans.length} head={["Goal", "Action"]}>
        {plan.goalPlans.map((g) => (
          <TR key={g.key}><TD><Name name={g.plannedTitle} slug={g.key} /></TD><TD><ActionBadge action={g.action} reason={g.reason} /></TD></TR>
        ))}
      </PlanTable>
      <PlanTable title="Routines" count={plan.routinePlans.length} head={["Routine", "Assignee", "Action"]}>
        {plan.routinePlans.map((r) => (
          <TR key={r.key}>
            <TD><Name name={r.plannedName} slug={r.key} /></TD>
            <TD>{agent(r.assigneeSlug)}</TD>
            <TD><ActionBadge action={r.action} reason={r.reason} /></TD>
          </TR>
        ))}
      </PlanTable>
    </>
  );
}

function SecretsTable({ secrets, plan }: { secrets: ImportPreview["requiredSecrets"]; plan: Plan }) {
  const agent = namer(plan.agentPlans);
  if (secrets.length === 0) return null;
  return (
    <section aria-label="Required secrets" className="min-w-0">
      <h3 className="text-sm font-medium text-fg">Required secrets ({secrets.length})</h3>
      <p className="mb-2 mt-0.5 text-sm text-fg-muted">The package asks for these; no import sets them. Add them to each agent&apos;s environment after applying.</p>
      <div className="rounded-md ring-1 ring-inset ring-line">
        <Table>
          <THead><tr><TH>Secret</TH><TH>Agent</TH><TH>Requirement</TH><TH>Declared in</TH></tr></THead>
          <TBody>
            {secrets.map((s) => (
              <TR key={`${s.agentSlug ?? ""}:${s.key}:${s.declaredIn}`}>
                <TD className="font-mono text-xs">{s.key}</TD>
                <TD>{s.agentSlug === null ? <span className="text-fg-subtle">Whole company</span> : agent(s.agentSlug)}</TD>
                <TD><Badge tone={s.requirement === "required" ? "amber" : "gray"}>{s.requirement}</Badge></TD>
                <TD className="font-mono text-xs">{s.declaredIn}</TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </div>
    </section>
  );
}

/** The preview's answer: what would be created or skipped, the secrets asked for, and the warnings. */
export function ImportPlan({ preview }: { preview: ImportPreview }) {
  const { plan } = preview;
  const creates = (list: { action: string }[]) => list.filter((x) => x.action === "create").length;
  return (
    <section aria-label="Import preview" className="space-y-5">
      <p className="text-sm text-fg-muted">
        {plan.companyAction === "create"
          ? <>Creates the company <strong className="text-fg">{preview.targetCompanyName}</strong>.</>
          : <>Adds to <strong className="text-fg">{preview.targetCompanyName}</strong>; nothing already there changes.</>}
        {preview.source.commit && <> From commit <span className="font-mono">{preview.source.commit.slice(0, 12)}</span>, which Apply imports.</>}
      </p>
      <Figures
        label="Planned"
        items={[
          ["Agents", creates(plan.agentPlans)], ["Projects", creates(plan.projectPlans)], ["Issues", creates(plan.issuePlans)],
          ["Goals", creates(plan.goalPlans)], ["Routines", creates(plan.routinePlans)],
        ]}
      />
      <AgentsTable plan={plan} />
      <OtherTables plan={plan} />
      <SecretsTable secrets={preview.requiredSecrets} plan={plan} />
      <WarningList warnings={preview.warnings} />
    </section>
  );
}
