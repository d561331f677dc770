// A schedule's preview in the browser, before it is saved: the cron expression in plain words
// (cronstrue) and its next windows in the chosen IANA zone (croner, the library the server fires
// with, in the same five-field mode). The server's 422 stays the final word; this only helps typing.
import { Cron } from "croner";
import cronstrue from "cronstrue";

export type SchedulePreview =
  | { ok: true; words: string; times: Date[] }
  | { ok: false; field: "cron" | "timezone"; message: string };

function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The schedule in words, or null when cronstrue cannot read it. */
function cronWords(cron: string): string | null {
  try {
    return cronstrue.toString(cron, { use24HourTimeFormat: true, verbose: false });
  } catch {
    return null;
  }
}

export function previewSchedule(cron: string, zone: string, after = new Date(), n = 5): SchedulePreview {
  const fields = cron.trim().split(/\s+/).filter(Boolean);
  if (fields.length !== 5) {
    return { ok: false, field: "cron", message: `Five fields are needed (minute hour day-of-month month day-of-week); this has ${fields.length}` };
  }
  if (!isTimeZone(zone)) return { ok: false, field: "timezone", message: `'${zone}' is not an IANA time zone (e.g. Europe/Paris, America/New_York, UTC)` };
  let times: Date[];
  try {
    times = new Cron(cron.trim(), { mode: "5-part", timezone: zone }).nextRuns(n, after);
  } catch (e) {
    return { ok: false, field: "cron", message: e instanceof Error ? e.message.replace(/^Cron\w*: /, "") : "Not a cron expression" };
  }
  if (times.length === 0) return { ok: false, field: "cron", message: "This expression never fires" };
  return { ok: true, words: cronWords(cron.trim()) ?? cron.trim(), times };
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** "Mon, Jan 6, 09:00" in `zone` (24-hour, the same on the server and in the browser). */
export function formatInZone(at: Date | string, zone: string): string {
  let f = formats.get(zone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat("en-US", { timeZone: zone, weekday: "short", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    } catch {
      f = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", weekday: "short", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    }
    formats.set(zone, f);
  }
  return f.format(typeof at === "string" ? new Date(at) : at);
}

/** The browser's zone, the default for a new schedule. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** Every IANA zone the browser knows, for the zone field's suggestions. */
export function knownTimeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: "timeZone") => string[] };
  const zones = intl.supportedValuesOf?.("timeZone") ?? [];
  return zones.includes("UTC") ? zones : ["UTC", ...zones];
}

const zoneWords = (s: string) => s.toLowerCase().replace(/[_/]/g, " ");

/**
 * The zones matching what was typed (any part of the name; "new york" finds America/New_York), those
 * with a word starting with it first, then by name; all of them for an empty query. At most `limit`.
 */
export function matchTimeZones(zones: readonly string[], query: string, limit = 400): string[] {
  const q = zoneWords(query).trim();
  if (!q) return zones.slice(0, limit);
  const ranked = zones.flatMap((z) => {
    const words = zoneWords(z);
    if (!words.includes(q)) return [];
    return [{ z, rank: words.split(" ").some((w, i, all) => all.slice(i).join(" ").startsWith(q)) ? 0 : 1 }];
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.z.localeCompare(b.z)).slice(0, limit).map((r) => r.z);
}

/** Common schedules to start from. */
export const cronPresets: Array<{ label: string; cron: string }> = [
  { label: "Weekdays at 09:00", cron: "0 9 * * 1-5" },
  { label: "Every day at 08:00", cron: "0 8 * * *" },
  { label: "Every Monday at 10:00", cron: "0 10 * * 1" },
  { label: "Every hour", cron: "0 * * * *" },
  { label: "Every 15 minutes", cron: "*/15 * * * *" },
];
