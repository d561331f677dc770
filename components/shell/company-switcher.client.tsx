"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { useDismiss } from "@/components/ui/use-dismiss";
import { cn } from "@/lib/cn";
import { CompanyLogo } from "@/components/companies/company-logo";

export interface SwitcherCompany {
  id: string;
  name: string;
  issuePrefix: string;
  logoUrl: string | null;
  brandColor: string | null;
}

/** The same section (agents, org…) of another company; an agent's or issue's page does not carry over. */
export function sameSectionHref(pathname: string, prefix: string): string {
  return `/${prefix}/${pathname.split("/")[2] || "agents"}`;
}

/** The current company, and a menu to jump to the same page of another one. */
export function CompanySwitcher({ current, companies }: { current: SwitcherCompany; companies: SwitcherCompany[] }) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => setOpen(false), [pathname]);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, box);

  return (
    <div ref={box} className="relative">
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-haspopup="menu"
        aria-expanded={open}
        className="flex w-full items-center gap-2.5 rounded-lg p-1.5 text-left hover:bg-slate-200/60"
      >
        <CompanyLogo name={current.name} logoUrl={current.logoUrl} brandColor={current.brandColor} size="md" />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-semibold text-slate-900" data-testid="current-company">{current.name}</span>
          <span className="block font-mono text-xs text-slate-500">{current.issuePrefix}</span>
        </span>
        <svg viewBox="0 0 20 20" className="size-4 shrink-0 text-slate-400" fill="none" stroke="currentColor" strokeWidth="1.75" aria-hidden="true">
          <path d="M6 8l4-4 4 4M6 12l4 4 4-4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {open && (
        <div role="menu" className="absolute inset-x-0 top-full z-30 mt-1 max-h-80 overflow-y-auto rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-900/10">
          <p className="px-2.5 pb-1 pt-1.5 text-xs font-medium uppercase tracking-wide text-slate-400">Companies</p>
          {companies.map((c) => (
            <Link
              key={c.id}
              role="menuitem"
              href={sameSectionHref(pathname, c.issuePrefix)}
              className={cn("flex items-center gap-2.5 rounded-md px-2.5 py-1.5 text-sm hover:bg-slate-100", c.id === current.id && "bg-slate-50")}
            >
              <CompanyLogo name={c.name} logoUrl={c.logoUrl} brandColor={c.brandColor} size="sm" />
              <span className="min-w-0 flex-1 truncate">{c.name}</span>
              {c.id === current.id && (
                <svg viewBox="0 0 20 20" className="size-4 text-indigo-600" fill="none" stroke="currentColor" strokeWidth="2" aria-label="current">
                  <path d="M5 10l3.5 3.5L15 7" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              )}
            </Link>
          ))}
          <div className="my-1 border-t border-slate-100" />
          <Link role="menuitem" href="/companies" className="block rounded-md px-2.5 py-1.5 text-sm text-slate-600 hover:bg-slate-100">
            All companies
          </Link>
        </div>
      )}
    </div>
  );
}
