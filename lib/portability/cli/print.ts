// What `npx charter company …` prints for people (the --json form prints the service's answer as is).
// Shapes are structural: the preview and result of an import, the inventory of an export.

interface Plan {
  companyAction: string;
  agentPlans: { slug: string; action: string; plannedName: string; reason?: string | null; role?: string | null; reportsToSlug?: string | null; status?: string | null; adapterType?: string | null }[];
  projectPlans: { slug: string; action: string; plannedName: string; reason?: string | null }[];
  issuePlans: { slug: string; action: string; plannedTitle: string; reason?: string | null }[];
  goalPlans: { key: string; action: string; plannedTitle: string; reason?: string | null }[];
  routinePlans?: { key: string; action: string; plannedName: string; assigneeSlug?: string; reason?: string | null }[];
}

export interface PreviewLike {
  targetCompanyName?: string | null;
  source?: { type?: string; url?: string | null; commit?: string | null } | null;
  plan: Plan;
  requiredSecrets: { key: string; agentSlug: string | null; requirement: string; declaredIn?: string }[];
  warnings: string[];
}

export interface ApplyLike {
  company: { id: string; name: string; issuePrefix: string; action: string };
  agents: { slug: string; action: string; name?: string; status?: string }[];
  projects: { action: string }[];
  issues: { action?: string; identifier?: string }[];
  goals: { action: string }[];
  routines?: { action: string }[];
  warnings: string[];
  requiredSecrets: unknown[];
}

const section = (title: string, lines: string[]) => (lines.length ? [`${title}:`, ...lines.map((l) => `  ${l}`)] : []);
const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function planLine(p: { action: string; plannedName?: string; plannedTitle?: string; slug?: string; key?: string; reason?: string | null }) {
  const name = p.plannedName ?? p.plannedTitle ?? "";
  const id = p.slug ?? p.key ?? "";
  const renamed = p.action === "create" && id && name && p.reason ? ` (${p.reason})` : "";
  if (p.action === "skip") return `skip    ${name} [${id}]${p.reason ? `: ${p.reason}` : ""}`;
  return `create  ${name} [${id}]${renamed}`;
}

function agentLine(a: Plan["agentPlans"][number]) {
  const facts = [a.role, a.reportsToSlug ? `reports to ${a.reportsToSlug}` : null, a.status, a.adapterType].filter(Boolean).join(", ");
  return `${planLine(a)}${facts && a.action === "create" ? ` — ${facts}` : ""}`;
}

/** `label`: what the user named as the source (a folder or zip reads as an inline source). */
export function formatPreview(p: PreviewLike, label: string): string {
  const src = p.source?.url ? `${p.source.url}${p.source.commit ? ` @ ${p.source.commit.slice(0, 12)}` : ""}` : label;
  const lines = [
    `Import of ${src} into ${p.plan.companyAction === "create" ? `a new company "${p.targetCompanyName ?? ""}"` : `"${p.targetCompanyName ?? ""}"`}`,
    ...section("Agents", p.plan.agentPlans.map(agentLine)),
    ...section("Projects", p.plan.projectPlans.map(planLine)),
    ...section("Goals", p.plan.goalPlans.map(planLine)),
    ...section("Issues", p.plan.issuePlans.map(planLine)),
    ...section("Routines", (p.plan.routinePlans ?? []).map(planLine)),
    ...section("Required secrets (set them on the agents after the import)", p.requiredSecrets.map((s) =>
      `${s.key} (${s.requirement}) for ${s.agentSlug ?? "the company"}${s.declaredIn ? `, declared in ${s.declaredIn}` : ""}`)),
    ...section("Warnings", p.warnings),
  ];
  return lines.join("\n");
}

export function formatApplied(r: ApplyLike): string {
  const created = (rows: { action?: string }[]) => rows.filter((x) => x.action === "created" || x.action === undefined).length;
  return [
    `${r.company.action === "created" ? "Created" : "Imported into"} ${r.company.name} (${r.company.issuePrefix}, ${r.company.id}):`,
    `  ${count(created(r.agents), "agent")}, ${count(created(r.projects), "project")}, ${count(created(r.goals), "goal")}, ${count(created(r.issues), "issue")}${
      r.routines?.length ? `, ${count(created(r.routines), "routine")}` : ""} created`,
    ...r.agents.filter((a) => a.status === "pending_approval").map((a) => `  ${a.name ?? a.slug} waits for board approval`),
  ].join("\n");
}

/** An API error from a refused package: its message and each file's problem. */
export function formatRefusal(e: { message: string; details?: unknown }): string {
  const details = Array.isArray(e.details) ? (e.details as { path?: string; message?: string }[]) : [];
  return [e.message, ...details.map((d) => `  ${d.path ?? ""}: ${d.message ?? ""}`)].join("\n");
}

export function formatExport(out: string, inventory: { path: string; kind: string }[], counts: object | null, warnings: string[]): string {
  const summary = counts ? Object.entries(counts as Record<string, number>).map(([k, v]) => `${k}: ${v}`).join(", ") : count(inventory.length, "file");
  return [
    `Exported to ${out} (${summary}):`,
    ...inventory.map((f) => `  ${f.kind.padEnd(9)} ${f.path}`),
    ...section("Warnings", warnings),
  ].join("\n");
}
