import { cn } from "@/lib/cn";

/** What the API says stayed behind or was changed: one line each, long paths wrap. */
export function WarningList({ warnings, title = "Warnings", className }: { warnings: string[]; title?: string; className?: string }) {
  if (warnings.length === 0) return null;
  return (
    <section aria-label={title} className={cn("rounded-md border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-900", className)}>
      <h3 className="font-medium">{title} ({warnings.length})</h3>
      <ul className="mt-1.5 list-disc space-y-1 pl-5 break-words">
        {warnings.map((w, i) => <li key={i}>{w}</li>)}
      </ul>
    </section>
  );
}

/** A row of figures (files, agents…), wrapping on a phone. */
export function Figures({ items, label }: { items: [string, number][]; label: string }) {
  return (
    <dl aria-label={label} className="flex flex-wrap gap-2">
      {items.map(([name, value]) => (
        <div key={name} className="min-w-20 rounded-md bg-surface-muted px-3 py-2 ring-1 ring-inset ring-line">
          <dt className="text-xs text-fg-subtle">{name}</dt>
          <dd className="text-lg font-semibold tabular-nums text-fg">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
