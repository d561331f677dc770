"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useCallback, useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { Dialog } from "@/components/ui/dialog.client";
import { SearchGlyph } from "@/components/ui/glyphs";
import { CompanyLogo } from "@/components/companies/company-logo";
import { useInboxCount } from "@/components/inbox/use-inbox-count.client";
import { useOpenPalette } from "@/components/shell/command-center.client";
import type { SwitcherCompany } from "@/components/shell/company-switcher.client";

// Tailwind's md breakpoint: from here up the side bar is on screen and the drawer has no use.
const WIDE = "(width >= 48rem)";

/**
 * Below the md breakpoint the side bar gives way to a bar with a menu button, and the side bar's
 * content opens in a drawer: a modal <dialog> (focus kept inside, Escape closes), closed again by
 * its close button, a link followed inside it, or the screen growing wide; the focus then goes
 * back to the menu button.
 */
/** The drawer's content mounts as it opens: the focus goes to the link of the page on screen, else to Close. */
const focusCurrentPage = (content: HTMLDivElement | null) => {
  const current = content?.querySelector<HTMLElement>('[aria-current="page"]');
  (current ?? content?.closest("dialog")?.querySelector<HTMLElement>('button[aria-label="Close"]'))?.focus();
};

export function NavDrawer({ company, children }: { company: SwitcherCompany; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const menuButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const openPalette = useOpenPalette();
  const counts = useInboxCount(company.id).data;
  const waiting = (counts?.unread ?? 0) + (counts?.pendingApprovals ?? 0);
  const close = useCallback(() => setOpen(false), []);

  useEffect(close, [pathname, close]);
  useEffect(() => {
    const wide = matchMedia(WIDE);
    wide.addEventListener("change", close);
    return () => wide.removeEventListener("change", close);
  }, [close]);
  // after the Dialog's own effect has closed the <dialog>, so the button is no longer inert
  useEffect(() => {
    if (wasOpen.current && !open) menuButton.current?.focus();
    wasOpen.current = open;
  }, [open]);

  // a followed link closes the drawer even when it leads to the page already open; so does the
  // search button, whose palette is a dialog of its own
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if ((e.target as Element).closest("a[href], [data-closes-drawer]")) close();
  };

  return (
    <>
      <header className="flex items-center gap-2 border-b border-slate-200 bg-slate-100/70 px-2 py-2 md:hidden">
        <button
          ref={menuButton}
          type="button"
          onClick={() => setOpen(true)}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-label={waiting ? `Menu, ${waiting} waiting` : "Menu"}
          data-testid="menu-button"
          className="relative flex size-10 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-200/60"
        >
          <svg viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" aria-hidden="true">
            <path d="M3 5h14M3 10h14M3 15h14" />
          </svg>
          {waiting > 0 && <span className="absolute right-1.5 top-1.5 size-2 rounded-full bg-accent" aria-hidden="true" />}
        </button>
        <Link href={`/${company.issuePrefix}/dashboard`} className="flex min-w-0 flex-1 items-center gap-2 rounded-md p-1">
          <CompanyLogo name={company.name} logoUrl={company.logoUrl} brandColor={company.brandColor} size="sm" />
          <span className="truncate text-sm font-semibold text-slate-900">{company.name}</span>
        </Link>
        <button
          type="button"
          onClick={openPalette}
          aria-label="Search"
          className="flex size-10 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-200/60 hover:text-slate-900"
        >
          <SearchGlyph className="size-5" />
        </button>
      </header>
      <Dialog open={open} onClose={close} title="Menu" side="start">
        <div ref={focusCurrentPage} className="flex min-h-full flex-col gap-4" onClick={onClick} data-testid="nav-drawer">
          {children}
        </div>
      </Dialog>
    </>
  );
}
