import type { Metadata } from "next";
import Link from "next/link";
import { boardPageContext, instancePauseState, myCompanies } from "@/app/(board)/page-data";
import { PauseBanner } from "@/components/pause/pause-banner";
import { PauseCard } from "@/components/pause/pause-card.client";
import { CharterWordmark } from "@/components/shell/charter-mark";
import { UserMenu } from "@/components/shell/user-menu";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState } from "@/components/ui/empty-state";
import { CompanyCard } from "@/components/companies/company-card";
import { NewCompanyButton } from "@/components/companies/new-company.client";
import { buttonClasses } from "@/components/ui/button";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Companies" };

export default async function CompaniesPage() {
  const ctx = await boardPageContext("/companies");
  const companies = await myCompanies();
  const isAdmin = ctx.actor.isInstanceAdmin;
  const instancePause = await instancePauseState();
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 md:px-8">
          <Link href="/companies"><CharterWordmark /></Link>
          <div className="w-64 max-w-[60%]">
            <UserMenu name={ctx.actor.name} email={ctx.actor.email} isInstanceAdmin={isAdmin} />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8 md:px-8 md:py-10">
        <PageHeader
          title="Companies"
          description={companies.length > 0 ? `${companies.length} ${companies.length === 1 ? "company" : "companies"} you can open` : undefined}
          actions={isAdmin && companies.length > 0 ? <NewCompanyButton /> : undefined}
        />
        <PauseBanner companyName="" company={null} instance={instancePause} settingsHref={null} />
        {companies.length === 0 ? (
          <EmptyState
            icon={<BuildingGlyph />}
            title="No companies yet"
            action={isAdmin ? <Link href="/onboarding" className={buttonClasses("primary")}>Set up your first company</Link> : undefined}
          >
            {isAdmin
              ? "A company holds agents in a reporting line, with a budget and a board that approves what matters. The guide creates one with its CEO, a goal and a first run; every step can be skipped."
              : "You are not a member of any company yet. Ask an instance admin to add you."}
          </EmptyState>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {companies.map((c) => (
              <li key={c.id}>
                <CompanyCard company={c} />
              </li>
            ))}
          </ul>
        )}
        {isAdmin && (
          <div className="mt-10 max-w-2xl">
            <PauseCard companyId={null} pausedAt={instancePause?.pausedAt ?? null} mode={instancePause?.mode ?? null} readOnly={false} />
          </div>
        )}
      </main>
    </div>
  );
}

function BuildingGlyph() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <rect x="5" y="3" width="14" height="18" rx="1" />
      <path d="M9 7h1M14 7h1M9 11h1M14 11h1M9 15h1M14 15h1M11 21v-3h2v3" />
    </svg>
  );
}
