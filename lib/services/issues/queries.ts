// Reading issues: by id or identifier inside the caller's companies; the detail view with the
// resolved project, goal and ancestors (nearest parent first).
import { Prisma, type Issue } from "@/lib/generated/prisma/client";
import { authorize, companyScope, type Permission } from "@/lib/auth/permissions";
import { notFound } from "@/lib/http/errors";
import { issueDto, type StallColumns } from "@/lib/dto/issues";
import { issueWorkspaceDto } from "@/lib/dto/execution-workspaces";
import { isUuid } from "@/lib/schemas/common";
import type { Db } from "@/lib/db/client";
import type { ServiceContext, Tx } from "@/lib/services/context";
import { blockersOf, dependentsOf } from "@/lib/services/issues/blockers";

/**
 * The columns of the Issue model, for hand-written SQL (never `i.*`: the table also holds the
 * search vector, which only the database reads).
 */
export const issueColumns = (alias: string) => Object.values(Prisma.IssueScalarFieldEnum).map((c) => `${alias}."${c}"`).join(", ");

function issueKey(ref: string): Prisma.IssueWhereInput {
  return isUuid(ref) ? { id: ref } : { identifier: ref.toUpperCase() };
}

/** The issue, among the caller's companies or only in `inCompany` when given. */
export async function getIssueOrThrow(ctx: ServiceContext, ref: string, permission: Permission, db: Db | Tx = ctx.db, inCompany?: string): Promise<Issue> {
  const issue = await db.issue.findFirst({ where: { ...issueKey(ref), ...companyScope(ctx.actor, inCompany) } });
  if (!issue) throw notFound("Issue");
  authorize(ctx.actor, permission, issue.companyId);
  return issue;
}

export async function labelIdsOf(db: Db | Tx, companyId: string, issueIds: string[]): Promise<Map<string, string[]>> {
  const rows = await db.issueLabel.findMany({ where: { companyId, issueId: { in: issueIds } }, select: { issueId: true, labelId: true } });
  const map = new Map<string, string[]>();
  for (const r of rows) map.set(r.issueId, [...(map.get(r.issueId) ?? []), r.labelId]);
  return map;
}

/** The issue's stall as the sweep last saw it (nulls: moving). */
async function stallOf(db: Db | Tx, issue: Pick<Issue, "id" | "companyId">): Promise<StallColumns> {
  const s = await db.issueStall.findFirst({ where: { issueId: issue.id, companyId: issue.companyId }, select: { reason: true, since: true, facts: true } });
  return { stallReason: s?.reason ?? null, stallSince: s?.since ?? null, stallFacts: s?.facts ?? null };
}

/** One issue as the API answers it (a write's answer): with its labels, blockers and liveness. */
export async function issueWithLabels(db: Db | Tx, issue: Issue) {
  const [labels, blockers, stall] = await Promise.all([labelIdsOf(db, issue.companyId, [issue.id]), blockersOf(db, issue.companyId, [issue.id]), stallOf(db, issue)]);
  return issueDto({ ...issue, labelIds: labels.get(issue.id) ?? [], blockedByIssueIds: (blockers.get(issue.id) ?? []).map((b) => b.id), ...stall });
}

interface AncestorRow { id: string; depth: number }

async function ancestorsOf(db: Db, issue: Issue): Promise<Issue[]> {
  if (!issue.parentId) return [];
  const chain = await db.$queryRaw<AncestorRow[]>`
    WITH RECURSIVE up AS (
      SELECT id, "parentId", 1 AS depth FROM "Issue" WHERE "companyId" = ${issue.companyId}::uuid AND id = ${issue.parentId}::uuid
      UNION ALL
      SELECT i.id, i."parentId", up.depth + 1 FROM "Issue" i JOIN up ON i.id = up."parentId"
       WHERE i."companyId" = ${issue.companyId}::uuid AND up.depth < 100
    )
    SELECT id::text AS id, depth FROM up ORDER BY depth`;
  const rows = await db.issue.findMany({ where: { companyId: issue.companyId, id: { in: chain.map((c) => c.id) } } });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return chain.map((c) => byId.get(c.id)).filter((r): r is Issue => r !== undefined);
}

/** The issue's execution workspace: its own, or (inherited) its parent's, once a run made the row. */
async function workspaceOf(db: Db, issue: Issue) {
  const where = issue.executionWorkspaceId ? { id: issue.executionWorkspaceId } : issue.workspaceInherited && issue.parentId ? { issueId: issue.parentId } : null;
  const row = where ? await db.executionWorkspace.findFirst({ where: { companyId: issue.companyId, ...where } }) : null;
  return row ? issueWorkspaceDto(row, row.issueId !== issue.id) : null;
}

const projectSummary = (p: { id: string; name: string; description: string; status: string }) => ({ id: p.id, name: p.name, description: p.description, status: p.status });
const goalSummary = (g: { id: string; title: string; description: string; level: string; status: string }) => ({ id: g.id, title: g.title, description: g.description, level: g.level, status: g.status });

/** GET /api/issues/:issueId: the issue with `project`, `goal` and `ancestors`, each ancestor with its own. */
export async function getIssueDetail(ctx: ServiceContext, ref: string, inCompany?: string) {
  const issue = await getIssueOrThrow(ctx, ref, "work.read", ctx.db, inCompany);
  const ancestors = await ancestorsOf(ctx.db, issue);
  const all = [issue, ...ancestors];
  const projectIds = [...new Set(all.map((i) => i.projectId).filter((v): v is string => !!v))];
  const goalIds = [...new Set(all.map((i) => i.goalId).filter((v): v is string => !!v))];
  const [projects, goals, labels, cost, workspace, stall, blockers, blocks] = await Promise.all([
    projectIds.length ? ctx.db.project.findMany({ where: { companyId: issue.companyId, id: { in: projectIds } } }) : [],
    goalIds.length ? ctx.db.goal.findMany({ where: { companyId: issue.companyId, id: { in: goalIds } } }) : [],
    labelIdsOf(ctx.db, issue.companyId, [issue.id]),
    ctx.db.issueCost.findFirst({ where: { issueId: issue.id, companyId: issue.companyId }, select: { costCents: true } }),
    workspaceOf(ctx.db, issue),
    stallOf(ctx.db, issue),
    blockersOf(ctx.db, issue.companyId, [issue.id]),
    dependentsOf(ctx.db, issue.companyId, issue.id),
  ]);
  const project = new Map(projects.map((p) => [p.id, projectSummary(p)]));
  const goal = new Map(goals.map((g) => [g.id, goalSummary(g)]));
  const resolve = (i: Issue) => ({ project: i.projectId ? project.get(i.projectId) ?? null : null, goal: i.goalId ? goal.get(i.goalId) ?? null : null });
  return {
    ...issueDto({ ...issue, labelIds: labels.get(issue.id) ?? [], ...stall }),
    ...resolve(issue),
    costCents: Number(cost?.costCents ?? 0),
    workspacePolicy: issue.workspacePolicy,
    workspaceInherited: issue.workspaceInherited,
    workspace,
    blockedByIssueIds: (blockers.get(issue.id) ?? []).map((b) => b.id),
    blockedBy: blockers.get(issue.id) ?? [],
    blocks,
    ancestors: ancestors.map((a) => ({
      id: a.id, identifier: a.identifier, title: a.title, status: a.status, priority: a.priority,
      assigneeAgentId: a.assigneeAgentId, projectId: a.projectId, goalId: a.goalId, description: a.description,
      ...resolve(a),
    })),
  };
}
