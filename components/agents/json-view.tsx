import { cn } from "@/lib/cn";

const isEmpty = (v: unknown) => v === null || v === undefined || (typeof v === "object" && Object.keys(v as object).length === 0);

/** Pretty-printed JSON (secrets arrive already redacted by the API). */
export function JsonView({ value, empty = "Empty", className }: { value: unknown; empty?: string; className?: string }) {
  if (isEmpty(value)) return <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-400 ring-1 ring-inset ring-slate-200">{empty}</p>;
  return (
    <pre className={cn("max-h-80 overflow-auto rounded-md bg-code px-4 py-3 font-mono text-xs leading-relaxed text-code-fg", className)}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
