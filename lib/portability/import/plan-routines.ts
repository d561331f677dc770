// Planning the manifest's routines: each needs its assignee among the imported agents (a skipped
// agent counts: it is the existing one); project, goal and parent task are resolved as for issues and
// dropped when absent. Schedules are checked with the same rules as the API, but a bad one in a
// package only costs that trigger (a warning). Webhook triggers are never created by an import: their
// secret never travels, so a fresh one must be made in the target.
import { AppError } from "@/lib/http/errors";
import { assertSchedule } from "@/lib/routine-schedule";
import { DEFAULT_TITLE_TEMPLATE } from "@/lib/services/routines/crud";
import { fit, isMap, str, type Findings, type YamlMap } from "@/lib/portability/import/parse";
import { listed } from "@/lib/portability/import/read";
import { freeName, type PlanContext } from "@/lib/portability/import/plan-types";

export interface RoutineTriggerPlan {
  kind: "schedule" | "api";
  cron: string | null;
  timezone: string | null;
}

export interface RoutinePlan {
  key: string;
  action: "create" | "skip";
  plannedName: string;
  assigneeSlug: string;
  reason: string | null;
  detail: {
    existingRoutineId: string | null;
    description: string;
    projectSlug: string | null;
    goalKey: string | null;
    parentSlug: string | null;
    titleTemplate: string;
    priority: string;
    status: "active" | "paused";
    concurrencyPolicy: string;
    catchUpPolicy: string;
    triggers: RoutineTriggerPlan[];
  };
}

export interface KnownRefs {
  agents: Set<string>;
  projects: Set<string>;
  goals: Set<string>;
  issues: Set<string>;
}

const FROM = ".charter.yaml";
// a manifest is bounded only by the package's bytes; these keep one import's transaction short
const MAX_ROUTINES = 1_000;
const MAX_TRIGGERS = 20;
const priorities = ["critical", "high", "medium", "low"];
const statuses = ["active", "paused"];
const concurrency = ["skip_if_active", "coalesce_if_active", "always_create"];
const catchUp = ["skip_missed", "run_once"];

/** Text as written (descriptions keep their spacing), without NUL, which PostgreSQL text cannot hold. */
const text = (v: unknown): string => (typeof v === "string" ? v.replaceAll("\u0000", "") : "");
const word = (v: unknown): string | undefined => str(typeof v === "string" ? v.replaceAll("\u0000", "") : v);

function choice(raw: unknown, allowed: string[], fallback: string, where: string, findings: Findings): string {
  const value = word(raw);
  if (value === undefined) return fallback;
  if (allowed.includes(value)) return value;
  findings.warn(`${where}: "${value}" unknown; ${fallback}`);
  return fallback;
}

/** A schedule's problem in the API's words (the 422 message), or null. */
function scheduleProblem(cron: string, timezone: string, now: Date): string | null {
  if (cron.length > 200 || timezone.length > 100) return "cron or timezone too long";
  try {
    assertSchedule(cron, timezone, now);
    return null;
  } catch (e) {
    if (e instanceof AppError) return e.message;
    throw e;
  }
}

function triggersOf(key: string, raw: unknown, now: Date, findings: Findings): RoutineTriggerPlan[] {
  const where = `${FROM}: routine ${key}`;
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    findings.warn(`${where}: triggers is not a list; no trigger imported`);
    return [];
  }
  const out: RoutineTriggerPlan[] = [];
  if (raw.length > MAX_TRIGGERS) findings.warn(`${where}: ${raw.length} triggers; only the first ${MAX_TRIGGERS} read`);
  for (const [i, t] of raw.slice(0, MAX_TRIGGERS).entries()) {
    const kind = isMap(t) ? word(t.kind) : undefined;
    if (kind === "api") out.push({ kind: "api", cron: null, timezone: null });
    else if (kind === "webhook") findings.warn(`${where}: webhook trigger not imported (its secret never travels); add a webhook trigger after import to get a new URL and secret`);
    else if (kind === "schedule") {
      const f = t as YamlMap;
      const cron = (word(f.cron) ?? word(f.cronExpression) ?? "").split(/\s+/).join(" ");
      const timezone = word(f.timezone) ?? "UTC";
      const problem = cron ? scheduleProblem(cron, timezone, now) : "no cron expression";
      if (problem) findings.warn(`${where}: schedule trigger ${i + 1} not imported (${problem})`);
      else out.push({ kind: "schedule", cron, timezone });
    } else findings.warn(`${where}: trigger ${i + 1} of kind "${kind ?? "?"}" not imported`);
  }
  return out;
}

/** A reference kept when it names an imported entity, else dropped with a warning. */
function ref(raw: unknown, known: Set<string>, key: string, what: string, findings: Findings): string | null {
  const value = word(raw);
  if (value === undefined) return null;
  if (known.has(value)) return value;
  findings.warn(`${FROM}: routine ${key}: ${what} "${value}" is not imported; no ${what}`);
  return null;
}

function detailOf(key: string, f: YamlMap, known: KnownRefs, ctx: PlanContext, findings: Findings): RoutinePlan["detail"] {
  const where = `${FROM}: routine ${key}`;
  const template = word(f.titleTemplate);
  return {
    existingRoutineId: null,
    description: fit(text(f.description), 100_000, `${where}: description`, findings),
    projectSlug: ref(f.project, known.projects, key, "project", findings),
    goalKey: ref(f.goal, known.goals, key, "goal", findings),
    parentSlug: ref(f.parent, known.issues, key, "parent", findings),
    titleTemplate: template ? fit(template, 500, `${where}: titleTemplate`, findings) : DEFAULT_TITLE_TEMPLATE,
    priority: choice(f.priority, priorities, "medium", `${where}: priority`, findings),
    status: choice(f.status, statuses, "active", `${where}: status`, findings) as "active" | "paused",
    concurrencyPolicy: choice(f.concurrencyPolicy, concurrency, "skip_if_active", `${where}: concurrencyPolicy`, findings),
    catchUpPolicy: choice(f.catchUpPolicy, catchUp, "skip_missed", `${where}: catchUpPolicy`, findings),
    triggers: triggersOf(key, f.triggers, ctx.now, findings),
  };
}

interface Names {
  /** lower-cased name → the target's routine id ("" for one this import creates) */
  taken: Map<string, string>;
  seen: Set<string>;
}

/** Create, rename or (under skip, for a name the target holds) reuse the existing routine. */
function placed(ctx: PlanContext, key: string, assignee: string, name: string, detail: RoutinePlan["detail"], names: Names): RoutinePlan {
  const existing = names.taken.get(name.toLowerCase());
  const repeated = names.seen.has(name.toLowerCase());
  names.seen.add(name.toLowerCase());
  if (existing && !repeated && ctx.strategy === "skip") {
    return { key, action: "skip", plannedName: name, assigneeSlug: assignee, reason: `a routine named ${name} exists`, detail: { ...detail, existingRoutineId: existing } };
  }
  const plannedName = existing || repeated ? freeName(name, 200, (n) => names.taken.has(n.toLowerCase())) : name;
  names.taken.set(plannedName.toLowerCase(), "");
  return { key, action: "create", plannedName, assigneeSlug: assignee, reason: plannedName !== name ? `renamed: ${name} is taken` : null, detail };
}

export function planRoutines(ctx: PlanContext, known: KnownRefs, findings: Findings): RoutinePlan[] {
  const all = ctx.pkg.sidecars.manifest?.routineEntries ?? [];
  if (all.length === 0) return [];
  if (!ctx.include.agents) {
    findings.warn(`${all.length} routine${all.length === 1 ? "" : "s"} not imported (include.agents is false; a routine needs its assignee)`);
    return [];
  }
  if (all.length > MAX_ROUTINES) findings.warn(`${FROM}: ${all.length} routines; only the first ${MAX_ROUTINES} imported`);
  const names: Names = { taken: new Map(ctx.state.routines.map((r) => [r.name.toLowerCase(), r.id])), seen: new Set() };
  const plans: RoutinePlan[] = [];
  // a CEO agent's import waits for the board: its agents may be pending approval, so nothing it brings runs yet
  const holdForBoard = ctx.caller === "agent" && ctx.state.requireApproval;
  const held: string[] = [];
  for (const { key, fields } of all.slice(0, MAX_ROUTINES)) {
    if (!fields) {
      findings.warn(`${FROM}: routine ${key} is not a mapping; not imported`);
      continue;
    }
    const assignee = word(fields.assignee);
    if (!assignee || !known.agents.has(assignee)) {
      findings.warn(`${FROM}: routine ${key}: assignee ${assignee ? `"${assignee}" is not an imported agent` : "missing"}; routine not imported`);
      continue;
    }
    const name = fit(word(fields.name) ?? key, 200, `${FROM}: routine ${key}: name`, findings);
    const detail = detailOf(key, fields, known, ctx, findings);
    if (holdForBoard && detail.status === "active") {
      detail.status = "paused";
      held.push(key);
    }
    plans.push(placed(ctx, key, assignee, name, detail, names));
  }
  const created = held.filter((k) => plans.some((p) => p.key === k && p.action === "create"));
  if (created.length) {
    findings.warn(`imported by an agent into a company that requires board approval for new agents: routines created paused (${listed(created)}); resume them once their assignees are approved`);
  }
  return plans;
}
