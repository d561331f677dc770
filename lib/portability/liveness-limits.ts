// The liveness limits in a package (docs/portability.md): the company's (staleCheckoutSec,
// wakeCapPerHour, waitLimitSec) in the manifest's `company`, an agent's (silenceLimitSec, retryBudget)
// in its entry's `runtime`, the key Paperclip's sidecar gives an agent's runtime settings. They say how
// long work may stand still before Charter acts, which is the company's design, not the machine's, so
// they travel; defaults are left out. An import takes a value in its range and names any other.
import { z } from "zod";
import { readRuntimeConfig } from "@/lib/runtime/config";
import { runtimeConfigInputSchema } from "@/lib/schemas/agents";
import { companyLimitFields } from "@/lib/schemas/liveness";
import type { Findings, YamlMap } from "@/lib/portability/import/parse";

type CompanyLimitKey = keyof typeof companyLimitFields;
export type CompanyLimits = Partial<Record<CompanyLimitKey, number>>;
export type AgentLimits = Partial<Record<"silenceLimitSec" | "retryBudget", number>>;

/** The columns' defaults (prisma/schema.prisma's Company): a limit at its default is not exported. */
const COMPANY_DEFAULTS: Record<CompanyLimitKey, number> = { staleCheckoutSec: 7200, wakeCapPerHour: 12, waitLimitSec: 86_400 };
const AGENT_KEYS = ["silenceLimitSec", "retryBudget"] as const;

/** The company's limits that differ from the defaults, for the manifest. */
export function exportedCompanyLimits(company: Record<CompanyLimitKey, number>): CompanyLimits {
  return Object.fromEntries((Object.keys(COMPANY_DEFAULTS) as CompanyLimitKey[])
    .filter((k) => company[k] !== COMPANY_DEFAULTS[k]).map((k) => [k, company[k]]));
}

/** An agent's limits that differ from the defaults (as the runtime reads them), or undefined. */
export function exportedAgentLimits(runtimeConfig: unknown): AgentLimits | undefined {
  const read = readRuntimeConfig(runtimeConfig);
  const defaults = readRuntimeConfig({});
  const out = Object.fromEntries(AGENT_KEYS.filter((k) => read[k] !== defaults[k]).map((k) => [k, read[k]]));
  return Object.keys(out).length ? out : undefined;
}

/** The limits of `raw` whose values `schema` accepts; every other present one is a warning. */
function pick<K extends string>(raw: YamlMap, keys: readonly K[], schema: z.ZodType, where: string, findings: Findings): Partial<Record<K, number>> {
  const out: Partial<Record<K, number>> = {};
  for (const k of keys) {
    if (raw[k] === undefined) continue;
    const checked = schema.safeParse({ [k]: raw[k] });
    if (checked.success) out[k] = raw[k] as number;
    else findings.warn(`${where}: ${k} ${JSON.stringify(raw[k])} not imported (${checked.error.issues[0]?.message ?? "not a limit"}); the default applies`);
  }
  return out;
}

const companyLimitsSchema = z.object(companyLimitFields).partial();

export const importedCompanyLimits = (raw: YamlMap, where: string, findings: Findings): CompanyLimits =>
  pick(raw, Object.keys(COMPANY_DEFAULTS) as CompanyLimitKey[], companyLimitsSchema, where, findings);

export const importedAgentLimits = (raw: YamlMap, where: string, findings: Findings): AgentLimits =>
  pick(raw, AGENT_KEYS, runtimeConfigInputSchema, where, findings);
