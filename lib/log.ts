// Structured one-line JSON logs on stderr, bounded in size so a failure loop cannot fill a disk.
// Fields go through the secrets rule (lib/secrets.ts) first: a config or payload logged whole never
// writes a secret to the server's log.
import { env } from "@/lib/env";
import { redactSecrets } from "@/lib/secrets";

const levels = { debug: 10, info: 20, warn: 30, error: 40 } as const;
type Level = keyof typeof levels;
const MAX_LINE = 8 * 1024;

function write(level: Level, msg: string, fields?: Record<string, unknown>) {
  let threshold: Level = "info";
  try {
    threshold = env().LOG_LEVEL;
  } catch {
    // a bad setting is reported elsewhere; logging must still work
  }
  if (levels[level] < levels[threshold]) return;
  let line = JSON.stringify({ t: new Date().toISOString(), level, msg, ...(fields ? (redactSecrets(fields) as Record<string, unknown>) : {}) });
  if (line.length > MAX_LINE) line = line.slice(0, MAX_LINE) + "…";
  process.stderr.write(line + "\n");
}

export const log = {
  debug: (msg: string, f?: Record<string, unknown>) => write("debug", msg, f),
  info: (msg: string, f?: Record<string, unknown>) => write("info", msg, f),
  warn: (msg: string, f?: Record<string, unknown>) => write("warn", msg, f),
  error: (msg: string, f?: Record<string, unknown>) => write("error", msg, f),
};
