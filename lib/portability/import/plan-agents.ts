// Planning a package's agents against a target: who reports to whom (slugs or relative paths, loops
// cut), roles (foreign ones mapped, a CEO inferred, never two), names (collisions renamed or skipped),
// what each will run (by caller), their instructions bundle and the secrets they declare.
import path from "node:path/posix";
import { agentIcons } from "@/lib/icons";
import { adapterTypes, agentRoles } from "@/lib/schemas/agents";
import { fitBundle } from "@/lib/services/agents/instructions-bundle";
import { fit, type Findings } from "@/lib/portability/import/parse";
import { listed, type PackageModel, type PkgAgent } from "@/lib/portability/import/read";
import type { AgentExtra, EnvInput, Sidecar } from "@/lib/portability/import/sidecars";
import { freeName, type PlanContext, type RequiredSecret } from "@/lib/portability/import/plan-types";

type Role = (typeof agentRoles)[number];

export interface AgentPlan {
  slug: string;
  action: "create" | "skip";
  plannedName: string;
  existingAgentId: string | null;
  reason: string | null;
  role: Role;
  reportsToSlug: string | null;
  status: "idle" | "pending_approval";
  adapterType: string;
  /** what apply needs beyond the answer */
  detail: {
    managerExistingId: string | null;
    title: string;
    icon: string | null;
    capabilities: string;
    budgetMonthlyCents: number;
    adapterConfig: Record<string, unknown>;
    bundle: { path: string; content: string }[];
  };
}

const managerRoles = new Set(["cto", "cmo", "cfo", "coo", "vp", "head", "lead", "pm"]);

/** The package slug `reportsTo` names (a slug, or a relative path to an AGENTS.md or its folder). */
function managerSlug(agent: PkgAgent, bySlug: Map<string, PkgAgent>, byPath: Map<string, PkgAgent>, findings: Findings): string | null {
  const raw = agent.reportsTo;
  if (raw === null || raw === "null" || raw === "") return null;
  let found: PkgAgent | undefined;
  if (raw.includes("/") || raw.endsWith(".md")) {
    const target = path.normalize(path.join(path.dirname(agent.path), raw)).replace(/\/$/, "");
    found = byPath.get(target.endsWith(".md") ? target : `${target}/AGENTS.md`);
  } else found = bySlug.get(raw);
  if (!found) {
    findings.warn(`${agent.path}: reportsTo "${raw}" names no agent of the import; it reports to nobody`);
    return null;
  }
  return found.slug;
}

/** Manager edges added in path order; the edge that would close a loop is cut. */
function reportingLines(agents: PkgAgent[], findings: Findings): Map<string, string | null> {
  const bySlug = new Map(agents.map((a) => [a.slug, a]));
  const byPath = new Map(agents.map((a) => [a.path, a]));
  const manager = new Map<string, string | null>();
  for (const a of agents) {
    let m = managerSlug(a, bySlug, byPath, findings);
    for (let at = m; at !== null && m !== null; at = manager.get(at) ?? null) {
      if (at === a.slug) {
        findings.warn(`${a.path}: reportsTo "${a.reportsTo}" would close a reporting loop; cut`);
        m = null;
      }
    }
    manager.set(a.slug, m);
  }
  return manager;
}

/** The role as written (manifest, front matter, .paperclip.yaml) mapped onto Charter's, with where it came from. */
function statedRole(a: PkgAgent, extras: (AgentExtra | undefined)[], sources: string[], findings: Findings): Role | undefined {
  const candidates: [string | undefined, string][] = [[extras[0]?.role, sources[0]], [a.role, a.path], [extras[1]?.role, sources[1]]];
  const hit = candidates.find(([r]) => r !== undefined);
  if (!hit) return undefined;
  const [raw, from] = hit as [string, string];
  const role = raw.toLowerCase();
  if ((agentRoles as readonly string[]).includes(role)) return role as Role;
  const mapped: Role = managerRoles.has(role) ? "manager" : role === "devops" ? "engineer" : "general";
  findings.warn(`${from}: role "${raw}" mapped to ${mapped}`);
  return mapped;
}

/** Roles by slug, and the package CEO demoted because the target already has one (it reports to that CEO). */
function assignRoles(agents: PkgAgent[], manager: Map<string, string | null>, ctx: PlanContext, findings: Findings) {
  const roles = new Map<string, Role>();
  const sidecarPaths = [ctx.pkg.sidecars.manifest?.path ?? ".charter.yaml", ctx.pkg.sidecars.paperclip?.path ?? ".paperclip.yaml"];
  for (const a of agents) {
    const role = statedRole(a, extrasOf(ctx.pkg, a.slug), sidecarPaths, findings);
    if (role) roles.set(a.slug, role);
  }
  const roots = agents.filter((a) => manager.get(a.slug) === null);
  if (![...roles.values()].includes("ceo")) {
    const chief = roots.find((a) => a.slug === "ceo" && !roles.has(a.slug)) ?? (roots.length === 1 && !roles.has(roots[0].slug) ? roots[0] : undefined);
    if (chief) roles.set(chief.slug, "ceo");
  }
  const hasReports = new Set([...manager.values()].filter((m): m is string => m !== null));
  for (const a of agents) if (!roles.has(a.slug)) roles.set(a.slug, hasReports.has(a.slug) ? "manager" : "general");
  let ceoSeen = false;
  let demoted: string | null = null;
  for (const a of agents) {
    if (roles.get(a.slug) !== "ceo") continue;
    if (ceoSeen || ctx.state.ceoId) {
      roles.set(a.slug, "manager");
      if (!ceoSeen) {
        demoted = a.slug;
        manager.set(a.slug, null);
      }
      findings.warn(ctx.state.ceoId && !ceoSeen
        ? `${a.path}: the company already has a CEO; imported as a manager reporting to it`
        : `${a.path}: a second CEO; imported as a manager`);
    } else if (manager.get(a.slug) !== null) {
      findings.warn(`${a.path}: the CEO reports to nobody; reportsTo dropped`);
      manager.set(a.slug, null);
    }
    ceoSeen = true;
  }
  return { roles, demoted };
}

function extrasOf(pkg: PackageModel, slug: string): [AgentExtra | undefined, AgentExtra | undefined] {
  return [pkg.sidecars.manifest?.agents.get(slug), pkg.sidecars.paperclip?.agents.get(slug)];
}

const machinePath = /^(cwd|instructionsFilePath|.*(Path|Dir|File))$/;
const commandKeys = new Set(["command", "args", "extraArgs"]);

function keyReason(key: string): string {
  if (machinePath.test(key)) return "machine path";
  if (commandKeys.has(key)) return "command";
  if (key === "url") return "URL";
  if (key === "env") return "env values are never imported";
  return "not a setting an import takes";
}

/** What the agent will run: a board caller gets the type (if Charter has it), model and timeoutSec; an agent caller the default. */
function adapterOf(a: PkgAgent, ctx: PlanContext, findings: Findings): { type: string; config: Record<string, unknown> } {
  const [manifest, paperclip] = extrasOf(ctx.pkg, a.slug);
  const [source, sidecar] = manifest?.adapterType ? [manifest, ctx.pkg.sidecars.manifest as Sidecar] : [paperclip, ctx.pkg.sidecars.paperclip as Sidecar];
  const type = source?.adapterType ?? ctx.pkg.sidecars.paperclip?.defaultAdapterType;
  if (ctx.caller === "agent") return { type: "process", config: {} };
  const where = `${sidecar?.path ?? ".paperclip.yaml"}: agent ${a.slug}`;
  const config: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source?.adapterConfig ?? {})) {
    if (key === "model" && typeof value === "string" && value.trim()) config.model = value.trim().slice(0, 200);
    else if (key === "timeoutSec" && Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 86_400) config.timeoutSec = value;
    else findings.warn(`${where}: adapter key ${key} not imported (${keyReason(key)})`);
  }
  if (!type) return { type: "process", config };
  if ((adapterTypes as readonly string[]).includes(type)) return { type, config };
  findings.warn(source?.adapterType ? `${where}: adapter ${type} is not in Charter; default adapter, no command` : `.paperclip.yaml: adapter ${type} is not in Charter; default adapter, no command`);
  return { type: "process", config: {} };
}

/** Secrets go to requiredSecrets; plain inputs and values are named, never set. */
function envOf(a: PkgAgent, ctx: PlanContext, secrets: RequiredSecret[], findings: Findings) {
  const [manifest, paperclip] = extrasOf(ctx.pkg, a.slug);
  const sources: [AgentExtra | undefined, string][] = [[manifest, ".charter.yaml"], [paperclip, ".paperclip.yaml"]];
  for (const [extra, file] of sources) {
    if (!extra) continue;
    const plain = [...extra.env.filter((e: EnvInput) => !e.secret).map((e) => e.key), ...extra.envValues];
    for (const e of extra.env.filter((x) => x.secret)) {
      if (!secrets.some((s) => s.key === e.key && s.agentSlug === a.slug)) secrets.push({ key: e.key, agentSlug: a.slug, requirement: e.requirement, declaredIn: file });
    }
    if (plain.length) findings.warn(`${file}: agent ${a.slug}: env ${listed(plain)} not set (values are system-dependent; set them on the agent)`);
    if (extra.ignored.length) findings.warn(`${file}: agent ${a.slug}: keys not imported: ${listed(extra.ignored)}`);
  }
}

function bundleOf(a: PkgAgent, findings: Findings) {
  const { kept, dropped } = fitBundle(a.bundle);
  if (dropped.length) findings.warn(`${path.dirname(a.path)}: instructions files not imported (over the bundle's limits): ${listed(dropped.map((d) => `${d.path} (${d.reason})`))}`);
  return kept;
}

function detailOf(a: PkgAgent, ctx: PlanContext, findings: Findings) {
  const [manifest, paperclip] = extrasOf(ctx.pkg, a.slug);
  const icon = manifest?.icon ?? paperclip?.icon;
  if (icon && !(agentIcons as readonly string[]).includes(icon)) findings.warn(`${a.path}: icon "${icon}" is not one of Charter's; none set`);
  const capabilities = manifest?.capabilities ?? paperclip?.capabilities ?? a.description ?? "";
  return {
    title: fit(a.title, 200, `${a.path}: title`, findings), icon: icon && (agentIcons as readonly string[]).includes(icon) ? icon : null,
    capabilities: fit(capabilities, 10_000, `${a.path}: capabilities`, findings), budgetMonthlyCents: manifest?.budgetMonthlyCents ?? paperclip?.budgetMonthlyCents ?? 0,
  };
}

export function planAgents(ctx: PlanContext, findings: Findings, secrets: RequiredSecret[]): AgentPlan[] {
  const agents = ctx.include.agents ? ctx.pkg.agents : [];
  const manager = reportingLines(agents, findings);
  const { roles, demoted } = assignRoles(agents, manager, ctx, findings);
  const taken = new Map(ctx.state.agents.map((e) => [e.name.toLowerCase(), e.id]));
  const seen = new Set<string>();
  const plans: AgentPlan[] = [];
  for (const a of agents) {
    const name = fit(a.name, 100, `${a.path}: name`, findings);
    const existing = taken.get(name.toLowerCase());
    const repeated = seen.has(name.toLowerCase());
    seen.add(name.toLowerCase());
    const role = roles.get(a.slug) as Role;
    const base = { slug: a.slug, role, reportsToSlug: manager.get(a.slug) ?? null };
    if (existing && !repeated && ctx.strategy === "skip") {
      plans.push({ ...base, action: "skip", plannedName: name, existingAgentId: existing, reason: `an agent named ${name} exists`, status: "idle", adapterType: "process", detail: emptyDetail(existing) });
      continue;
    }
    const plannedName = existing || repeated ? freeName(name, 100, (n) => taken.has(n.toLowerCase())) : name;
    taken.set(plannedName.toLowerCase(), "");
    const adapter = adapterOf(a, ctx, findings);
    envOf(a, ctx, secrets, findings);
    plans.push({
      ...base, action: "create", plannedName, existingAgentId: null, reason: plannedName !== name ? `renamed: ${name} is taken` : null,
      status: ctx.caller === "agent" && ctx.state.requireApproval ? "pending_approval" : "idle", adapterType: adapter.type,
      detail: { ...detailOf(a, ctx, findings), managerExistingId: a.slug === demoted ? ctx.state.ceoId : null, adapterConfig: adapter.config, bundle: bundleOf(a, findings) },
    });
  }
  if (ctx.caller === "agent" && agents.length) findings.warn("imported by an agent: every agent gets the default adapter (process) with no command; the board sets what agents run");
  return plans;
}

const emptyDetail = (existingId: string) => ({
  managerExistingId: existingId, title: "", icon: null, capabilities: "", budgetMonthlyCents: 0, adapterConfig: {}, bundle: [],
});
