// The only reader of process.env. One zod schema validates every setting; a bad value stops the
// process with a message naming the setting.
import { z } from "zod";

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === "" ? undefined : v));

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  CHARTER_DATA_DIR: z.string().default(".data"),
  /**
   * Where issues' git worktrees and the clones of repoUrl-only workspaces live; default
   * <CHARTER_DATA_DIR>/workspaces. With several workers it is a volume every worker mounts at the
   * same path (docs/decisions/0119-execution-workspaces.md).
   */
  CHARTER_WORKSPACE_ROOT: z.string().min(1).optional(),
  /** Days a finished issue's clean, merged or pushed worktree is kept before it is removed. */
  CHARTER_WORKSPACE_RETENTION_DAYS: z.coerce.number().min(0).max(3650).default(7),
  HOST: z.string().default("127.0.0.1"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3100),
  PUBLIC_BASE_URL: z.url().optional(),
  /**
   * "true" when Charter runs behind a reverse proxy that sets X-Forwarded-Proto and X-Forwarded-Host
   * itself and appends the client's address to X-Forwarded-For: only then are those headers believed
   * (the client's address for rate limits, https for HSTS, the host for same-origin checks and the
   * OAuth base address). Off, a client could spoof them, so they are ignored.
   */
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0", ""])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  MAX_BODY_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
  OAUTH_CLIENT_ID: optionalString,
  OAUTH_CLIENT_SECRET: optionalString,
  OAUTH_PROFILE: z.enum(["strict", "seed"]).default("strict"),
  OAUTH_REDIRECT_URIS: optionalString,
  /** set by scripts/serve.mjs for the Next process it starts */
  CHARTER_LAUNCHER_PID: z.coerce.number().int().optional(),
  /** V8 old-space cap of the Next server process: bounds memory under load (GC runs sooner) */
  CHARTER_MAX_HEAP_MB: z.coerce.number().int().min(96).max(16384).default(256),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /** the heartbeat worker inside the server process: "off" when dedicated workers (npm run worker) do the work */
  CHARTER_WORKER: z.enum(["on", "off"]).default("on"),
  /** runs one worker process drives at once (across all agents) */
  CHARTER_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  /** fallback poll when no NOTIFY arrives: wakes missed while disconnected, timers, orphan sweep */
  CHARTER_WORKER_POLL_MS: z.coerce.number().int().min(200).max(3_600_000).default(60_000),
  /** how often the worker looks for due routine schedule windows (a window fires within about this of its minute) */
  CHARTER_ROUTINE_TICK_MS: z.coerce.number().int().min(200).max(30_000).default(2_000),
  /** the liveness sweep (lib/runtime/liveness-sweep.ts) runs at most this often, from the worker's fallback tick */
  CHARTER_LIVENESS_TICK_MS: z.coerce.number().int().min(200).max(3_600_000).default(30_000),
  /** a run whose worker has not touched it for this long is closed as orphaned */
  CHARTER_RUN_STALE_SEC: z.coerce.number().int().min(5).max(86_400).default(120),
  /** a run's timeout when its adapter config names none */
  CHARTER_RUN_TIMEOUT_SEC: z.coerce.number().int().min(1).max(86_400).default(3600),
  /** the newest this many characters of a run's log are kept; older output is dropped */
  CHARTER_RUN_LOG_MAX_BYTES: z.coerce.number().int().min(1024).max(64 * 1024 * 1024).default(256 * 1024),
  /** logs of runs finished longer ago than this are cleared */
  CHARTER_RUN_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** dispatched events, finished webhook deliveries and sent emails older than this are deleted */
  CHARTER_EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** loop breaker: an agent started this many runs within the window without progress is paused */
  CHARTER_LOOP_MAX_RUNS: z.coerce.number().int().min(2).max(10_000).default(10),
  CHARTER_LOOP_WINDOW_MIN: z.coerce.number().int().min(1).max(1440).default(10),
  /** scheduled backups (lib/backup/schedule.ts) go to this folder; unset: none */
  CHARTER_BACKUP_DIR: optionalString,
  CHARTER_BACKUP_INTERVAL_HOURS: z.coerce.number().min(0.01).max(8760).default(24),
  /** the newest this many scheduled backups are kept */
  CHARTER_BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
  /** the folder's backups together stay under this many bytes (oldest deleted; a backup that would pass it is abandoned) */
  CHARTER_BACKUP_MAX_BYTES: z.coerce.number().int().min(1024 * 1024).default(10 * 1024 ** 3),
  /** company imports: the largest request body, and the most Charter reads from a cloned package */
  CHARTER_PACKAGE_MAX_BYTES: z.coerce.number().int().min(64 * 1024).max(1024 ** 3).default(8 * 1024 * 1024),
  /** smtp:// or smtps:// URL of the mail server notifications go through; unset: no email (the board says so) */
  SMTP_URL: optionalString.pipe(z.string().regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL").optional()),
  /** the From address of notification emails, e.g. "Charter <charter@example.com>"; unset: no email */
  MAIL_FROM: optionalString,
  /** company imports: a git fetch is killed after this many seconds */
  CHARTER_GIT_TIMEOUT_SEC: z.coerce.number().int().min(1).max(3600).default(60),
  /** outbound webhooks may target http and loopback, private or link-local addresses (a local receiver) */
  CHARTER_WEBHOOK_ALLOW_PRIVATE: z
    .enum(["true", "false", "1", "0", ""])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const res = envSchema.safeParse(source);
  if (!res.success) {
    const lines = res.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new EnvError(`Invalid setting${lines.length > 1 ? "s" : ""}:\n${lines.join("\n")}`);
  }
  return res.data;
}

let cached: Env | undefined;

/** Settings, parsed on first use (next build imports modules with no environment around). */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Tests point the app at a throwaway database; this drops the cached parse. */
export function resetEnvCache(): void {
  cached = undefined;
}

/**
 * The environment a spawned agent process starts from: only what a program needs to run (PATH,
 * HOME, locale…), never this process's secrets (DATABASE_URL, SESSION_SECRET, OAuth settings).
 */
export function childBaseEnv(): Record<string, string> {
  const keep = ["PATH", "HOME", "USER", "LOGNAME", "SHELL", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "TMPDIR", "TERM"];
  const out: Record<string, string> = {};
  for (const k of keep) {
    const v = process.env[k];
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/** The values of this process's environment whose names `pick` accepts (e.g. the secret ones, for redaction). */
export function environmentValues(pick: (name: string) => boolean): string[] {
  return Object.entries(process.env).filter(([k, v]) => v && pick(k)).map(([, v]) => v!);
}
