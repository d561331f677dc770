// What the runtime reads from an agent's runtimeConfig and adapterConfig. Both are free JSON that
// the board edits, so every field is read leniently: a wrong value falls back to the default (and
// an adapter that cannot run at all fails its run with a sentence saying why). Each key's
// `.describe()` is its public documentation: GET /llms/agent-configuration.txt is generated from it.
import { z } from "zod";
import { limitSchema } from "@/lib/schemas/liveness";

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

const heartbeatDefaults = { enabled: false, intervalSec: 3600, wakeWhenIdle: false };

export const runtimeConfigSchema = z.object({
  maxConcurrentRuns: z.number().int().min(1).max(100).catch(1).default(1)
    .describe("How many heartbeats of this agent may run at once (1–100). Default 1."),
  heartbeat: z.object({
    enabled: z.boolean().catch(false).default(false)
      .describe("Wake the agent on a timer. Default false (the agent is woken only by assignments, mentions, approvals and the board)."),
    intervalSec: int(60, 7 * 86_400).catch(3600).default(3600)
      .describe("Seconds between timer heartbeats (60–604800). Default 3600."),
    wakeWhenIdle: z.boolean().catch(false).default(false)
      .describe("Fire the timer even when nothing is assigned to the agent (otherwise the timer skips it). Default false."),
  }).catch(heartbeatDefaults).default(heartbeatDefaults)
    .describe("The optional timer heartbeat. Default: off."),
  loopBreaker: z.object({
    enabled: z.boolean().catch(true).default(true)
      .describe("Pause the agent when it runs too often without progress. Default true."),
    maxRuns: int(2, 10_000).optional().catch(undefined)
      .describe("Runs within the window that trip the breaker (2–10000). Default: the server's CHARTER_LOOP_MAX_RUNS."),
    windowMinutes: int(1, 1440).optional().catch(undefined)
      .describe("The breaker's window in minutes (1–1440). Default: the server's CHARTER_LOOP_WINDOW_MIN."),
  }).catch({ enabled: true }).default({ enabled: true })
    .describe("Per-agent override of the loop breaker: too many runs in the window without progress (a change other than comments and cost reports) pauses the agent. Default: on, with the server's limits."),
  silenceLimitSec: limitSchema(60, 86_400).catch(900).default(900)
    .describe("Seconds a run may go without a sign of life (log or transcript output, an API call with its run key) before it is cancelled as silent and retried (60–86400). Default 900."),
  retryBudget: limitSchema(0, 20).catch(3).default(3)
    .describe("Failed runs of one issue that are retried (with backoff) before the issue is stalled with retries_exhausted (0–20). Default 3."),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export function readRuntimeConfig(value: unknown): RuntimeConfig {
  const parsed = runtimeConfigSchema.safeParse(value && typeof value === "object" ? value : {});
  return parsed.success ? parsed.data : runtimeConfigSchema.parse({});
}

const stringRecord = z.record(z.string(), z.unknown()).transform((r) =>
  Object.fromEntries(Object.entries(r).filter(([, v]) => ["string", "number", "boolean"].includes(typeof v)).map(([k, v]) => [k, String(v)])),
);

/**
 * The tools Claude Code may use in print mode without asking (it cannot ask): curl for the Charter
 * API at $SERVICE_API_URL, and jq to read its answers. Permission rules match a command's prefix,
 * so `Bash(curl:*)` allows curl to any URL: the run's key only works on this Charter, and the
 * sandbox a deployment wants beyond that is the board's choice (adapterConfig.allowedTools).
 */
export const DEFAULT_CLAUDE_ALLOWED_TOOLS = ["Bash(curl:*)", "Bash(jq:*)"] as const;
const codexSandboxModes = ["read-only", "workspace-write", "danger-full-access"] as const;
export const DEFAULT_CODEX_SANDBOX = "workspace-write" satisfies (typeof codexSandboxModes)[number];
const sessionPolicies = ["per_issue", "fresh"] as const;

/** Fields the adapters share; each key's description says which adapters read it. */
export const adapterConfigSchema = z.object({
  command: z.string().min(1).optional().catch(undefined)
    .describe("process: the program or shell line to run (required: without it the run fails). claude_local / codex_local: the CLI to spawn. Default: none for process; `claude` / `codex` on PATH for the CLIs."),
  args: z.array(z.string()).optional().catch(undefined)
    .describe("process: arguments; with arguments the command runs directly, without them it runs as a shell line. Default: none."),
  cwd: z.string().min(1).optional().catch(undefined)
    .describe("process, claude_local, codex_local: working directory of the program. Default: the worker's own directory."),
  env: stringRecord.optional().catch(undefined)
    .describe("process, claude_local, codex_local: extra environment variables (text, numbers, true or false). The run's own SERVICE_* variables take precedence. A value under a name containing KEY, TOKEN, SECRET, PASSWORD, PASS, AUTH, CREDENTIAL, PRIVATE, COOKIE or SESSION is write-only once saved; other values stay readable. Values of 8+ characters are kept out of run transcripts. Default: none."),
  timeoutSec: int(1, 86_400).optional().catch(undefined)
    .describe("Every adapter: seconds before the run is stopped and marked as timed out (1–86400). Default: the server's run timeout (3600 unless set)."),
  url: z.string().url().optional().catch(undefined)
    .describe("http: the endpoint the signed wake is POSTed to. Default: none (required: without it the run fails)."),
  secret: z.string().min(1).optional().catch(undefined)
    .describe("http: HMAC-SHA256 signing secret of the X-Charter-Signature header. Default: none (required: wakes are only sent signed). Redacted from transcripts."),
  headers: stringRecord.optional().catch(undefined)
    .describe("http: extra request headers (values of 8+ characters are redacted from transcripts). Default: none."),
  instructionsFilePath: z.string().min(1).optional().catch(undefined)
    .describe("claude_local, codex_local: the agent's instructions file, given to the CLI before the Charter skill. Default: the AGENTS.md of the instructions managed on the agent's page, written to a private folder for each run; none when it has none."),
  model: z.string().min(1).optional().catch(undefined)
    .describe("claude_local, codex_local: the model (`--model`). Default: the CLI's own default."),
  extraArgs: z.array(z.string()).optional().catch(undefined)
    .describe("claude_local, codex_local: arguments appended to the CLI's command line. Default: none."),
  sessionPolicy: z.enum(sessionPolicies).optional().catch(undefined)
    .describe("claude_local, codex_local: per issue resumes the CLI session the agent last used for the same issue; fresh starts a new session on every wake. Default: per issue."),
  allowedTools: z.array(z.string().min(1)).optional().catch(undefined)
    .describe(`claude_local: Claude Code permission rules passed as \`--allowedTools\`, which replace the default list (an empty list passes none). Default: ${DEFAULT_CLAUDE_ALLOWED_TOOLS.join(", ")} (curl to the API and jq).`),
  sandbox: z.enum(codexSandboxModes).optional().catch(undefined)
    .describe(`codex_local: Codex's sandbox mode (${codexSandboxModes.join(", ")}). Default: ${DEFAULT_CODEX_SANDBOX}.`),
  networkAccess: z.boolean().optional().catch(undefined)
    .describe("codex_local: network access inside Codex's workspace-write sandbox, needed to call the API. Default: true."),
  dangerouslySkipPermissions: z.boolean().optional().catch(undefined)
    .describe("claude_local: run Claude Code with `--dangerously-skip-permissions` instead of the allowed tools; codex_local: run Codex with `--dangerously-bypass-approvals-and-sandbox` instead of the sandbox. Default: false."),
});
export type AdapterConfig = z.infer<typeof adapterConfigSchema>;

export function readAdapterConfig(value: unknown): AdapterConfig {
  const parsed = adapterConfigSchema.safeParse(value && typeof value === "object" ? value : {});
  return parsed.success ? parsed.data : {};
}
