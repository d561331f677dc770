// The two sidecars, read into one shape: Charter's manifest `.charter.yaml` (charter/v1) and
// Paperclip's `.paperclip.yaml`, in Paperclip's own shape (agents.<slug>.adapter, inputs.env…) or in
// the one cellarwood/figurio uses (adapter at the top, adapterConfig.env as a list, monthlyBudget).
// Either must parse to a mapping; inside, an unknown or mistyped key is named in a warning, never fatal.
import type { PackageFiles } from "@/lib/portability/package-files";
import { Findings, fileText, int, isMap, map, readYaml, str, strList, bool, type YamlMap } from "@/lib/portability/import/parse";

export interface EnvInput {
  key: string;
  secret: boolean;
  requirement: "required" | "optional";
}

export interface AgentExtra {
  role?: string;
  icon?: string;
  capabilities?: string;
  budgetMonthlyCents?: number;
  adapterType?: string;
  adapterConfig: YamlMap;
  env: EnvInput[];
  /** env given as values (key → value): never set, only named */
  envValues: string[];
  ignored: string[];
}

export interface ProjectExtra {
  status?: string;
  targetDate?: string;
  goals: string[];
  workspaces: YamlMap[];
  /** workspacePolicy, branchTemplate, verification, review as written (lib/portability/project-settings.ts checks them) */
  settings: YamlMap;
}

export interface TaskExtra {
  identifier?: string;
  status?: string;
  goal?: string;
  parent?: string;
  /** slugs of the tasks it waits on */
  blockedBy: string[];
  recurring: boolean;
}

export interface ManifestGoal {
  key: string;
  title: string;
  description: string;
  level?: string;
  status?: string;
  parent?: string;
  owner?: string;
}

export interface CompanyExtra {
  brandColor?: string;
  logoPath?: string;
  requireBoardApprovalForNewAgents?: boolean;
  budgetMonthlyCents?: number;
}

export interface Sidecar {
  path: ".charter.yaml" | ".paperclip.yaml";
  company: CompanyExtra;
  agents: Map<string, AgentExtra>;
  projects: Map<string, ProjectExtra>;
  tasks: Map<string, TaskExtra>;
  goals: ManifestGoal[];
  /** secrets declared for the whole company (figurio's adapterConfig.env list) */
  companySecrets: EnvInput[];
  companyPlainEnv: string[];
  defaultAdapterType?: string;
  routines: string[];
  /** the routines' entries as written (null: not a mapping), read by plan-routines.ts */
  routineEntries: { key: string; fields: YamlMap | null }[];
}

export interface Sidecars {
  manifest: Sidecar | null;
  paperclip: Sidecar | null;
}

const agentKeys = new Set(["role", "icon", "capabilities", "budgetMonthlyCents", "adapter", "inputs", "env", "description"]);

/** `inputs.env` as a map (KEY: {kind, requirement}) or a list ({name, kind, required}). */
function envInputs(raw: unknown, values: string[]): EnvInput[] {
  const out: EnvInput[] = [];
  // a list entry without a word on it is required (figurio's form); a map entry optional
  const add = (key: string | undefined, spec: YamlMap, requiredByDefault: boolean) => {
    if (!key) return;
    const stated = str(spec.requirement) ?? (typeof spec.required === "boolean" ? (spec.required ? "required" : "optional") : undefined);
    const requirement = (stated ?? (requiredByDefault ? "required" : "optional")) === "required" ? "required" : "optional";
    out.push({ key, secret: str(spec.kind) === "secret", requirement });
  };
  if (Array.isArray(raw)) {
    for (const item of raw) {
      if (isMap(item)) add(str(item.name) ?? str(item.key), item, true);
    }
  } else if (isMap(raw)) {
    for (const [key, spec] of Object.entries(raw)) {
      if (isMap(spec)) add(key, spec, false);
      else values.push(key);
    }
  }
  return out;
}

function readAgentExtra(raw: YamlMap): AgentExtra {
  const adapter = raw.adapter;
  const inputs = map(raw.inputs);
  const envValues: string[] = [];
  const env = envInputs(inputs.env, envValues);
  if (isMap(raw.env)) envValues.push(...Object.keys(raw.env));
  const adapterMap = map(adapter);
  const adapterConfig = map(adapterMap.config);
  return {
    role: str(raw.role), icon: str(raw.icon), capabilities: str(raw.capabilities) ?? str(raw.description), budgetMonthlyCents: int(raw.budgetMonthlyCents),
    adapterType: typeof adapter === "string" ? adapter : str(adapterMap.type), adapterConfig, env, envValues,
    ignored: [...Object.keys(raw).filter((k) => !agentKeys.has(k)), ...Object.keys(inputs).filter((k) => k !== "env").map((k) => `inputs.${k}`)],
  };
}

function readTaskExtra(raw: YamlMap): TaskExtra {
  const schedule = map(raw.schedule);
  return {
    identifier: str(raw.identifier), status: str(raw.status), goal: str(raw.goal), parent: str(raw.parent), blockedBy: strList(raw.blockedBy),
    recurring: raw.recurring === true || schedule.recurrence !== undefined,
  };
}

function readGoals(raw: unknown): ManifestGoal[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(isMap).flatMap((g) => {
    const title = str(g.title);
    if (!title) return [];
    return [{ key: str(g.key) ?? title, title, description: str(g.description) ?? "", level: str(g.level), status: str(g.status), parent: str(g.parent), owner: str(g.owner) }];
  });
}

const entries = (v: unknown) => Object.entries(map(v)).filter((e): e is [string, YamlMap] => isMap(e[1]));

function readSidecar(path: Sidecar["path"], doc: YamlMap): Sidecar {
  const company = map(doc.company);
  const topConfig = map(doc.adapterConfig);
  const companyPlainEnv: string[] = [];
  const companySecrets = envInputs(topConfig.env, companyPlainEnv).filter((e) => {
    if (!e.secret) companyPlainEnv.push(e.key);
    return e.secret;
  });
  return {
    path,
    company: {
      brandColor: str(company.brandColor), logoPath: str(company.logoPath),
      requireBoardApprovalForNewAgents: bool(company.requireBoardApprovalForNewAgents), budgetMonthlyCents: int(company.budgetMonthlyCents),
    },
    agents: new Map(entries(doc.agents).map(([slug, raw]) => [slug, readAgentExtra(raw)])),
    projects: new Map(entries(doc.projects).map(([slug, raw]) => [slug, {
      status: str(raw.status), targetDate: str(raw.targetDate), goals: strList(raw.goals), workspaces: Array.isArray(raw.workspaces) ? raw.workspaces.filter(isMap) : [],
      settings: { workspacePolicy: raw.workspacePolicy, branchTemplate: raw.branchTemplate, verification: raw.verification, review: raw.review },
    }])),
    tasks: new Map(entries(doc.tasks).map(([slug, raw]) => [slug, readTaskExtra(raw)])),
    goals: readGoals(doc.goals),
    companySecrets, companyPlainEnv,
    defaultAdapterType: str(doc.adapter),
    routines: Object.keys(map(doc.routines)),
    routineEntries: Object.entries(map(doc.routines)).map(([key, fields]) => ({ key, fields: isMap(fields) ? fields : null })),
  };
}

function readOne(files: PackageFiles, path: Sidecar["path"], schema: string, findings: Findings): Sidecar | null {
  const file = files[path];
  if (file === undefined) return null;
  const text = fileText(file);
  if (text === null) {
    findings.error(path, "not UTF-8 text");
    return null;
  }
  const read = readYaml(text);
  if ("problem" in read) {
    findings.error(path, read.problem);
    return null;
  }
  const doc = read.value ?? {};
  if (!isMap(doc)) {
    findings.error(path, "does not parse to a YAML mapping");
    return null;
  }
  const declared = str(doc.schema);
  if (declared && declared !== schema) findings.warn(`${path}: schema ${declared} is not ${schema}; read as far as it matches`);
  return readSidecar(path, doc);
}

export function readSidecars(files: PackageFiles, findings: Findings): Sidecars {
  return {
    manifest: readOne(files, ".charter.yaml", "charter/v1", findings),
    paperclip: readOne(files, ".paperclip.yaml", "paperclip/v1", findings),
  };
}
