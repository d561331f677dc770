import type { Metadata } from "next";
import Link from "next/link";
import { can } from "@/lib/auth/permissions";
import { allPages, boardPageContext, companyForPrefix } from "@/app/(board)/page-data";
import { listWebhooks } from "@/lib/services/webhooks/subscriptions";
import { subscribableEventTypes } from "@/lib/services/webhooks/event-types";
import { Alert } from "@/components/ui/alert";
import { PageHeader } from "@/components/ui/page-header";
import { WebhooksView } from "@/components/webhooks/webhooks-view.client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage({ params }: { params: Promise<{ prefix: string }> }) {
  const { prefix } = await params;
  const ctx = await boardPageContext(`/${prefix}/settings/webhooks`);
  const company = await companyForPrefix(prefix);
  const manages = can(ctx.actor, "company.webhooks", company.id);
  const webhooks = manages ? await allPages((q) => listWebhooks(ctx, company.id, q)) : [];
  return (
    <>
      <PageHeader
        eyebrow={<Link href={`/${company.issuePrefix}/settings`} className="hover:text-slate-800">Settings</Link>}
        title="Webhooks"
        description="Send this company's events to other systems and chat channels, signed, in order, retried for a day."
      />
      {manages
        ? <WebhooksView companyId={company.id} eventTypes={subscribableEventTypes} initialWebhooks={webhooks} />
        : <Alert tone="info">Only the company&apos;s board owners and admins manage webhooks.</Alert>}
    </>
  );
}
