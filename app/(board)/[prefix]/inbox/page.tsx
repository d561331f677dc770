import type { Metadata } from "next";
import { listBoardInbox } from "@/lib/services/inbox";
import { INBOX_PAGE_SIZE } from "@/lib/queries/inbox";
import { can } from "@/lib/auth/permissions";
import { boardPageContext, companyDirectory, companyForPrefix } from "@/app/(board)/page-data";
import { PageHeader } from "@/components/ui/page-header";
import { InboxList } from "@/components/inbox/inbox-list.client";
import { QuestionCards } from "@/components/questions/question-cards.client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Inbox" };

export default async function InboxPage({ params }: { params: Promise<{ prefix: string }> }) {
  const { prefix } = await params;
  const ctx = await boardPageContext(`/${prefix}/inbox`);
  const company = await companyForPrefix(prefix);
  const [firstPage, directory] = await Promise.all([listBoardInbox(ctx, company.id, { limit: INBOX_PAGE_SIZE }), companyDirectory(ctx, company.id)]);
  return (
    <>
      <PageHeader title="Inbox" description="What needs your attention in this company, newest first. Read marks are yours alone." />
      <div className="space-y-6">
        <QuestionCards companyId={company.id} prefix={company.issuePrefix} scope={{ all: true }} agents={directory.agents} canAnswer={can(ctx.actor, "question.answer", company.id)} />
        <InboxList companyId={company.id} firstPage={firstPage} />
      </div>
    </>
  );
}
