// What the runtime reads from an agent's runtimeConfig and adapterConfig. Both are free JSON that
// the board edits, so every field is read leniently: a wrong value falls back to the default (and
// an adapter that cannot run at all fails its run with a sentence saying why).
import { z } from "zod";

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

export const runtimeConfigSchema = z.object({
  /** heartbeats of this agent allowed at once (DESIGN §8: one by default) */
  maxConcurrentRuns: z.number().int().min(1).max(100).catch(1).default(1),
  /** the optional timer heartbeat: off unless enabled */
  heartbeat: z.object({
    enabled: z.boolean().catch(false).default(false),
    intervalSec: int(60, 7 * 86_400).catch(3600).default(3600),
    /** wake even when nothing is assigned to the agent (otherwise the timer skips it) */
    wakeWhenIdle: z.boolean().catch(false).default(false),
  }).catch({ enabled: false, intervalSec: 3600, wakeWhenIdle: false }).default({ enabled: false, intervalSec: 3600, wakeWhenIdle: false }),
  /** per-agent override of the loop breaker (CHARTER_LOOP_*); enabled: false turns it off */
  loopBreaker: z.object({
    enabled: z.boolean().catch(true).default(true),
    maxRuns: int(2, 10_000).optional().catch(undefined),
    windowMinutes: int(1, 1440).optional().catch(undefined),
  }).catch({ enabled: true }).default({ enabled: true }),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export function readRuntimeConfig(value: unknown): RuntimeConfig {
  const parsed = runtimeConfigSchema.safeParse(value && typeof value === "object" ? value : {});
  return parsed.success ? parsed.data : runtimeConfigSchema.parse({});
}

const stringRecord = z.record(z.string(), z.unknown()).transform((r) =>
  Object.fromEntries(Object.entries(r).filter(([, v]) => ["string", "number", "boolean"].includes(typeof v)).map(([k, v]) => [k, String(v)])),
);

/** Fields the adapters share. */
export const adapterConfigSchema = z.object({
  command: z.string().min(1).optional().catch(undefined),
  args: z.array(z.string()).optional().catch(undefined),
  cwd: z.string().min(1).optional().catch(undefined),
  env: stringRecord.optional().catch(undefined),
  timeoutSec: int(1, 86_400).optional().catch(undefined),
  // http
  url: z.string().url().optional().catch(undefined),
  secret: z.string().min(1).optional().catch(undefined),
  headers: stringRecord.optional().catch(undefined),
  // claude_local / codex_local
  instructionsFilePath: z.string().min(1).optional().catch(undefined),
  model: z.string().min(1).optional().catch(undefined),
  extraArgs: z.array(z.string()).optional().catch(undefined),
  dangerouslySkipPermissions: z.boolean().optional().catch(undefined),
});
export type AdapterConfig = z.infer<typeof adapterConfigSchema>;

export function readAdapterConfig(value: unknown): AdapterConfig {
  const parsed = adapterConfigSchema.safeParse(value && typeof value === "object" ? value : {});
  return parsed.success ? parsed.data : {};
}
