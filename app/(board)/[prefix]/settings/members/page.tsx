import type { Metadata } from "next";
import Link from "next/link";
import { can } from "@/lib/auth/permissions";
import { listMembers } from "@/lib/services/members";
import { listBoardInvites } from "@/lib/services/board-invites";
import { allPages, boardPageContext, companyForPrefix } from "@/app/(board)/page-data";
import { PageHeader } from "@/components/ui/page-header";
import { MembersView } from "@/components/members/members-view.client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Members" };

export default async function MembersPage({ params }: { params: Promise<{ prefix: string }> }) {
  const { prefix } = await params;
  const ctx = await boardPageContext(`/${prefix}/settings/members`);
  const company = await companyForPrefix(prefix);
  const manages = can(ctx.actor, "company.members", company.id);
  const [members, invites] = await Promise.all([
    allPages((q) => listMembers(ctx, company.id, q)),
    manages ? allPages((q) => listBoardInvites(ctx, company.id, q)) : null,
  ]);
  return (
    <>
      <PageHeader
        eyebrow={<Link href={`/${company.issuePrefix}/settings`} className="hover:text-slate-800">Settings</Link>}
        title="Members"
        description="The people on this company's board and what each may do."
      />
      <MembersView
        companyId={company.id}
        viewerId={ctx.actor.userId}
        viewerRole={ctx.actor.roles[company.id] ?? null}
        isInstanceAdmin={ctx.actor.isInstanceAdmin}
        initialMembers={members}
        initialInvites={invites}
      />
    </>
  );
}
