// Schedules: five-field cron expressions in an IANA time zone, read by croner (which handles
// daylight-saving changes: a fixed time inside a spring-forward gap fires at the first valid minute
// after it, a time repeated in autumn fires once). At most one window per minute by construction:
// the five-field form has no seconds.
import { Cron } from "croner";
import cronstrue from "cronstrue";
import { AppError } from "@/lib/http/errors";

const invalid = (path: "cron" | "timezone", message: string) =>
  new AppError("invalid_schedule", `Invalid ${path}: ${message}`, [{ path, message }]);

// a zone name, never an offset such as +05:00 (which Intl would take): Region/City, Etc/GMT+5, UTC
const zoneName = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

function assertTimeZone(timezone: string): void {
  let ok = zoneName.test(timezone);
  if (ok) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: timezone });
    } catch {
      ok = false;
    }
  }
  if (!ok) throw invalid("timezone", `'${timezone}' is not an IANA time zone (e.g. Europe/Paris, America/New_York, UTC)`);
}

function cronOf(cron: string, timezone: string): Cron {
  return new Cron(cron, { mode: "5-part", timezone });
}

/** A cron expression and zone that parse and fire at least once; otherwise a 422 naming the field. */
export function assertSchedule(cron: string, timezone: string, now = new Date()): void {
  assertTimeZone(timezone);
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) {
    const why = fields.length > 5 ? "a seconds (or year) field would fire more than once a minute; use five fields" : "use five fields";
    throw invalid("cron", `'${cron}' has ${fields.length} fields: ${why} (minute hour day-of-month month day-of-week)`);
  }
  let next: Date | null;
  try {
    next = cronOf(cron, timezone).nextRun(now);
  } catch (e) {
    throw invalid("cron", e instanceof Error ? e.message.replace(/^CronPattern: /, "") : "not a cron expression");
  }
  if (!next) throw invalid("cron", `'${cron}' never fires`);
}

/** The first window strictly after `after`, or null for a schedule that never fires again. */
export function nextWindow(cron: string, timezone: string, after: Date): Date | null {
  return cronOf(cron, timezone).nextRun(after);
}

/** The next `n` windows strictly after `after`. */
export function nextWindows(cron: string, timezone: string, after: Date, n = 5): Date[] {
  return cronOf(cron, timezone).nextRuns(n, after);
}

/** Whether two of the next windows fall on one local day: such a schedule's issue titles need {{time}}. */
export function firesMoreThanDaily(cron: string, timezone: string, after: Date): boolean {
  const days = nextWindows(cron, timezone, after, 8).map((w) => localDateTime(w, timezone).date);
  return days.some((d, i) => i > 0 && d === days[i - 1]);
}

/** The latest window at or before `at`, or null. */
export function lastWindowAtOrBefore(cron: string, timezone: string, at: Date): Date | null {
  return cronOf(cron, timezone).previousRuns(1, new Date(at.getTime() + 1))[0] ?? null;
}

/** The schedule in plain words, or null when the describer cannot read it. */
export function describeCron(cron: string): string | null {
  try {
    return cronstrue.toString(cron, { use24HourTimeFormat: true, verbose: false });
  } catch {
    return null;
  }
}

/** YYYY-MM-DD and HH:MM of `at` in `timezone`: the title template's {{date}} and {{time}}. */
export function localDateTime(at: Date, timezone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone: timezone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(at).map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}
