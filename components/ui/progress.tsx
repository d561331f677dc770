import { cn } from "@/lib/cn";

/** A horizontal bar filled to `percent` (clamped to 0–100); the tone says how worried to be. */
export function ProgressBar({ percent, tone = "indigo", className, label }: { percent: number; tone?: "indigo" | "amber" | "red" | "green"; className?: string; label?: string }) {
  const fill = { indigo: "bg-indigo-500", amber: "bg-amber-500", red: "bg-red-500", green: "bg-emerald-500" }[tone];
  const width = Math.max(0, Math.min(100, percent));
  return (
    <div className={cn("h-2 w-full overflow-hidden rounded-full bg-slate-100", className)} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(width)} aria-label={label}>
      <div className={cn("h-full rounded-full transition-[width]", fill)} style={{ width: `${width}%` }} />
    </div>
  );
}
