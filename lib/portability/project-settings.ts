// A project's workspace policy, branch template, verification command and review rule in a package:
// `.charter.yaml` projects.<slug>.{workspacePolicy, branchTemplate, verification, review},
// each only when the project sets it. A review agent travels by its package slug. What Charter runs
// is the board's to set, so an import by an agent takes none of them; a value the API would refuse
// is left out with a warning, never an error.
import type { Prisma } from "@/lib/generated/prisma/client";
import { DEFAULT_VERIFICATION_TIMEOUT_SEC, projectSettingsSchema, readChecks } from "@/lib/schemas/projects";
import { isSecretEnvName, isSecretKey } from "@/lib/secrets";
import type { YamlMap } from "@/lib/portability/import/parse";

export interface StoredSettings {
  workspacePolicy: "git_worktree" | "shared" | null;
  branchTemplate: string | null;
  verification: Prisma.JsonValue | null;
  review: Prisma.JsonValue | null;
}

// a type, not an interface: the YAML writer takes it as a plain mapping
type SettingsManifest = {
  workspacePolicy?: string;
  branchTemplate?: string;
  verification?: { command: string; args?: string[]; timeoutSec?: number };
  review?: { kind: "board" } | { kind: "agent"; agent: string };
};

// NAME=value by the env rule (GH_TOKEN=…); --name=value and `--name value` by the key rule, which
// reads --passWithNoTests as harmless; a URL with a password
const assignment = /(?:^|\s)(-{0,2})([A-Za-z_][\w.-]*)=/g;
const flag = /(?:^|\s)--?([A-Za-z_][\w.-]*)$/;
const urlWithPassword = /[a-z][a-z0-9+.-]*:\/\/[^/@\s]*:[^/@\s]*@/i;

const secretAssignment = (part: string) => [...part.matchAll(assignment)].some(([, dashes, name]) => (dashes ? isSecretKey(name) : isSecretEnvName(name)));
const secretFlag = (previous: string | undefined) => {
  const name = previous === undefined ? undefined : flag.exec(previous.trim())?.[1];
  return name !== undefined && isSecretKey(name);
};

/** Whether a command line carries what looks like a secret (a token in an argument, a password in a URL). */
function commandLooksSecret(parts: string[]): boolean {
  return parts.some((part, i) => urlWithPassword.test(part) || secretAssignment(part) || secretFlag(parts[i - 1]));
}

/** The manifest keys of a project's settings; `agentSlugs` maps the exported agents' ids to their slugs. */
export function exportSettings(stored: StoredSettings, agentSlugs: Map<string, string>, warn: (note: string) => void): SettingsManifest {
  const out: SettingsManifest = {};
  if (stored.workspacePolicy) out.workspacePolicy = stored.workspacePolicy;
  if (stored.branchTemplate) out.branchTemplate = stored.branchTemplate;
  const { verification: v, review: r } = readChecks(stored);
  if (v && commandLooksSecret([v.command, ...v.args])) warn("verification command not exported: it looks like it carries a secret");
  else if (v) {
    out.verification = {
      command: v.command,
      ...(v.args.length ? { args: v.args } : {}),
      ...(v.timeoutSec !== DEFAULT_VERIFICATION_TIMEOUT_SEC ? { timeoutSec: v.timeoutSec } : {}),
    };
  }
  if (r?.kind === "board") out.review = { kind: "board" };
  else if (r?.kind === "agent") {
    const slug = agentSlugs.get(r.agentId);
    if (slug) out.review = { kind: "agent", agent: slug };
    else warn("review agent is not in the package; review rule not exported");
  }
  return out;
}

/** What an import writes: the columns, with a review agent still named by its slug. */
export interface PlannedSettings {
  workspacePolicy: "git_worktree" | "shared" | null;
  branchTemplate: string | null;
  verification: { command: string; args: string[]; timeoutSec: number } | null;
  review: { kind: "board" } | { kind: "agent"; agentSlug: string } | null;
}

const noSettings: PlannedSettings = { workspacePolicy: null, branchTemplate: null, verification: null, review: null };

const settingKeys = ["workspacePolicy", "branchTemplate", "verification", "review"] as const;

/** One manifest value through the API's own rule: the value, or undefined with a warning. */
function checked<K extends "workspacePolicy" | "branchTemplate" | "verification">(key: K, value: unknown, warn: (m: string) => void) {
  const res = projectSettingsSchema.shape[key].safeParse(value);
  if (res.success) return res.data;
  warn(`${key} not imported: ${res.error.issues[0]?.message ?? "not a valid value"}`);
  return undefined;
}

/** The settings of a manifest entry, checked as the API checks them; `agentSlugs` are the agents the import creates or reuses. */
export function planSettings(raw: YamlMap | undefined, caller: "board" | "agent", agentSlugs: Set<string>, warn: (note: string) => void): PlannedSettings {
  if (!raw) return noSettings;
  const sent = settingKeys.filter((k) => raw[k] !== undefined && raw[k] !== null);
  if (!sent.length) return noSettings;
  if (caller === "agent") {
    warn(`${sent.join(", ")} not imported: the board sets how work is checked`);
    return noSettings;
  }
  const policy = checked("workspacePolicy", raw.workspacePolicy ?? null, warn) as PlannedSettings["workspacePolicy"] | undefined;
  const template = checked("branchTemplate", raw.branchTemplate ?? null, warn) as string | null | undefined;
  const v = checked("verification", raw.verification ?? null, warn) as { command: string; args?: string[]; timeoutSec?: number } | null | undefined;
  return {
    workspacePolicy: policy ?? null,
    branchTemplate: template ?? null,
    verification: v ? { command: v.command, args: v.args ?? [], timeoutSec: v.timeoutSec ?? DEFAULT_VERIFICATION_TIMEOUT_SEC } : null,
    review: plannedReview(raw.review, agentSlugs, warn),
  };
}

function plannedReview(raw: unknown, agentSlugs: Set<string>, warn: (note: string) => void): PlannedSettings["review"] {
  if (raw === undefined || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (r.kind === "board") return { kind: "board" };
  if (r.kind === "agent" && typeof r.agent === "string") {
    if (agentSlugs.has(r.agent)) return { kind: "agent", agentSlug: r.agent };
    warn(`review agent "${r.agent}" is not an imported agent; no review rule`);
    return null;
  }
  warn("review not imported: give {kind: board} or {kind: agent, agent: <slug>}");
  return null;
}

/** The project columns of planned settings, the review agent's slug resolved to its id. */
export function settingsColumns(s: PlannedSettings, agentIds: Map<string, string>) {
  const agentId = s.review?.kind === "agent" ? agentIds.get(s.review.agentSlug) : undefined;
  return {
    workspacePolicy: s.workspacePolicy,
    branchTemplate: s.branchTemplate,
    ...(s.verification ? { verification: s.verification } : {}),
    ...(s.review?.kind === "board" ? { review: { kind: "board" } } : agentId ? { review: { kind: "agent", agentId } } : {}),
  };
}
