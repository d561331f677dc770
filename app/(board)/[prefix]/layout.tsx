import type { ReactNode } from "react";
import type { Metadata } from "next";
import { companyForPrefix, instancePauseState, optionalBoardContext, switcherCompanies } from "@/app/(board)/page-data";
import { PauseBanner } from "@/components/pause/pause-banner";
import { Sidebar } from "@/components/shell/sidebar";
import { LiveEvents } from "@/components/live/live-events.client";
import { LiveAnnouncer } from "@/components/live/live-announcer.client";
import type { SwitcherCompany } from "@/components/shell/company-switcher.client";
import { CommandCenter } from "@/components/shell/command-center.client";
import { can } from "@/lib/auth/permissions";
import { agentRoles } from "@/lib/schemas/agents";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ prefix: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  if (!(await optionalBoardContext())) return {};
  const company = await companyForPrefix((await params).prefix);
  return { title: { template: `%s · ${company.name} · Charter`, default: company.name } };
}

const switcherItem = (c: SwitcherCompany): SwitcherCompany => ({ id: c.id, name: c.name, issuePrefix: c.issuePrefix, logoUrl: c.logoUrl, brandColor: c.brandColor });

export default async function CompanyLayout({ children, params }: Params & { children: ReactNode }) {
  const ctx = await optionalBoardContext();
  // Signed out: the page itself sends the visitor to /login with its exact path to come back to.
  if (!ctx) return children;
  const company = await companyForPrefix((await params).prefix);
  const companies = await switcherCompanies();
  const instancePause = await instancePauseState();
  const permissions = {
    createIssues: can(ctx.actor, "work.write", company.id),
    createAgents: can(ctx.actor, "agent.create", company.id),
    wakeAgents: can(ctx.actor, "agent.lifecycle", company.id),
  };
  return (
    <CommandCenter company={switcherItem(company)} companies={companies.map(switcherItem)} roles={[...agentRoles]} can={permissions}>
      <div className="min-h-screen md:flex">
        <LiveEvents companyId={company.id} />
        <LiveAnnouncer />
        <Sidebar
          company={switcherItem(company)}
          companies={companies.map(switcherItem)}
          user={{ name: ctx.actor.name, email: ctx.actor.email, isInstanceAdmin: ctx.actor.isInstanceAdmin }}
        />
        <main className="@container min-w-0 flex-1">
          <div className="mx-auto max-w-6xl px-4 py-6 md:px-8 md:py-8">
            <PauseBanner
              companyName={company.name}
              company={company.pausedAt ? { pausedAt: company.pausedAt, mode: company.pauseMode ?? "finish" } : null}
              instance={instancePause}
              settingsHref={can(ctx.actor, "company.govern", company.id) ? `/${company.issuePrefix}/settings` : null}
            />
            {children}
          </div>
        </main>
      </div>
    </CommandCenter>
  );
}
