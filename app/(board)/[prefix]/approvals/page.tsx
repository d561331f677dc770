import type { Metadata } from "next";
import { can } from "@/lib/auth/permissions";
import { listApprovals } from "@/lib/services/approvals/crud";
import { allPages, boardPageContext, companyDirectory, companyForPrefix } from "@/app/(board)/page-data";
import { PageHeader } from "@/components/ui/page-header";
import { ApprovalQueue } from "@/components/approvals/approval-queue.client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Approvals" };

export default async function ApprovalsPage({ params }: { params: Promise<{ prefix: string }> }) {
  const { prefix } = await params;
  const ctx = await boardPageContext(`/${prefix}/approvals`);
  const company = await companyForPrefix(prefix);
  const [pending, all, directory] = await Promise.all([
    allPages((q) => listApprovals(ctx, company.id, { ...q, status: "pending" })),
    listApprovals(ctx, company.id, { limit: 100 }),
    companyDirectory(ctx, company.id),
  ]);
  const names = {
    prefix: company.issuePrefix,
    agents: Object.fromEntries(directory.agents.map((a) => [a.id, { name: a.name, urlKey: a.urlKey }])),
    users: directory.users,
  };
  return (
    <>
      <PageHeader title="Approvals" description="Hires and the CEO's strategy wait here for the board's decision." />
      <ApprovalQueue companyId={company.id} names={names} canDecide={can(ctx.actor, "approval.decide", company.id)} initial={{ pending, all: all.items }} />
    </>
  );
}
