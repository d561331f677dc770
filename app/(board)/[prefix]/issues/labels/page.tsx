import type { Metadata } from "next";
import { can } from "@/lib/auth/permissions";
import { listLabels } from "@/lib/services/labels";
import { allPages, boardPageContext, companyForPrefix } from "@/app/(board)/page-data";
import { LabelsView } from "@/components/labels/labels-view.client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Labels" };

/** /<prefix>/issues/labels: a static segment, so it wins over [ref] (no identifier or id reads "labels"). */
export default async function LabelsPage({ params }: { params: Promise<{ prefix: string }> }) {
  const { prefix } = await params;
  const ctx = await boardPageContext(`/${prefix}/issues/labels`);
  const company = await companyForPrefix(prefix);
  const labels = await allPages((q) => listLabels(ctx, company.id, q));
  return <LabelsView companyId={company.id} prefix={company.issuePrefix} initialLabels={labels} canWrite={can(ctx.actor, "work.write", company.id)} />;
}
