// Display helpers shared by pages and components. The API speaks integer cents; people read dollars.

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const usdWhole = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** "$1,234.56"; whole-dollar amounts drop the cents when `compact` is set. */
export function formatCents(cents: number, opts: { compact?: boolean } = {}): string {
  if (opts.compact && cents % 100 === 0) return usdWhole.format(cents / 100);
  return usd.format(cents / 100);
}

/** A budget of 0 means "no limit" (docs/design.md §7). */
export function formatBudget(cents: number): string {
  return cents === 0 ? "No limit" : formatCents(cents, { compact: true });
}

/** Dollars typed by a person ("12", "12.5", "$1,000") → integer cents, or null when it is not an amount. */
export function dollarsToCents(input: string): number | null {
  const cleaned = input.replace(/[$,\s]/g, "");
  if (cleaned === "") return 0;
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

/** Cents → the string a dollars input shows ("12.50", "0" for no budget). */
export function centsToDollarsInput(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** Share of the budget spent, 0–100+ (null when there is no budget). */
export function spendPercent(spentCents: number, budgetCents: number): number | null {
  if (budgetCents <= 0) return null;
  return Math.round((spentCents / budgetCents) * 1000) / 10;
}

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const dateOnly = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const timeOnly = new Intl.DateTimeFormat("en-US", { timeStyle: "short", timeZone: "UTC" });

// Times are shown in UTC so the server's and the browser's rendering agree (no hydration mismatch).
export const formatDateTime = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;
export const formatDate = (iso: string) => dateOnly.format(new Date(iso));
export const formatTime = (iso: string) => timeOnly.format(new Date(iso));

const momentFormats = new Map<string, { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat; date: Intl.DateTimeFormat; year: Intl.DateTimeFormat }>();

function momentFormat(zone: string) {
  let f = momentFormats.get(zone);
  if (!f) {
    const at = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-US", { timeZone: zone, ...o });
    f = {
      day: at({ year: "numeric", month: "2-digit", day: "2-digit" }),
      time: at({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
      date: at({ month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
      year: at({ year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
    };
    momentFormats.set(zone, f);
  }
  return f;
}

/**
 * A recent moment in the viewer's zone: "14:02" today, "Nov 27, 14:02" on another day of this year,
 * "Dec 30, 2025, 14:02" before it. The zone is the browser's (the server renders UTC first).
 */
export function formatMoment(iso: string, zone: string, now = new Date()): string {
  const f = momentFormat(zone);
  const at = new Date(iso);
  const [day, today] = [f.day.format(at), f.day.format(now)];
  if (day === today) return f.time.format(at);
  // "11/28/2026": the year is the last four characters in the zone
  return (day.slice(-4) === today.slice(-4) ? f.date : f.year).format(at);
}

const roleLabels: Record<string, string> = {
  ceo: "CEO", manager: "Manager", engineer: "Engineer", researcher: "Researcher", designer: "Designer", qa: "QA", general: "General",
};

export const adapterLabels: Record<string, string> = {
  process: "Process", http: "HTTP webhook", claude_local: "Claude Code (local)", codex_local: "Codex (local)",
};

export const statusLabels: Record<string, string> = {
  idle: "Idle", running: "Running", paused: "Paused", error: "Error", pending_approval: "Pending approval", terminated: "Terminated",
  active: "Active", archived: "Archived",
};

export const roleLabel = (role: string) => roleLabels[role] ?? role;

const shortDateTime = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone: "UTC" });

/** "Nov 22, 7:01 AM" (UTC): for dense tables; pair it with formatDateTime in a title. */
export const formatShortDateTime = (iso: string) => shortDateTime.format(new Date(iso));

/** An enum value as words: "in_progress" → "In progress". */
export const humanize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1).replace(/_/g, " ");

/** The first line of markdown as plain words, for one-line previews in lists. */
export function markdownPreview(md: string): string {
  const line = md.split("\n").map((l) => l.trim()).find(Boolean) ?? "";
  return line.replace(/^(#+|>|[-*+]|\d+\.)\s+/, "").replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/[*_`~]/g, "");
}

/** "812 B", "4.2 KB", "31 KB", "1.5 MB", "2.3 GB": a file's or a folder's size. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(n < 10 * 1024 ? 1 : 0)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(1)} GB`;
}

/** A span of seconds in words for sentences: "45 s", "15 min", "3 h". */
export function formatSpan(sec: number): string {
  if (sec >= 7200) return `${Math.round(sec / 3600)} h`;
  if (sec >= 120) return `${Math.round(sec / 60)} min`;
  return `${Math.round(sec)} s`;
}
