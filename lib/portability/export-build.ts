// The package made from a company's rows (docs/design.md §10): the Agent Companies files, what
// Charter alone knows in `.charter.yaml`, and a warning for each thing that stayed behind. Pure, so
// the same rows always give the same bytes.
import { packagePathProblem, type PackageFiles } from "@/lib/portability/package-files";
import { toYaml, withFrontMatter, type YamlValue } from "@/lib/portability/yaml";
import { scrubAdapter, scrubWorkspace } from "@/lib/portability/export-scrub";
import { exportSettings } from "@/lib/portability/project-settings";
import type { ExportInclude, ExportModel, ModelAgent, ModelGoal, ModelIssue, ModelProject, ModelRoutine } from "@/lib/portability/export-read";
import { slugify } from "@/lib/services/agents/crud";

const MANIFEST_PATH = ".charter.yaml";
const MANIFEST_SCHEMA = "charter/v1";
const PACKAGE_SCHEMA = "agentcompanies/v1";

export interface ExportCounts {
  files: number;
  agents: number;
  projects: number;
  issues: number;
  goals: number;
}

export interface BuiltPackage {
  rootPath: string;
  files: PackageFiles;
  warnings: string[];
  counts: ExportCounts;
}

type Mapping = { [key: string]: YamlValue | undefined };

/** The slug of a name, as agents' url keys are made, or `fallback` when nothing of the name is left. */
function slugOf(name: string, fallback: string): string {
  return /[a-z0-9]/.test(name.normalize("NFKD").toLowerCase()) ? slugify(name) : fallback;
}

/** Slugs by id, unique in the order given: `web`, `web-2`, `web-3`. */
function uniqueSlugs(items: { id: string; name: string }[], fallback: string): Map<string, string> {
  const taken = new Set<string>();
  const out = new Map<string, string>();
  for (const item of items) {
    const base = slugOf(item.name, fallback);
    let slug = base;
    for (let i = 2; taken.has(slug); i++) slug = `${base}-${i}`;
    taken.add(slug);
    out.set(item.id, slug);
  }
  return out;
}

/** Goals with every parent before its children (roots in creation order), so a reader can create them in list order. */
function goalsInTreeOrder(goals: ModelGoal[]): ModelGoal[] {
  const ids = new Set(goals.map((g) => g.id));
  const children = new Map<string | null, ModelGoal[]>();
  for (const g of goals) {
    const parent = g.parentId && ids.has(g.parentId) ? g.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), g]);
  }
  const out: ModelGoal[] = [];
  const seen = new Set<string>();
  const visit = (start: ModelGoal) => {
    const stack = [start];
    while (stack.length) {
      const g = stack.pop()!;
      if (seen.has(g.id)) continue;
      seen.add(g.id);
      out.push(g);
      const kids = children.get(g.id) ?? [];
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    }
  };
  for (const root of children.get(null) ?? []) visit(root);
  // a loop cannot be stored (goal_cycle), but a goal no root reaches is still exported
  for (const g of goals) visit(g);
  return out;
}

const nonEmpty = (s: string) => (s === "" ? undefined : s);

class PackageWriter {
  readonly files: PackageFiles = {};
  readonly warnings: string[] = [];

  text(path: string, content: string) {
    this.files[path] = content;
  }

  warn(message: string) {
    this.warnings.push(message);
  }
}

function writeAgents(out: PackageWriter, agents: ModelAgent[], slugs: Map<string, string>): Record<string, Mapping> {
  const manifest: Record<string, Mapping> = {};
  for (const agent of agents) {
    const slug = agent.urlKey;
    const dir = `agents/${slug}`;
    const entry = agent.bundle.find((f) => f.path === "AGENTS.md");
    out.text(`${dir}/AGENTS.md`, withFrontMatter({
      name: agent.name,
      title: nonEmpty(agent.title),
      reportsTo: (agent.reportsToId && slugs.get(agent.reportsToId)) || null,
    }, entry?.content ?? ""));
    for (const file of agent.bundle) {
      if (file.path === "AGENTS.md") continue;
      if (packagePathProblem(`${dir}/${file.path}`)) out.warn(`${dir}: instructions file ${JSON.stringify(file.path)} is not a package path; left out`);
      else out.text(`${dir}/${file.path}`, file.content);
    }
    const { adapter, env, leftOut } = scrubAdapter(agent.adapterType, agent.adapterConfig);
    if (leftOut.length) {
      out.warn(`${dir}: adapter settings not exported (machine-specific): ${leftOut.join(", ")}` +
        (env ? "; env values never leave, their names are declared under inputs.env in .charter.yaml" : ""));
    }
    manifest[slug] = {
      role: agent.role,
      icon: agent.icon ?? undefined,
      capabilities: nonEmpty(agent.capabilities),
      budgetMonthlyCents: agent.budgetMonthlyCents || undefined,
      adapter,
      inputs: env ? { env } : undefined,
    };
  }
  return manifest;
}

function writeProjects(out: PackageWriter, projects: ModelProject[], refs: Refs): Record<string, Mapping> {
  const manifest: Record<string, Mapping> = {};
  for (const project of projects) {
    const slug = refs.projects.get(project.id)!;
    const dir = `projects/${slug}`;
    out.text(`${dir}/PROJECT.md`, withFrontMatter({
      name: project.name,
      description: nonEmpty(project.description),
      owner: (project.leadAgentId && refs.agents.get(project.leadAgentId)) || undefined,
    }, project.description));
    const workspaces: Mapping[] = [];
    for (const ws of project.workspaces) {
      const { workspace, notes } = scrubWorkspace(ws);
      if (workspace) workspaces.push(workspace);
      for (const note of notes) out.warn(`${dir}: ${note}`);
    }
    const goals = project.goalIds.map((id) => refs.goals.get(id)).filter((k): k is string => k !== undefined);
    manifest[slug] = {
      status: project.status,
      targetDate: project.targetDate?.toISOString().slice(0, 10),
      goals: goals.length ? goals : undefined,
      workspaces: workspaces.length ? workspaces : undefined,
      ...exportSettings(project.settings, refs.agents, (note) => out.warn(`${dir}: ${note}`)),
    };
  }
  return manifest;
}

/** One line for many tasks: "3 tasks assigned to board users (acme-1, acme-4, acme-9); …". */
function tasksLine(slugs: string[], what: string): string | null {
  if (!slugs.length) return null;
  const shown = slugs.length > 20 ? `${slugs.slice(0, 20).join(", ")} and ${slugs.length - 20} more` : slugs.join(", ");
  return `${slugs.length} task${slugs.length === 1 ? "" : "s"} ${what} (${shown}); the assignee is not exported`;
}

/** The task's blockers among the exported tasks, by slug (a blocker left out of the package is dropped). */
function blockersIn(issue: ModelIssue, refs: Refs): string[] | undefined {
  const slugs = issue.blockedByIssueIds.map((id) => refs.tasks.get(id)).filter((s): s is string => s !== undefined);
  return slugs.length ? slugs : undefined;
}

function writeTasks(out: PackageWriter, issues: ModelIssue[], refs: Refs, agentsIncluded: boolean): Record<string, Mapping> {
  const manifest: Record<string, Mapping> = {};
  const toUsers: string[] = [];
  const toTerminated: string[] = [];
  for (const issue of issues) {
    const slug = refs.tasks.get(issue.id)!;
    const dir = `tasks/${slug}`;
    const assignee = issue.assigneeAgentId ? refs.agents.get(issue.assigneeAgentId) : undefined;
    if (issue.assigneeUserId) toUsers.push(slug);
    else if (issue.assigneeAgentId && !assignee && agentsIncluded) toTerminated.push(slug);
    out.text(`${dir}/TASK.md`, withFrontMatter({
      name: issue.title,
      assignee,
      project: (issue.projectId && refs.projects.get(issue.projectId)) || undefined,
      priority: issue.priority,
    }, issue.description));
    manifest[slug] = {
      identifier: issue.identifier,
      status: issue.status,
      goal: (issue.goalId && refs.goals.get(issue.goalId)) || undefined,
      parent: (issue.parentId && refs.tasks.get(issue.parentId)) || undefined,
      blockedBy: blockersIn(issue, refs),
    };
  }
  for (const line of [tasksLine(toUsers, "assigned to a board user"), tasksLine(toTerminated, "assigned to a terminated agent")]) if (line) out.warn(line);
  return manifest;
}

const logoExtensions: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp", "image/gif": "gif", "image/svg+xml": "svg" };

/** Slugs and keys by id of everything in the package; a reference to anything else is left out. */
interface Refs {
  agents: Map<string, string>;
  goals: Map<string, string>;
  projects: Map<string, string>;
  tasks: Map<string, string>;
}

function goalManifest(goals: ModelGoal[], refs: Refs): Mapping[] {
  return goals.map((g) => ({
    key: refs.goals.get(g.id)!,
    title: g.title,
    description: nonEmpty(g.description),
    level: g.level,
    status: g.status,
    parent: (g.parentId && refs.goals.get(g.parentId)) || undefined,
    owner: (g.ownerAgentId && refs.agents.get(g.ownerAgentId)) || undefined,
  }));
}

/**
 * Routines in the manifest, keyed by a slug of their name, with their schedule and api triggers. A
 * webhook trigger stays behind (its secret never leaves; a new one is made on the other side).
 */
function routineManifest(out: PackageWriter, routines: ModelRoutine[], refs: Refs): Record<string, Mapping> {
  const slugs = uniqueSlugs(routines, "routine");
  const manifest: Record<string, Mapping> = {};
  for (const r of routines) {
    const slug = slugs.get(r.id)!;
    const webhooks = r.triggers.filter((t) => t.kind === "webhook").length;
    if (webhooks) out.warn(`routine ${slug}: ${webhooks} webhook trigger${webhooks === 1 ? "" : "s"} not exported (a webhook's secret never leaves); add ${webhooks === 1 ? "it" : "them"} again after import`);
    const triggers = r.triggers.filter((t) => t.kind !== "webhook").map((t) => (t.kind === "schedule" ? { kind: t.kind, cron: t.cron, timezone: t.timezone } : { kind: t.kind }));
    manifest[slug] = {
      name: r.name,
      description: nonEmpty(r.description),
      assignee: refs.agents.get(r.assigneeAgentId),
      project: (r.projectId && refs.projects.get(r.projectId)) || undefined,
      goal: (r.goalId && refs.goals.get(r.goalId)) || undefined,
      parent: (r.parentIssueId && refs.tasks.get(r.parentIssueId)) || undefined,
      titleTemplate: r.titleTemplate,
      priority: r.priority === "medium" ? undefined : r.priority,
      status: r.status === "active" ? undefined : r.status,
      concurrencyPolicy: r.concurrencyPolicy === "skip_if_active" ? undefined : r.concurrencyPolicy,
      catchUpPolicy: r.catchUpPolicy === "skip_missed" ? undefined : r.catchUpPolicy,
      triggers: triggers.length ? triggers : undefined,
    };
  }
  return manifest;
}

export function buildPackage(model: ExportModel, include: ExportInclude): BuiltPackage {
  const out = new PackageWriter();
  const goals = goalsInTreeOrder(model.goals);
  const refs: Refs = {
    agents: new Map(model.agents.map((a) => [a.id, a.urlKey])),
    goals: uniqueSlugs(goals.map((g) => ({ id: g.id, name: g.title })), "goal"),
    projects: uniqueSlugs(model.projects, "project"),
    tasks: new Map(model.issues.map((i) => [i.id, i.identifier.toLowerCase()])),
  };
  const rootPath = slugOf(model.company.name, "company");
  const companyGoals = [...new Set(goals.filter((g) => g.level === "company" && g.status !== "cancelled").map((g) => g.title))];
  out.text("COMPANY.md", withFrontMatter({
    name: model.company.name,
    description: nonEmpty(model.company.description),
    slug: rootPath,
    schema: PACKAGE_SCHEMA,
    goals: companyGoals.length ? companyGoals : undefined,
  }, model.company.description));

  let logoPath: string | undefined;
  if (model.logo) {
    logoPath = `images/logo.${logoExtensions[model.logo.contentType] ?? "bin"}`;
    out.files[logoPath] = { encoding: "base64", data: Buffer.from(model.logo.data).toString("base64"), contentType: model.logo.contentType };
  }
  const agents = writeAgents(out, model.agents, refs.agents);
  const projects = writeProjects(out, model.projects, refs);
  const tasks = writeTasks(out, model.issues, refs, include.agents);
  if (model.terminatedAgents) out.warn(`${model.terminatedAgents} terminated agent${model.terminatedAgents === 1 ? "" : "s"} not exported`);

  const c = model.company;
  out.text(MANIFEST_PATH, toYaml({
    schema: MANIFEST_SCHEMA,
    company: include.company
      ? { brandColor: c.brandColor ?? undefined, logoPath, requireBoardApprovalForNewAgents: c.requireBoardApprovalForNewAgents, budgetMonthlyCents: c.budgetMonthlyCents }
      : undefined,
    agents: model.agents.length ? agents : undefined,
    goals: goals.length ? goalManifest(goals, refs) : undefined,
    projects: model.projects.length ? projects : undefined,
    tasks: model.issues.length ? tasks : undefined,
    routines: model.routines.length ? routineManifest(out, model.routines, refs) : undefined,
  }));

  const files = sortedFiles(out.files);
  return {
    rootPath,
    files,
    warnings: out.warnings,
    counts: { files: Object.keys(files).length, agents: model.agents.length, projects: model.projects.length, issues: model.issues.length, goals: goals.length },
  };
}

/** The map with its paths in code-unit order: the order JSON writes them in, so equal packages are equal text. */
export function sortedFiles(files: PackageFiles): PackageFiles {
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export type InventoryKind = "company" | "agent" | "project" | "issue" | "extension" | "other";

export function inventoryKind(path: string): InventoryKind {
  if (path === "COMPANY.md") return "company";
  if (path === MANIFEST_PATH) return "extension";
  const top = path.split("/")[0];
  return top === "agents" ? "agent" : top === "projects" ? "project" : top === "tasks" ? "issue" : "other";
}
