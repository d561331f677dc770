import type { Metadata } from "next";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { can } from "@/lib/auth/permissions";
import { boardPageContext, companyWithSpend } from "@/app/(board)/page-data";
import { PageHeader } from "@/components/ui/page-header";
import { CompanySettings } from "@/components/companies/company-settings.client";
import { InviteCard } from "@/components/invites/invite-card.client";
import { PauseCard } from "@/components/pause/pause-card.client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage({ params }: { params: Promise<{ prefix: string }> }) {
  const { prefix } = await params;
  const ctx = await boardPageContext(`/${prefix}/settings`);
  const company = await companyWithSpend(prefix);
  return (
    <>
      <PageHeader
        title="Settings"
        description="The company's profile, branding and governance."
        actions={<>
          <Link href={`/${company.issuePrefix}/settings/members`} className={buttonClasses("secondary", "sm")}>Members</Link>
          <Link href={`/${company.issuePrefix}/settings/mcp`} className={buttonClasses("secondary", "sm")}>MCP and OAuth</Link>
          <Link href={`/${company.issuePrefix}/settings/notifications`} className={buttonClasses("secondary", "sm")}>Notifications</Link>
          {can(ctx.actor, "company.webhooks", company.id) && (
            <Link href={`/${company.issuePrefix}/settings/webhooks`} className={buttonClasses("secondary", "sm")}>Webhooks</Link>
          )}
          {can(ctx.actor, "company.portability", company.id) && (
            <Link href={`/${company.issuePrefix}/settings/portability`} className={buttonClasses("secondary", "sm")}>Export and import</Link>
          )}
        </>}
      />
      <CompanySettings
        initialCompany={company}
        canUpdate={can(ctx.actor, "company.update", company.id)}
        canGovern={can(ctx.actor, "company.govern", company.id)}
      />
      <div className="mt-6">
        <PauseCard companyId={company.id} pausedAt={company.pausedAt} mode={company.pauseMode} readOnly={!can(ctx.actor, "company.govern", company.id)} />
      </div>
      {can(ctx.actor, "company.invite", company.id) && <div className="mt-6"><InviteCard companyId={company.id} /></div>}
    </>
  );
}
