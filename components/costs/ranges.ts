// Preset cost ranges, shared by the costs page (server) and its client view.
import type { CostRangeParams } from "@/lib/queries/costs";

const DAY_MS = 86_400_000;
const day = (d: Date) => d.toISOString().slice(0, 10);

/** The preset ranges, as the API's date-only from/to (to includes its day). */
export function presets(now = new Date()): Array<{ key: string; label: string; range: CostRangeParams }> {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const monthStart = new Date(Date.UTC(y, m, 1));
  const monthEnd = new Date(Date.UTC(y, m + 1, 0));
  return [
    { key: "month", label: "This month", range: { from: day(monthStart), to: day(monthEnd) } },
    { key: "last-month", label: "Last month", range: { from: day(new Date(Date.UTC(y, m - 1, 1))), to: day(new Date(Date.UTC(y, m, 0))) } },
    { key: "30d", label: "Last 30 days", range: { from: day(new Date(now.getTime() - 29 * DAY_MS)), to: day(now) } },
  ];
}

