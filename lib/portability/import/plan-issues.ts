// Planning a package's tasks as issues: only on request, in the package's identifier order, with
// their project, assignee, goal and parent resolved among what is imported (the rest dropped).
import { fit, type Findings } from "@/lib/portability/import/parse";
import type { PkgTask } from "@/lib/portability/import/read";
import type { PlanContext } from "@/lib/portability/import/plan-types";
import type { TaskExtra } from "@/lib/portability/import/sidecars";

export interface IssuePlan {
  slug: string;
  action: "create";
  plannedTitle: string;
  projectSlug: string | null;
  assigneeSlug: string | null;
  reason: string | null;
  detail: { description: string; status: string; priority: string; goalKey: string | null; parentSlug: string | null; blockerSlugs: string[] };
}

const statuses = ["backlog", "todo", "in_progress", "in_review", "blocked", "done", "cancelled"];
const priorities = ["critical", "high", "medium", "low"];
const priorityAliases: Record<string, string> = { urgent: "critical", p0: "critical", p1: "high", p2: "medium", p3: "low", normal: "medium" };

/** Tasks with a manifest identifier first, by its number; the rest in path order. */
function identifierOrder(tasks: { task: PkgTask; extra: TaskExtra | undefined }[]) {
  const num = (e: { extra: TaskExtra | undefined }) => Number(/(\d+)$/.exec(e.extra?.identifier ?? "")?.[1] ?? Number.POSITIVE_INFINITY);
  return tasks.map((t, i) => ({ ...t, i })).sort((a, b) => num(a) - num(b) || a.i - b.i);
}

function statusOf(task: PkgTask, extra: TaskExtra | undefined, assigned: boolean, recurring: boolean, findings: Findings): string {
  if (recurring) return "backlog";
  const raw = extra?.status;
  if (raw && !statuses.includes(raw)) findings.warn(`${task.path}: status "${raw}" unknown; ${assigned ? "todo" : "backlog"}`);
  const status = raw && statuses.includes(raw) ? raw : assigned ? "todo" : "backlog";
  return status === "in_progress" && !assigned ? "todo" : status;
}

function priorityOf(task: PkgTask, findings: Findings): string {
  const raw = task.priority?.toLowerCase();
  if (!raw) return "medium";
  const p = priorities.includes(raw) ? raw : priorityAliases[raw];
  if (!p) findings.warn(`${task.path}: priority "${task.priority}" unknown; medium`);
  return p ?? "medium";
}

export function planIssues(ctx: PlanContext, known: { agents: Set<string>; projects: Set<string>; goals: Set<string> }, findings: Findings): IssuePlan[] {
  const tasks = ctx.pkg.tasks;
  if (!ctx.include.issues) {
    if (tasks.length) findings.warn(`${tasks.length} task${tasks.length === 1 ? "" : "s"} not imported (include.issues is false)`);
    return [];
  }
  const extraOf = (slug: string) => ctx.pkg.sidecars.manifest?.tasks.get(slug) ?? ctx.pkg.sidecars.paperclip?.tasks.get(slug);
  const routines = new Set(ctx.pkg.sidecars.paperclip?.routines ?? []);
  const slugs = new Set<string>();
  const plans: IssuePlan[] = [];
  for (const { task, extra } of identifierOrder(tasks.map((task) => ({ task, extra: extraOf(task.slug) })))) {
    let slug = task.slug;
    for (let i = 2; slugs.has(slug); i++) slug = `${task.slug}-${i}`;
    slugs.add(slug);
    const assignee = task.assignee && known.agents.has(task.assignee) ? task.assignee : null;
    if (task.assignee && !assignee) findings.warn(`${task.path}: assignee "${task.assignee}" is not an imported agent; unassigned`);
    const project = task.project && known.projects.has(task.project) ? task.project : null;
    if (task.project && !project) findings.warn(`${task.path}: project "${task.project}" is not imported; no project`);
    const goal = extra?.goal && known.goals.has(extra.goal) ? extra.goal : null;
    if (extra?.goal && !goal) findings.warn(`${task.path}: goal "${extra.goal}" is not imported; no goal`);
    const recurring = task.recurring || Boolean(extra?.recurring) || routines.has(task.slug);
    if (recurring) findings.warn(`${task.path}: recurring; imported as a plain backlog issue`);
    plans.push({
      slug, action: "create", plannedTitle: fit(task.title, 500, `${task.path}: name`, findings), projectSlug: project, assigneeSlug: assignee, reason: null,
      detail: {
        description: fit(task.body, 100_000, `${task.path}: body`, findings), status: statusOf(task, extra, assignee !== null, recurring, findings), priority: priorityOf(task, findings),
        goalKey: goal, parentSlug: extra?.parent ?? null, blockerSlugs: [...new Set(extra?.blockedBy ?? [])],
      },
    });
  }
  cutParents(plans, findings);
  cutBlockers(plans, findings);
  return plans;
}

/** Blockers among the imported tasks, at most 50, taken in order; one that would close a cycle is cut. */
function cutBlockers(plans: IssuePlan[], findings: Findings) {
  const slugs = new Set(plans.map((p) => p.slug));
  const kept = new Map<string, string[]>();
  const reaches = (from: string, to: string, seen = new Set<string>()): boolean =>
    from === to || (!seen.has(from) && (seen.add(from), (kept.get(from) ?? []).some((b) => reaches(b, to, seen))));
  for (const p of plans) {
    const mine: string[] = [];
    for (const b of p.detail.blockerSlugs) {
      if (!slugs.has(b)) findings.warn(`task ${p.slug}: blocker "${b}" is not an imported task; dropped`);
      else if (mine.length >= 50) findings.warn(`task ${p.slug}: more than 50 blockers; "${b}" dropped`);
      else if (reaches(b, p.slug)) findings.warn(`task ${p.slug}: blocker "${b}" would close a cycle; cut`);
      else mine.push(b);
      kept.set(p.slug, mine);
    }
    p.detail.blockerSlugs = mine;
  }
}

/** Parent links taken in order; the one that would close a loop is cut (as for reporting lines). */
function cutParents(plans: IssuePlan[], findings: Findings) {
  const slugs = new Set(plans.map((p) => p.slug));
  const kept = new Map<string, string | null>();
  for (const p of plans) {
    const parent = p.detail.parentSlug;
    if (parent !== null && (!slugs.has(parent) || parent === p.slug)) {
      findings.warn(parent === p.slug ? `task ${p.slug}: parent is itself; cut` : `task ${p.slug}: parent "${parent}" is not an imported task; no parent`);
      p.detail.parentSlug = null;
    }
    for (let at = p.detail.parentSlug; at !== null; at = kept.get(at) ?? null) {
      if (at === p.slug) {
        findings.warn(`task ${p.slug}: parent "${parent}" would close a loop; cut`);
        p.detail.parentSlug = null;
        break;
      }
    }
    kept.set(p.slug, p.detail.parentSlug);
  }
}
