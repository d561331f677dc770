// Everything an export needs, read from the database in one REPEATABLE READ transaction, so the
// package is one consistent picture of the company even while its agents keep working. Only the
// parts the caller included are read; nothing here comes from the server's disk.
import type { StoredSettings } from "@/lib/portability/project-settings";
import type { AdapterType, AgentRole, GoalLevel, GoalStatus, IssuePriority, IssueStatus, ProjectStatus } from "@/lib/generated/prisma/client";
import type { Db } from "@/lib/db/client";
import type { Tx } from "@/lib/services/context";
import { readInstructionsBundle } from "@/lib/services/agents/instructions-bundle";

export interface ExportInclude {
  company: boolean;
  agents: boolean;
  projects: boolean;
  issues: boolean;
}

export interface ModelAgent {
  id: string;
  name: string;
  urlKey: string;
  title: string;
  role: AgentRole;
  icon: string | null;
  capabilities: string;
  budgetMonthlyCents: number;
  reportsToId: string | null;
  adapterType: AdapterType;
  adapterConfig: unknown;
  bundle: { path: string; content: string }[];
}

export interface ModelGoal {
  id: string;
  title: string;
  description: string;
  level: GoalLevel;
  status: GoalStatus;
  parentId: string | null;
  ownerAgentId: string | null;
}

export interface ModelWorkspace {
  name: string;
  cwd: string | null;
  repoUrl: string | null;
  repoRef: string | null;
  isPrimary: boolean;
}

export interface ModelProject {
  id: string;
  name: string;
  description: string;
  status: ProjectStatus;
  leadAgentId: string | null;
  targetDate: Date | null;
  goalIds: string[];
  workspaces: ModelWorkspace[];
  settings: StoredSettings;
}

export interface ModelIssue {
  id: string;
  identifier: string;
  title: string;
  description: string;
  status: IssueStatus;
  priority: IssuePriority;
  parentId: string | null;
  projectId: string | null;
  goalId: string | null;
  assigneeAgentId: string | null;
  assigneeUserId: string | null;
  blockedByIssueIds: string[];
}

export interface ModelRoutine {
  id: string;
  name: string;
  description: string;
  assigneeAgentId: string;
  projectId: string | null;
  goalId: string | null;
  parentIssueId: string | null;
  titleTemplate: string;
  priority: IssuePriority;
  status: "active" | "paused";
  concurrencyPolicy: string;
  catchUpPolicy: string;
  triggers: { kind: "schedule" | "webhook" | "api"; cron: string | null; timezone: string | null }[];
}

export interface ExportModel {
  company: {
    name: string;
    description: string;
    brandColor: string | null;
    budgetMonthlyCents: number;
    requireBoardApprovalForNewAgents: boolean;
  };
  logo: { contentType: string; data: Uint8Array } | null;
  /** live agents (every status but terminated), by urlKey */
  agents: ModelAgent[];
  terminatedAgents: number;
  /** by creation */
  goals: ModelGoal[];
  /** by creation */
  projects: ModelProject[];
  /** by number */
  issues: ModelIssue[];
  /** with the agents, by creation; triggers by creation */
  routines: ModelRoutine[];
}

/** Which issues to read: all of them, or those with these identifiers (upper case), or none. */
export type IssueSelection = "all" | string[];

async function readAgents(tx: Tx, companyId: string): Promise<Pick<ExportModel, "agents" | "terminatedAgents">> {
  const rows = await tx.agent.findMany({
    where: { companyId },
    orderBy: { urlKey: "asc" },
    select: {
      id: true, name: true, urlKey: true, title: true, role: true, icon: true, capabilities: true, budgetMonthlyCents: true,
      reportsToId: true, adapterType: true, adapterConfig: true, status: true,
    },
  });
  const agents: ModelAgent[] = [];
  for (const { status, ...row } of rows) {
    if (status === "terminated") continue;
    const bundle = await readInstructionsBundle(tx, companyId, row.id);
    agents.push({ ...row, bundle: bundle.files.map((f) => ({ path: f.path, content: f.content })) });
  }
  return { agents, terminatedAgents: rows.length - agents.length };
}

async function readProjects(tx: Tx, companyId: string): Promise<ModelProject[]> {
  const rows = await tx.project.findMany({
    where: { companyId },
    orderBy: { id: "asc" },
    include: {
      goals: { orderBy: [{ position: "asc" }, { goalId: "asc" }], select: { goalId: true } },
      workspaces: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { name: true, cwd: true, repoUrl: true, repoRef: true, isPrimary: true } },
    },
  });
  return rows.map((p) => ({
    id: p.id, name: p.name, description: p.description, status: p.status, leadAgentId: p.leadAgentId, targetDate: p.targetDate,
    goalIds: p.goals.map((g) => g.goalId), workspaces: p.workspaces,
    settings: { workspacePolicy: p.workspacePolicy, branchTemplate: p.branchTemplate, verification: p.verification, review: p.review },
  }));
}

async function readIssues(tx: Tx, companyId: string, selection: IssueSelection): Promise<ModelIssue[]> {
  if (selection !== "all" && selection.length === 0) return [];
  const issues = await tx.issue.findMany({
    where: { companyId, ...(selection === "all" ? {} : { identifier: { in: selection } }) },
    orderBy: { number: "asc" },
    select: {
      id: true, identifier: true, title: true, description: true, status: true, priority: true, parentId: true, projectId: true,
      goalId: true, assigneeAgentId: true, assigneeUserId: true,
    },
  });
  const edges = await tx.issueBlocker.findMany({ where: { companyId, issueId: { in: issues.map((i) => i.id) } }, orderBy: { createdAt: "asc" } });
  return issues.map((i) => ({ ...i, blockedByIssueIds: edges.filter((e) => e.issueId === i.id).map((e) => e.blockerIssueId) }));
}

/** Routines of live agents (a terminated assignee's are left with it), with their triggers but never a secret. */
async function readRoutines(tx: Tx, companyId: string, agentIds: Set<string>): Promise<ModelRoutine[]> {
  const rows = await tx.routine.findMany({ where: { companyId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const triggers = await tx.routineTrigger.findMany({
    where: { companyId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { routineId: true, kind: true, cron: true, timezone: true },
  });
  return rows.filter((r) => agentIds.has(r.assigneeAgentId)).map((r) => ({
    id: r.id, name: r.name, description: r.description, assigneeAgentId: r.assigneeAgentId, projectId: r.projectId, goalId: r.goalId,
    parentIssueId: r.parentIssueId, titleTemplate: r.titleTemplate, priority: r.priority, status: r.status,
    concurrencyPolicy: r.concurrencyPolicy, catchUpPolicy: r.catchUpPolicy,
    triggers: triggers.filter((t) => t.routineId === r.id).map(({ kind, cron, timezone }) => ({ kind, cron, timezone })),
  }));
}

async function readLogo(tx: Tx, companyId: string, logoAssetId: string | null): Promise<ExportModel["logo"]> {
  if (!logoAssetId) return null;
  const asset = await tx.asset.findFirst({ where: { id: logoAssetId, companyId }, select: { contentType: true, data: true } });
  return asset ? { contentType: asset.contentType, data: asset.data } : null;
}

export async function readExportModel(db: Db, companyId: string, include: ExportInclude, issues: IssueSelection): Promise<ExportModel> {
  return db.$transaction(async (tx) => {
    const company = await tx.company.findUniqueOrThrow({ where: { id: companyId } });
    // a part left out is not read, so references to it (a project's lead, a task's goal) drop out with it
    const { agents, terminatedAgents } = include.agents ? await readAgents(tx, companyId) : { agents: [], terminatedAgents: 0 };
    return {
      company: {
        name: company.name, description: company.description, brandColor: company.brandColor,
        budgetMonthlyCents: company.budgetMonthlyCents, requireBoardApprovalForNewAgents: company.requireBoardApprovalForNewAgents,
      },
      logo: include.company ? await readLogo(tx, companyId, company.logoAssetId) : null,
      agents,
      terminatedAgents,
      goals: include.company ? await tx.goal.findMany({
        where: { companyId }, orderBy: { id: "asc" },
        select: { id: true, title: true, description: true, level: true, status: true, parentId: true, ownerAgentId: true },
      }) : [],
      projects: include.projects ? await readProjects(tx, companyId) : [],
      issues: await readIssues(tx, companyId, issues),
      routines: include.agents ? await readRoutines(tx, companyId, new Set(agents.map((a) => a.id))) : [],
    };
  }, { isolationLevel: "RepeatableRead", maxWait: 10_000, timeout: 30_000 });
}
