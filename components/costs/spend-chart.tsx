// Spend per UTC day as plain SVG columns: no chart library, server- or client-rendered alike.
import type { ReactNode } from "react";
import { formatCents, formatDate } from "@/lib/format";

export interface DayPoint {
  day: string;
  costCents: number;
}

const DAY_MS = 86_400_000;

/** Every day of [from, to) with its spend (0 where nothing was spent), at most 366 days. */
export function fillDays(points: DayPoint[], fromIso: string, toIso: string): DayPoint[] {
  const byDay = new Map(points.map((p) => [p.day, p.costCents]));
  const start = Math.floor(Date.parse(fromIso) / DAY_MS) * DAY_MS;
  const end = Date.parse(toIso);
  const out: DayPoint[] = [];
  for (let t = start; t < end && out.length < 366; t += DAY_MS) {
    const day = new Date(t).toISOString().slice(0, 10);
    out.push({ day, costCents: byDay.get(day) ?? 0 });
  }
  return out;
}

export function SpendChart({ days }: { days: DayPoint[] }) {
  const max = Math.max(1, ...days.map((d) => d.costCents));
  const W = 720;
  const H = 180;
  const pad = { top: 10, bottom: 22, left: 0, right: 0 };
  const slot = (W - pad.left - pad.right) / Math.max(1, days.length);
  const barW = Math.max(1, slot * 0.7);
  const plotH = H - pad.top - pad.bottom;
  const labelEvery = Math.ceil(days.length / 8);
  return (
    <figure className="space-y-2">
      <div className="flex justify-between text-xs text-slate-500">
        <span>Spend per day (UTC)</span>
        <span className="tabular-nums">peak {formatCents(max === 1 && days.every((d) => d.costCents === 0) ? 0 : max)}</span>
      </div>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-48 w-full" role="img" aria-label="Spend per day" data-testid="spend-chart" preserveAspectRatio="none">
        <line x1={0} x2={W} y1={pad.top + plotH} y2={pad.top + plotH} className="stroke-slate-200" strokeWidth={1} />
        <line x1={0} x2={W} y1={pad.top} y2={pad.top} className="stroke-slate-100" strokeWidth={1} strokeDasharray="4 4" />
        {days.map((d, i) => {
          const h = (d.costCents / max) * plotH;
          const x = pad.left + i * slot + (slot - barW) / 2;
          return (
            <g key={d.day}>
              <rect x={x} y={pad.top + plotH - h} width={barW} height={Math.max(h, d.costCents > 0 ? 1 : 0)} rx={Math.min(2, barW / 2)} className="fill-indigo-500" data-day={d.day}>
                <title>{`${formatDate(`${d.day}T00:00:00Z`)}: ${formatCents(d.costCents)}`}</title>
              </rect>
              {i % labelEvery === 0 && (
                <text x={i === 0 ? x : x + barW / 2} y={H - 6} textAnchor={i === 0 ? "start" : "middle"} className="fill-slate-400" fontSize={10}>{d.day.slice(5)}</text>
              )}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

/** Horizontal bars: each row's share of the largest, labelled with its amount. */
export function BarList({ rows, testId }: { rows: Array<{ key: string; label: ReactNode; cents: number; hint?: ReactNode }>; testId?: string }) {
  const max = Math.max(1, ...rows.map((r) => r.cents));
  return (
    <ul className="space-y-3" data-testid={testId}>
      {rows.map((r) => (
        <li key={r.key} className="space-y-1">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="min-w-0 truncate text-slate-800">{r.label}</span>
            <span className="shrink-0 tabular-nums text-slate-700">{formatCents(r.cents)}</span>
          </div>
          <div className="h-2 w-full overflow-hidden rounded-full bg-slate-100">
            <div className="h-full rounded-full bg-indigo-500" style={{ width: `${(r.cents / max) * 100}%` }} />
          </div>
          {r.hint && <p className="text-xs text-slate-500">{r.hint}</p>}
        </li>
      ))}
    </ul>
  );
}
