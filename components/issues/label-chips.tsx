import { cn } from "@/lib/cn";
import type { DirectoryMaps, LabelRef } from "@/components/issues/directory";

export function LabelChip({ label, className }: { label: LabelRef; className?: string }) {
  return (
    <span className={cn("inline-flex max-w-36 items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium text-slate-600 ring-1 ring-inset ring-slate-200", className)}>
      <span className="size-2 shrink-0 rounded-full" style={{ backgroundColor: label.color }} aria-hidden="true" />
      <span className="truncate">{label.name}</span>
    </span>
  );
}

/** An issue's labels as chips; past `max`, a "+n" with the rest in its tooltip. */
export function LabelChips({ ids, maps, max = 3 }: { ids: string[]; maps: DirectoryMaps; max?: number }) {
  const labels = ids.map((id) => maps.label.get(id)).filter((l): l is LabelRef => l !== undefined);
  if (labels.length === 0) return null;
  const rest = labels.slice(max);
  return (
    <span className="hidden shrink-0 items-center gap-1 sm:inline-flex">
      {labels.slice(0, max).map((l) => <LabelChip key={l.id} label={l} />)}
      {rest.length > 0 && <span className="text-xs text-slate-400" title={rest.map((l) => l.name).join(", ")}>+{rest.length}</span>}
    </span>
  );
}
