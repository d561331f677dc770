// Writing a plan, inside the caller's one transaction: the company (new: with memberships and logo),
// agents with their config revision, approval and instructions, goals, projects with workspaces,
// issues numbered from the company's counter. Nothing wakes: no wake request, every timer off.
import type { Prisma } from "@/lib/generated/prisma/client";
import { boardUserId, type Actor } from "@/lib/auth/actor";
import type { PackageFiles } from "@/lib/portability/package-files";
import type { ServiceContext, Tx } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { pickPrefix } from "@/lib/services/companies";
import { insertAgent } from "@/lib/services/agents/crud";
import { hireSnapshot } from "@/lib/services/hires";
import { insertAsset } from "@/lib/services/assets";
import { insertWorkspace } from "@/lib/services/projects/workspaces";
import { settingsColumns } from "@/lib/portability/project-settings";
import { writeInstructionsBundle } from "@/lib/services/agents/instructions-bundle";
import { logoOf, type ImportPlan } from "@/lib/portability/import/plan";
import type { AgentPlan } from "@/lib/portability/import/plan-agents";
import { writeRoutines } from "@/lib/portability/import/apply-routines";

type Status = Prisma.IssueCreateManyInput["status"];

export interface Written {
  company: { id: string; name: string; issuePrefix: string; action: "created" | "unchanged" };
  agents: { slug: string; id: string; action: "created" | "skipped"; name: string; status: string; approvalId: string | null; reason: string | null }[];
  projects: { slug: string; id: string; action: "created" | "skipped"; name: string }[];
  issues: { slug: string; id: string; identifier: string; action: "created" }[];
  goals: { key: string; id: string; action: "created" | "skipped"; name: string }[];
  routines: { key: string; id: string; action: "created" | "skipped"; name: string }[];
}

interface NewCompany {
  /** whose memberships the new company copies; null (the CLI) copies none */
  routeCompanyId: string | null;
  requireApproval: boolean;
  /** an agent caller's new company takes no budget from the package */
  takeBudget: boolean;
}

export async function createTargetCompany(tx: Tx, actor: Actor, plan: ImportPlan, files: PackageFiles, opts: NewCompany) {
  const c = plan.company;
  const issuePrefix = await pickPrefix(tx, { name: c.name });
  const company = await tx.company.create({
    data: {
      name: c.name, description: c.description, issuePrefix, brandColor: c.brandColor,
      budgetMonthlyCents: opts.takeBudget ? c.budgetMonthlyCents ?? 0 : 0, requireBoardApprovalForNewAgents: opts.requireApproval,
    },
  });
  const members = opts.routeCompanyId ? await tx.membership.findMany({ where: { companyId: opts.routeCompanyId }, select: { userId: true, role: true } }) : [];
  const userId = boardUserId(actor);
  if (userId && !members.some((m) => m.userId === userId)) members.push({ userId, role: "owner" });
  if (members.length) await tx.membership.createMany({ data: members.map((m) => ({ companyId: company.id, userId: m.userId, role: m.role })) });
  await recordActivity(tx, actor, { companyId: company.id, action: "company.created", entityType: "company", entityId: company.id, details: { name: company.name, issuePrefix } });
  const logo = logoOf(files, c.logoPath);
  if (logo) {
    const assetId = await insertAsset(tx, actor, company.id, logo);
    await tx.company.update({ where: { id: company.id }, data: { logoAssetId: assetId } });
  }
  return company;
}

/** Managers before their reports, so each agent's manager exists when it is inserted. */
function managersFirst(plans: AgentPlan[]): AgentPlan[] {
  const out: AgentPlan[] = [];
  const placed = new Set<string>();
  const bySlug = new Map(plans.map((p) => [p.slug, p]));
  const place = (p: AgentPlan) => {
    if (placed.has(p.slug)) return;
    placed.add(p.slug);
    const m = p.reportsToSlug ? bySlug.get(p.reportsToSlug) : undefined;
    if (m) place(m);
    out.push(p);
  };
  plans.forEach(place);
  return out;
}

async function writeAgents(tx: Tx, ctx: ServiceContext, companyId: string, plan: ImportPlan, out: Written): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const actor = ctx.actor;
  const ownCompany = actor.kind === "agent" && actor.companyId === companyId;
  for (const a of managersFirst(plan.agentPlans)) {
    if (a.action === "skip") {
      ids.set(a.slug, a.existingAgentId as string);
      continue;
    }
    const d = a.detail;
    const reportsTo = a.reportsToSlug ? ids.get(a.reportsToSlug) ?? null : d.managerExistingId;
    const input = {
      name: a.plannedName, role: a.role, title: d.title, icon: d.icon as never, capabilities: d.capabilities, reportsTo,
      adapterType: a.adapterType as "process", adapterConfig: d.adapterConfig, runtimeConfig: { heartbeat: { enabled: false } }, budgetMonthlyCents: d.budgetMonthlyCents,
    };
    const agent = await insertAgent(tx, ctx, companyId, input, { status: a.status, urlKey: a.slug });
    ids.set(a.slug, agent.id);
    let approvalId: string | null = null;
    if (a.status === "pending_approval") {
      const approval = await tx.approval.create({
        data: {
          companyId, type: "hire_agent", subjectAgentId: agent.id, payload: hireSnapshot(agent.id, { ...input, reason: "Imported from a company package" }),
          requestedByAgentId: ownCompany ? (actor as { agentId: string }).agentId : null, requestedByUserId: null,
        },
      });
      approvalId = approval.id;
      await recordActivity(tx, actor, {
        companyId, action: "approval.created", entityType: "approval", entityId: approval.id, details: { type: "hire_agent", agentId: agent.id, name: agent.name },
      });
    }
    if (d.bundle.length) await writeInstructionsBundle(tx, actor, { companyId, agentId: agent.id, files: d.bundle, reason: "import" });
    out.agents.push({ slug: a.slug, id: agent.id, action: "created", name: agent.name, status: agent.status, approvalId, reason: a.reason });
  }
  for (const a of plan.agentPlans.filter((p) => p.action === "skip")) {
    out.agents.push({ slug: a.slug, id: a.existingAgentId as string, action: "skipped", name: a.plannedName, status: "existing", approvalId: null, reason: a.reason });
  }
  out.agents.sort((x, y) => plan.agentPlans.findIndex((p) => p.slug === x.slug) - plan.agentPlans.findIndex((p) => p.slug === y.slug));
  return ids;
}

async function writeGoals(tx: Tx, actor: Actor, companyId: string, plan: ImportPlan, agents: Map<string, string>, out: Written) {
  const ids = new Map<string, string>();
  const byKey = new Map(plan.goalPlans.map((g) => [g.key, g]));
  const depth = (key: string, n = 0): number => (n > 64 ? n : byKey.get(key)?.detail.parentKey ? depth(byKey.get(key)!.detail.parentKey!, n + 1) : n);
  for (const g of [...plan.goalPlans].sort((a, b) => depth(a.key) - depth(b.key))) {
    if (g.action === "skip") {
      ids.set(g.key, g.existingGoalId as string);
      continue;
    }
    const d = g.detail;
    const row = await tx.goal.create({
      data: {
        companyId, title: g.plannedTitle, description: d.description, level: d.level as never, status: d.status as never,
        parentId: d.parentKey ? ids.get(d.parentKey) ?? null : null, ownerAgentId: d.ownerSlug ? agents.get(d.ownerSlug) ?? null : null,
      },
    });
    ids.set(g.key, row.id);
    await recordActivity(tx, actor, {
      companyId, action: "goal.created", entityType: "goal", entityId: row.id, details: { title: row.title, level: row.level, status: row.status, parentId: row.parentId },
    });
  }
  for (const g of plan.goalPlans) out.goals.push({ key: g.key, id: ids.get(g.key) as string, action: g.action === "skip" ? "skipped" : "created", name: g.plannedTitle });
  return ids;
}

async function writeProjects(tx: Tx, actor: Actor, companyId: string, plan: ImportPlan, refs: { agents: Map<string, string>; goals: Map<string, string> }, out: Written) {
  const ids = new Map<string, string>();
  for (const p of plan.projectPlans) {
    if (p.action === "skip") {
      ids.set(p.slug, p.existingProjectId as string);
      out.projects.push({ slug: p.slug, id: p.existingProjectId as string, action: "skipped", name: p.plannedName });
      continue;
    }
    const d = p.detail;
    const goalIds = d.goalKeys.map((k) => refs.goals.get(k)).filter((id): id is string => Boolean(id));
    const project = await tx.project.create({
      data: {
        companyId, name: p.plannedName, description: d.description, status: d.status as never, leadAgentId: d.leadSlug ? refs.agents.get(d.leadSlug) ?? null : null,
        targetDate: d.targetDate ? new Date(`${d.targetDate}T00:00:00Z`) : null,
        goals: { create: [...new Set(goalIds)].map((goalId, position) => ({ companyId, goalId, position })) },
        ...settingsColumns(d.settings, refs.agents),
      },
    });
    await recordActivity(tx, actor, { companyId, action: "project.created", entityType: "project", entityId: project.id, details: { name: project.name, status: project.status, goalIds } });
    for (const w of d.workspaces) await insertWorkspace(tx, actor, project, w);
    ids.set(p.slug, project.id);
    out.projects.push({ slug: p.slug, id: project.id, action: "created", name: project.name });
  }
  return ids;
}

async function writeIssues(tx: Tx, actor: Actor, companyId: string, plan: ImportPlan, refs: Record<"agents" | "projects" | "goals", Map<string, string>>, out: Written) {
  const ids = new Map<string, string>();
  const n = plan.issuePlans.length;
  if (n === 0) return ids;
  const [counter] = await tx.$queryRaw<{ issueCounter: number; issuePrefix: string }[]>`
    UPDATE "Company" SET "issueCounter" = "issueCounter" + ${n} WHERE id = ${companyId}::uuid RETURNING "issueCounter", "issuePrefix"`;
  const mine = actor.kind === "agent" && actor.companyId === companyId;
  for (const [i, p] of plan.issuePlans.entries()) {
    const number = counter.issueCounter - n + 1 + i;
    const d = p.detail;
    const now = new Date();
    const row = await tx.issue.create({
      data: {
        companyId, number, identifier: `${counter.issuePrefix}-${number}`, title: p.plannedTitle, description: d.description, status: d.status as Status,
        priority: d.priority as never, projectId: p.projectSlug ? refs.projects.get(p.projectSlug) ?? null : null, goalId: d.goalKey ? refs.goals.get(d.goalKey) ?? null : null,
        assigneeAgentId: p.assigneeSlug ? refs.agents.get(p.assigneeSlug) ?? null : null,
        createdByAgentId: mine ? (actor as { agentId: string }).agentId : null, createdByUserId: boardUserId(actor),
        startedAt: d.status === "in_progress" ? now : null, completedAt: d.status === "done" ? now : null, cancelledAt: d.status === "cancelled" ? now : null,
      },
    });
    ids.set(p.slug, row.id);
    await recordActivity(tx, actor, {
      companyId, action: "issue.created", entityType: "issue", entityId: row.id,
      details: { identifier: row.identifier, title: row.title, status: row.status, assigneeAgentId: row.assigneeAgentId },
    });
    out.issues.push({ slug: p.slug, id: row.id, identifier: row.identifier, action: "created" });
  }
  for (const p of plan.issuePlans.filter((x) => x.detail.parentSlug)) {
    await tx.issue.update({ where: { id: ids.get(p.slug) as string }, data: { parentId: ids.get(p.detail.parentSlug as string) as string } });
  }
  const blockers = plan.issuePlans.flatMap((p) => p.detail.blockerSlugs.map((b) => ({ issueId: ids.get(p.slug) as string, blockerIssueId: ids.get(b) as string, companyId })));
  if (blockers.length) await tx.issueBlocker.createMany({ data: blockers });
  return ids;
}

/** Everything below the company; `company` is the target (new or locked existing). */
export async function writePlan(tx: Tx, ctx: ServiceContext, company: { id: string; name: string; issuePrefix: string }, created: boolean, plan: ImportPlan): Promise<Written> {
  const out: Written = {
    company: { id: company.id, name: company.name, issuePrefix: company.issuePrefix, action: created ? "created" : "unchanged" },
    agents: [], projects: [], issues: [], goals: [], routines: [],
  };
  const agents = await writeAgents(tx, ctx, company.id, plan, out);
  const goals = await writeGoals(tx, ctx.actor, company.id, plan, agents, out);
  const projects = await writeProjects(tx, ctx.actor, company.id, plan, { agents, goals }, out);
  const issues = await writeIssues(tx, ctx.actor, company.id, plan, { agents, projects, goals }, out);
  out.routines = await writeRoutines(tx, ctx.actor, company.id, plan.routinePlans, { agents, projects, goals, issues });
  return out;
}
