import Link from "next/link";
import { CharterMark } from "@/components/shell/charter-mark";
import { CompanySwitcher, type SwitcherCompany } from "@/components/shell/company-switcher.client";
import { NavLinks, type NavItem } from "@/components/shell/nav-links.client";
import { NavDrawer } from "@/components/shell/nav-drawer.client";
import { UserMenu } from "@/components/shell/user-menu";
import { PaletteButton } from "@/components/shell/palette-button.client";
import { ThemeToggle } from "@/components/theme/theme-toggle.client";

export interface SidebarUser {
  name: string;
  email: string;
  isInstanceAdmin: boolean;
}

/** The company shell's side bar: switcher, the company's pages, the signed-in user; a drawer on a phone. */
export function Sidebar({ company, companies, user }: { company: SwitcherCompany; companies: SwitcherCompany[]; user: SidebarUser }) {
  const base = `/${company.issuePrefix}`;
  const items: NavItem[] = [
    { href: `${base}/dashboard`, label: "Dashboard", glyph: "dashboard" },
    { href: `${base}/inbox`, label: "Inbox", glyph: "inbox", badge: "unread" },
    { href: `${base}/issues`, label: "Issues", glyph: "issues" },
    { href: `${base}/stalled`, label: "Not moving", glyph: "issues" },
    { href: `${base}/projects`, label: "Projects", glyph: "projects" },
    { href: `${base}/goals`, label: "Goals", glyph: "goals" },
    { href: `${base}/routines`, label: "Routines", glyph: "routines" },
    { href: `${base}/agents`, label: "Agents", glyph: "agents" },
    { href: `${base}/org`, label: "Org chart", glyph: "org" },
    { href: `${base}/approvals`, label: "Approvals", glyph: "approvals", badge: "pendingApprovals" },
    { href: `${base}/costs`, label: "Costs", glyph: "costs" },
    { href: `${base}/activity`, label: "Activity", glyph: "activity" },
    { href: `${base}/settings`, label: "Settings", glyph: "settings" },
  ];
  const content = (
    <>
      <CompanySwitcher current={company} companies={companies} />
      <PaletteButton />
      <NavLinks items={items} companyId={company.id} />
      <div className="mt-auto border-t border-slate-200 pt-3">
        {/* a plain link: /docs/api is a page of its own, outside the board's app */}
        <a href="/docs/api" className="mb-3 block px-1.5 text-xs text-slate-600 hover:text-slate-900 hover:underline">
          API reference
        </a>
        <ThemeToggle className="mb-3" />
        <UserMenu {...user} />
      </div>
    </>
  );
  // the same content twice: beside the page from md up, in the menu's drawer below (mounted only while open)
  return (
    <>
      <NavDrawer company={company}>{content}</NavDrawer>
      <aside className="sticky top-0 hidden h-screen w-64 shrink-0 flex-col gap-4 border-r border-slate-200 bg-slate-100/70 p-3 md:flex">
        <Link href="/companies" className="flex items-center gap-2 px-1.5 pt-1 text-sm font-semibold text-slate-900">
          <CharterMark className="size-6" />
          Charter
        </Link>
        {content}
      </aside>
    </>
  );
}
