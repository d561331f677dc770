import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { can } from "@/lib/auth/permissions";
import { isUuid } from "@/lib/schemas/common";
import { getApproval, listApprovalComments, listApprovalIssues } from "@/lib/services/approvals/crud";
import { allPages, boardPageContext, companyDirectory, companyForPrefix, orNotFound, segment } from "@/app/(board)/page-data";
import { PageHeader } from "@/components/ui/page-header";
import { ApprovalDetail } from "@/components/approvals/approval-detail.client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Approval" };

export default async function ApprovalPage({ params }: { params: Promise<{ prefix: string; approvalId: string }> }) {
  const { prefix, approvalId } = await params;
  const ctx = await boardPageContext(`/${prefix}/approvals/${approvalId}`);
  const company = await companyForPrefix(prefix);
  const id = segment(approvalId);
  if (!isUuid(id)) notFound();
  const approval = await orNotFound(getApproval(ctx, id, company.id));
  const [comments, issues, directory] = await Promise.all([
    allPages((q) => listApprovalComments(ctx, id, q)),
    listApprovalIssues(ctx, id),
    companyDirectory(ctx, company.id),
  ]);
  const names = {
    prefix: company.issuePrefix,
    agents: Object.fromEntries(directory.agents.map((a) => [a.id, { name: a.name, urlKey: a.urlKey }])),
    users: directory.users,
  };
  const title = approval.type === "hire_agent" ? `Hire ${String(approval.payload.name ?? "an agent")}` : "The CEO's strategy";
  return (
    <>
      <PageHeader eyebrow={<Link href={`/${company.issuePrefix}/approvals`} className="hover:text-slate-800">Approvals</Link>} title={title} />
      <ApprovalDetail
        companyId={company.id}
        names={names}
        canDecide={can(ctx.actor, "approval.decide", company.id)}
        canComment={can(ctx.actor, "approval.request", company.id)}
        initial={{ approval, comments, issues }}
      />
    </>
  );
}
