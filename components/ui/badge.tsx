import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

export type BadgeTone = "gray" | "green" | "blue" | "amber" | "red" | "indigo" | "violet";

const tones: Record<BadgeTone, { box: string; dot: string }> = {
  gray: { box: "bg-slate-100 text-slate-700 ring-slate-500/15", dot: "bg-slate-400" },
  green: { box: "bg-emerald-50 text-emerald-700 ring-emerald-600/20", dot: "bg-emerald-500" },
  blue: { box: "bg-sky-50 text-sky-700 ring-sky-600/20", dot: "bg-sky-500" },
  amber: { box: "bg-amber-50 text-amber-800 ring-amber-600/25", dot: "bg-amber-500" },
  red: { box: "bg-red-50 text-red-700 ring-red-600/20", dot: "bg-red-500" },
  indigo: { box: "bg-indigo-50 text-indigo-700 ring-indigo-600/20", dot: "bg-indigo-500" },
  violet: { box: "bg-violet-50 text-violet-700 ring-violet-600/20", dot: "bg-violet-500" },
};

export function Badge({ tone = "gray", dot = false, pulse = false, className, children, title }: {
  tone?: BadgeTone; dot?: boolean; pulse?: boolean; className?: string; children: ReactNode; title?: string;
}) {
  const t = tones[tone];
  return (
    <span title={title} className={cn("inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset", t.box, className)}>
      {dot && <span className={cn("size-1.5 rounded-full", t.dot, pulse && "animate-pulse")} aria-hidden="true" />}
      {children}
    </span>
  );
}
