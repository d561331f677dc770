import { cn } from "@/lib/cn";

/** Charter's mark: a rounded square with an org-chart glyph. */
export function CharterMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn("size-8", className)} aria-hidden="true">
      <rect width="32" height="32" rx="8" className="fill-indigo-600" />
      <g fill="none" stroke="white" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <rect x="12.5" y="7" width="7" height="5.5" rx="1.5" />
        <rect x="6.5" y="19.5" width="7" height="5.5" rx="1.5" />
        <rect x="18.5" y="19.5" width="7" height="5.5" rx="1.5" />
        <path d="M16 12.5v3.5M10 19.5V16h12v3.5" />
      </g>
    </svg>
  );
}

export function CharterWordmark({ className }: { className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2 font-semibold tracking-tight text-slate-900", className)}>
      <CharterMark className="size-7" />
      Charter
    </span>
  );
}
