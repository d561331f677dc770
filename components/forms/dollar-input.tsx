import type { InputHTMLAttributes } from "react";
import { Input } from "@/components/ui/input";

/** A money field in dollars (the API takes cents: convert with dollarsToCents). */
export function DollarInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="relative">
      <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-400">$</span>
      <Input inputMode="decimal" autoComplete="off" {...props} className="pl-7" />
    </div>
  );
}
