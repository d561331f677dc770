import type { Metadata } from "next";
import Link from "next/link";
import { boardPageContext, companyForPrefix } from "@/app/(board)/page-data";
import { emailEventTypes } from "@/lib/schemas/notifications";
import { eventPhrases } from "@/lib/services/notifications/bodies";
import { getMyNotifications } from "@/lib/services/notifications/preferences";
import { PageHeader } from "@/components/ui/page-header";
import { NotificationSettings } from "@/components/notifications/notification-settings.client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Notifications" };

export default async function NotificationsPage({ params }: { params: Promise<{ prefix: string }> }) {
  const { prefix } = await params;
  const ctx = await boardPageContext(`/${prefix}/settings/notifications`);
  const company = await companyForPrefix(prefix);
  const initial = await getMyNotifications(ctx);
  return (
    <>
      <PageHeader
        eyebrow={<Link href={`/${company.issuePrefix}/settings`} className="hover:text-slate-700">Settings</Link>}
        title="Notifications"
        description="Your own email notifications, for every company you are on the board of."
      />
      <NotificationSettings initial={initial} eventLabels={emailEventTypes.map((t) => [t, eventPhrases[t] ?? t])} />
    </>
  );
}
