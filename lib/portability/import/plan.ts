// An import's plan: what would be created or skipped in the target, in the shape the preview answers,
// plus what apply needs to write it. A pure function of the package, the target's rows and the
// request, so apply plans again inside its transaction and writes exactly what it planned there.
import { packageFileBytes, type PackageFiles } from "@/lib/portability/package-files";
import { sanitizeSvg, sniffImageType } from "@/lib/services/assets";
import { fit, type Findings } from "@/lib/portability/import/parse";
import { listed } from "@/lib/portability/import/read";
import { planAgents, type AgentPlan } from "@/lib/portability/import/plan-agents";
import { freeName, slugify, type PlanContext, type RequiredSecret } from "@/lib/portability/import/plan-types";
import type { ProjectExtra } from "@/lib/portability/import/sidecars";
import { planIssues, type IssuePlan } from "@/lib/portability/import/plan-issues";
import { planRoutines, type RoutinePlan } from "@/lib/portability/import/plan-routines";
import { planSettings, type PlannedSettings } from "@/lib/portability/project-settings";
import { isRepoAddress } from "@/lib/schemas/projects";

export interface GoalPlan {
  key: string;
  action: "create" | "skip";
  plannedTitle: string;
  existingGoalId: string | null;
  reason: string | null;
  detail: { description: string; level: string; status: string; parentKey: string | null; ownerSlug: string | null };
}

export interface ProjectPlan {
  slug: string;
  action: "create" | "skip";
  plannedName: string;
  existingProjectId: string | null;
  reason: string | null;
  detail: {
    description: string;
    status: string;
    targetDate: string | null;
    leadSlug: string | null;
    goalKeys: string[];
    workspaces: { name: string; repoUrl: string; repoRef: string | null; isPrimary: boolean }[];
    settings: PlannedSettings;
  };
}

export interface CompanyPlan {
  name: string;
  description: string;
  brandColor: string | null;
  logoPath: string | null;
  budgetMonthlyCents: number | null;
  requireBoardApprovalForNewAgents: boolean | null;
}

export interface ImportPlan {
  companyAction: "create" | "none";
  company: CompanyPlan;
  agentPlans: AgentPlan[];
  projectPlans: ProjectPlan[];
  issuePlans: IssuePlan[];
  goalPlans: GoalPlan[];
  routinePlans: RoutinePlan[];
  requiredSecrets: RequiredSecret[];
}

const goalLevels = ["company", "team", "agent", "task"];
const goalStatuses = ["planned", "active", "achieved", "cancelled"];
const projectStatuses = ["backlog", "planned", "active", "paused", "completed", "cancelled"];

/** The logo's bytes as an asset may hold them (docs/design.md §10), or null. */
export function logoOf(files: PackageFiles, logoPath: string | null): { data: Buffer; contentType: string; name: string } | null {
  const file = logoPath ? files[logoPath] : undefined;
  if (!file || !logoPath) return null;
  let data = packageFileBytes(file);
  const contentType = sniffImageType(data);
  if (!contentType || data.length === 0 || data.length > 2 * 1024 * 1024) return null;
  if (contentType === "image/svg+xml") data = Buffer.from(sanitizeSvg(data.toString("utf8")), "utf8");
  return { data, contentType, name: logoPath.split("/").pop() ?? "logo" };
}

function planCompany(ctx: PlanContext, newName: string | undefined, findings: Findings): CompanyPlan {
  const { pkg, include } = ctx;
  const m = pkg.sidecars.manifest?.company;
  const p = pkg.sidecars.paperclip?.company;
  const settings = include.company;
  const brand = settings ? m?.brandColor ?? p?.brandColor : undefined;
  const logoPath = settings ? m?.logoPath ?? p?.logoPath ?? null : null;
  if (logoPath && ctx.state.companyId) findings.warn(`${logoPath}: the logo of an existing company is not changed by an import`);
  else if (logoPath && !logoOf(pkg.files, logoPath)) findings.warn(`${logoPath}: no logo (not a PNG, JPEG, WebP, GIF or SVG image of at most 2 MiB)`);
  return {
    name: fit(newName ?? pkg.company.name ?? pkg.company.slug ?? "Imported company", 120, "COMPANY.md: name", findings),
    description: fit(pkg.company.description, 10_000, "COMPANY.md: description", findings),
    brandColor: brand && /^#[0-9a-fA-F]{6}$/.test(brand) ? brand : null,
    logoPath: logoPath && !ctx.state.companyId && logoOf(pkg.files, logoPath) ? logoPath : null,
    budgetMonthlyCents: settings ? m?.budgetMonthlyCents ?? p?.budgetMonthlyCents ?? null : null,
    requireBoardApprovalForNewAgents: settings ? m?.requireBoardApprovalForNewAgents ?? p?.requireBoardApprovalForNewAgents ?? null : null,
  };
}

/** Goals from the manifest, then GOAL.md files, then COMPANY.md's strings; a later source adds only new titles. */
function planGoals(ctx: PlanContext, agentSlugs: Set<string>, findings: Findings): GoalPlan[] {
  if (!ctx.include.company) return [];
  const { pkg } = ctx;
  const candidates: { key: string; title: string; description: string; level?: string; status?: string; parent?: string; owner?: string; from: string }[] = [
    ...(pkg.sidecars.manifest?.goals ?? []).map((g) => ({ ...g, from: ".charter.yaml" })),
    ...pkg.goalFiles.map((g) => ({ ...g, parent: g.parentPath ? pkg.goalFiles.find((x) => x.path === g.parentPath)?.key : undefined, from: g.path })),
    ...pkg.company.goals.map((title) => ({ key: slugify(title), title, description: "", from: "COMPANY.md" })),
  ];
  const titles = new Set<string>();
  const keys = new Set<string>();
  const existing = new Map(ctx.state.goals.map((g) => [g.title.trim().toLowerCase(), g.id]));
  const plans: GoalPlan[] = [];
  for (const g of candidates) {
    const title = fit(g.title.trim(), 200, `${g.from}: goal title`, findings);
    if (!title || titles.has(title.toLowerCase())) continue;
    titles.add(title.toLowerCase());
    let key = g.key;
    for (let i = 2; keys.has(key); i++) key = `${g.key}-${i}`;
    keys.add(key);
    const level = g.level && goalLevels.includes(g.level) ? g.level : "company";
    const status = g.status && goalStatuses.includes(g.status) ? g.status : "active";
    if ((g.level && level !== g.level) || (g.status && status !== g.status)) findings.warn(`${g.from}: goal "${title}": unknown level or status; ${level}, ${status}`);
    const owner = g.owner && agentSlugs.has(g.owner) ? g.owner : null;
    if (g.owner && !owner) findings.warn(`${g.from}: goal "${title}": owner "${g.owner}" is not an imported agent; no owner`);
    const found = existing.get(title.toLowerCase());
    plans.push({
      key, action: found ? "skip" : "create", plannedTitle: title, existingGoalId: found ?? null, reason: found ? "a goal with this title exists" : null,
      detail: { description: fit(g.description, 10_000, `${g.from}: goal description`, findings), level, status, parentKey: g.parent ?? null, ownerSlug: owner },
    });
  }
  cutGoalParents(plans, findings);
  return plans;
}

/** Parent links taken in order; the one that would close a loop is cut. */
function cutGoalParents(plans: GoalPlan[], findings: Findings) {
  const keys = new Set(plans.map((p) => p.key));
  const kept = new Map<string, string | null>();
  for (const p of plans) {
    const parent = p.detail.parentKey;
    if (parent !== null && !keys.has(parent)) {
      findings.warn(`goal "${p.plannedTitle}": parent "${parent}" is not an imported goal; no parent`);
      p.detail.parentKey = null;
    }
    for (let at = p.detail.parentKey; at !== null; at = kept.get(at) ?? null) {
      if (at === p.key) {
        findings.warn(`goal "${p.plannedTitle}": parent "${parent}" would close a loop; cut`);
        p.detail.parentKey = null;
        break;
      }
    }
    kept.set(p.key, p.detail.parentKey);
  }
}

function workspacesOf(slug: string, extra: ProjectExtra | undefined, from: string, findings: Findings): ProjectPlan["detail"]["workspaces"] {
  const out: ProjectPlan["detail"]["workspaces"] = [];
  for (const w of extra?.workspaces ?? []) {
    const raw = typeof w.repoUrl === "string" ? w.repoUrl.trim() : "";
    const repoUrl = raw.replace(/^([a-z]+:\/\/)[^/@]*@/i, "$1");
    // the API's rule (https, ssh, git@host:path), less file:// whose path is this machine's only
    if (!repoUrl || !isRepoAddress(repoUrl) || /^file:/i.test(repoUrl) || repoUrl.length > 2048) {
      findings.warn(`${from}: project ${slug}: a workspace without a repository URL Charter clones (https, ssh) not imported`);
      continue;
    }
    if (w.cwd !== undefined || w.commands !== undefined) findings.warn(`${from}: project ${slug}: workspace cwd and commands not imported`);
    const ref = typeof w.repoRef === "string" && w.repoRef.trim() ? w.repoRef.trim().slice(0, 255) : null;
    const name = typeof w.name === "string" ? w.name.trim().slice(0, 200) : "";
    out.push({ name, repoUrl, repoRef: ref, isPrimary: w.isPrimary === true });
  }
  return out;
}

function planProjects(ctx: PlanContext, agentSlugs: Set<string>, findings: Findings): ProjectPlan[] {
  if (!ctx.include.projects) return [];
  const taken = new Map(ctx.state.projects.map((p) => [p.name.toLowerCase(), p.id]));
  const seen = new Set<string>();
  return ctx.pkg.projects.map((p) => {
    const name = fit(p.name, 200, `${p.path}: name`, findings);
    const found = taken.get(name.toLowerCase());
    const repeated = seen.has(name.toLowerCase());
    seen.add(name.toLowerCase());
    const m = ctx.pkg.sidecars.manifest?.projects.get(p.slug);
    const pc = ctx.pkg.sidecars.paperclip?.projects.get(p.slug);
    const extra = m ?? pc;
    const from = m ? ".charter.yaml" : ".paperclip.yaml";
    const lead = p.owner && agentSlugs.has(p.owner) ? p.owner : null;
    if (p.owner && !lead) findings.warn(`${p.path}: owner "${p.owner}" is not an imported agent; no lead`);
    const rawStatus = extra?.status === "in_progress" ? "active" : extra?.status;
    const status = rawStatus && projectStatuses.includes(rawStatus) ? rawStatus : "planned";
    if (rawStatus && status !== rawStatus) findings.warn(`${from}: project ${p.slug}: status "${extra?.status}" unknown; planned`);
    const date = extra?.targetDate && /^\d{4}-\d{2}-\d{2}$/.test(extra.targetDate) && !Number.isNaN(Date.parse(extra.targetDate)) ? extra.targetDate : null;
    if (extra?.targetDate && !date) findings.warn(`${from}: project ${p.slug}: targetDate "${extra.targetDate}" is not a date; none set`);
    const detail = {
      description: fit(p.description, 10_000, `${p.path}: description`, findings), status, targetDate: date, leadSlug: lead, goalKeys: extra?.goals ?? [],
      workspaces: workspacesOf(p.slug, extra, from, findings),
      settings: planSettings(m?.settings, ctx.caller, agentSlugs, (note) => findings.warn(`.charter.yaml: project ${p.slug}: ${note}`)),
    };
    if (found && !repeated && ctx.strategy === "skip") {
      return { slug: p.slug, action: "skip" as const, plannedName: name, existingProjectId: found, reason: `a project named ${name} exists`, detail };
    }
    const plannedName = found || repeated ? freeName(name, 200, (n) => taken.has(n.toLowerCase())) : name;
    taken.set(plannedName.toLowerCase(), "");
    return { slug: p.slug, action: "create" as const, plannedName, existingProjectId: null, reason: plannedName !== name ? `renamed: ${name} is taken` : null, detail };
  });
}

/** GOAL.md's projectSlugs link goals to projects too; links to goals not imported are dropped. */
function linkProjectGoals(projects: ProjectPlan[], goals: GoalPlan[], ctx: PlanContext, findings: Findings) {
  const goalKeys = new Set(goals.map((g) => g.key));
  for (const gf of ctx.pkg.goalFiles) {
    for (const slug of gf.projects) projects.find((p) => p.slug === slug)?.detail.goalKeys.push(gf.key);
  }
  for (const p of projects) {
    const kept = [...new Set(p.detail.goalKeys)].filter((k) => goalKeys.has(k));
    if (kept.length < new Set(p.detail.goalKeys).size) findings.warn(`project ${p.slug}: links to goals not imported dropped`);
    p.detail.goalKeys = kept;
  }
}

/** The warnings about what has no place in Charter: skills, teams, Paperclip's routines, a missing licence. */
function packageWarnings(ctx: PlanContext, findings: Findings) {
  const { pkg } = ctx;
  const agentSkills = (ctx.include.agents ? pkg.agents : []).filter((a) => a.skills.length);
  if (pkg.skills.length || agentSkills.length) {
    const perAgent = agentSkills.map((a) => `${a.slug} [${a.skills.join(", ")}]`);
    findings.warn(`${pkg.skills.length} skill${pkg.skills.length === 1 ? "" : "s"} not imported (${listed(pkg.skills, 20)})${perAgent.length ? `; agent skills: ${listed(perAgent, 20)}` : ""}`);
  }
  if (pkg.teams.length) findings.warn(`${pkg.teams.length} team${pkg.teams.length === 1 ? "" : "s"} not imported (${listed(pkg.teams)}); the org chart comes from reportsTo`);
  // Paperclip keys its routines to recurring tasks: those stay plain backlog issues (docs/portability-import.md)
  const routines = pkg.sidecars.paperclip?.routines ?? [];
  if (routines.length) findings.warn(`.paperclip.yaml: routines not imported as schedules (${listed(routines)}); their tasks are plain backlog issues`);
  if (!pkg.company.license) findings.warn("no licence declared (COMPANY.md license or a LICENSE file)");
  const secrets = [...(pkg.sidecars.paperclip?.companyPlainEnv ?? []), ...(pkg.sidecars.manifest?.companyPlainEnv ?? [])];
  if (secrets.length) findings.warn(`.paperclip.yaml: env ${listed(secrets)} not set (values are system-dependent; set them on the agents)`);
}

function companySecrets(ctx: PlanContext): RequiredSecret[] {
  const out: RequiredSecret[] = [];
  const requirements = ctx.pkg.company.front.requirements;
  const declared = requirements && typeof requirements === "object" ? (requirements as Record<string, unknown>).secrets : undefined;
  for (const s of Array.isArray(declared) ? declared : []) {
    const key = typeof s === "string" ? s : s && typeof s === "object" ? String((s as Record<string, unknown>).name ?? (s as Record<string, unknown>).key ?? "") : "";
    const optional = s && typeof s === "object" && ((s as Record<string, unknown>).requirement === "optional" || (s as Record<string, unknown>).required === false);
    if (key) out.push({ key, agentSlug: null, requirement: optional ? "optional" : "required", declaredIn: "COMPANY.md" });
  }
  for (const sidecar of [ctx.pkg.sidecars.manifest, ctx.pkg.sidecars.paperclip]) {
    for (const e of sidecar?.companySecrets ?? []) out.push({ key: e.key, agentSlug: null, requirement: e.requirement, declaredIn: sidecar!.path });
  }
  return out;
}

export function planImport(ctx: PlanContext, newName: string | undefined, findings: Findings): ImportPlan {
  const requiredSecrets = companySecrets(ctx);
  const agentPlans = planAgents(ctx, findings, requiredSecrets);
  const agentSlugs = new Set(agentPlans.map((a) => a.slug));
  const goalPlans = planGoals(ctx, agentSlugs, findings);
  const projectPlans = planProjects(ctx, agentSlugs, findings);
  linkProjectGoals(projectPlans, goalPlans, ctx, findings);
  const known = { agents: agentSlugs, projects: new Set(projectPlans.map((p) => p.slug)), goals: new Set(goalPlans.map((g) => g.key)) };
  const issuePlans = planIssues(ctx, known, findings);
  const routinePlans = planRoutines(ctx, { ...known, issues: new Set(issuePlans.map((i) => i.slug)) }, findings);
  packageWarnings(ctx, findings);
  return {
    companyAction: ctx.state.companyId ? "none" : "create", company: planCompany(ctx, newName, findings),
    agentPlans, projectPlans, issuePlans, goalPlans, routinePlans, requiredSecrets,
  };
}
