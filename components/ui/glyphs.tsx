// Small stroke glyphs used by several screens.
import { cn } from "@/lib/cn";

const base = { viewBox: "0 0 20 20", fill: "none", stroke: "currentColor", strokeWidth: 2, strokeLinecap: "round" as const, strokeLinejoin: "round" as const, "aria-hidden": true };

export function PlusGlyph({ className }: { className?: string }) {
  return <svg {...base} className={cn("size-4", className)}><path d="M10 4v12M4 10h12" /></svg>;
}

export function ChevronRightGlyph({ className }: { className?: string }) {
  return <svg {...base} className={cn("size-4", className)}><path d="M8 5l5 5-5 5" /></svg>;
}

export function SearchGlyph({ className }: { className?: string }) {
  return <svg {...base} className={cn("size-4", className)}><circle cx="9" cy="9" r="5.5" /><path d="M17 17l-4-4" /></svg>;
}

export function WarningGlyph({ className }: { className?: string }) {
  return <svg {...base} className={cn("size-4", className)}><path d="M10 3 2 17h16zM10 8v4M10 14.5v.01" /></svg>;
}
