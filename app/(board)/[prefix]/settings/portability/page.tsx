import type { Metadata } from "next";
import Link from "next/link";
import { forbidden } from "next/navigation";
import { can } from "@/lib/auth/permissions";
import { boardPageContext, companyForPrefix } from "@/app/(board)/page-data";
import { PageHeader } from "@/components/ui/page-header";
import { ExportPanel } from "@/components/portability/export-panel.client";
import { ImportPanel } from "@/components/portability/import-panel.client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Export and import" };

export default async function PortabilityPage({ params }: { params: Promise<{ prefix: string }> }) {
  const { prefix } = await params;
  const ctx = await boardPageContext(`/${prefix}/settings/portability`);
  const company = await companyForPrefix(prefix); // another company's page: 404
  // a member who can see the company but may not export it: 403, as the API answers them
  if (!can(ctx.actor, "company.portability", company.id)) forbidden();
  return (
    <>
      <PageHeader
        eyebrow={<Link href={`/${company.issuePrefix}/settings`} className="hover:text-slate-700">Settings</Link>}
        title="Export and import"
        description="Move a company as a package of markdown files: keep it in git, share it as a template, or start from one someone published."
      />
      <div className="space-y-6">
        <ExportPanel companyId={company.id} />
        <ImportPanel companyId={company.id} companyName={company.name} />
      </div>
    </>
  );
}
