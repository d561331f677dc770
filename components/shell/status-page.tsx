import type { ReactNode } from "react";
import { ThemeFallback } from "@/components/theme/theme-fallback.client";

/** The body of a 404 or 403 page: the status, what it means, and where to go instead. */
export function StatusPage({ code, title, children, action }: { code: number; title: string; children: ReactNode; action: ReactNode }) {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center px-4 text-center" data-testid="status-page" data-status={code}>
      <ThemeFallback />
      <p className="font-mono text-sm font-semibold text-indigo-600">{code}</p>
      <h1 className="mt-2 text-xl font-semibold text-slate-900">{title}</h1>
      <p className="mt-2 max-w-md text-sm text-slate-500">{children}</p>
      <div className="mt-6">{action}</div>
    </div>
  );
}
