import type { Metadata } from "next";
import { listBoardInbox } from "@/lib/services/inbox";
import { INBOX_PAGE_SIZE } from "@/lib/queries/inbox";
import { boardPageContext, companyForPrefix } from "@/app/(board)/page-data";
import { PageHeader } from "@/components/ui/page-header";
import { InboxList } from "@/components/inbox/inbox-list.client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Inbox" };

export default async function InboxPage({ params }: { params: Promise<{ prefix: string }> }) {
  const { prefix } = await params;
  const ctx = await boardPageContext(`/${prefix}/inbox`);
  const company = await companyForPrefix(prefix);
  const firstPage = await listBoardInbox(ctx, company.id, { limit: INBOX_PAGE_SIZE });
  return (
    <>
      <PageHeader title="Inbox" description="What needs your attention in this company, newest first. Read marks are yours alone." />
      <InboxList companyId={company.id} firstPage={firstPage} />
    </>
  );
}
