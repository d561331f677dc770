// The board user's inbox: query keys under the company (so the company's live events invalidate
// them, components/live) and the fetchers for /api/companies/:id/inbox/**.
import type { BoardInboxItem, InboxCount, InboxItemKind } from "@/lib/schemas/inbox";
import { apiGet, apiPage, apiSend } from "@/lib/queries/fetcher";

export type { BoardInboxItem, InboxCount, InboxItemKind };

export const INBOX_PAGE_SIZE = 50;

export interface InboxFilter {
  kind?: InboxItemKind;
  unread?: boolean;
}

export const inboxKeys = {
  all: (companyId: string) => ["companies", companyId, "inbox"] as const,
  count: (companyId: string) => [...inboxKeys.all(companyId), "count"] as const,
  list: (companyId: string, f: InboxFilter) => [...inboxKeys.all(companyId), "list", f.kind ?? "", f.unread ? "unread" : ""] as const,
};

const filterQuery = (f: InboxFilter) => {
  const q = new URLSearchParams();
  if (f.kind) q.set("kind", f.kind);
  if (f.unread) q.set("unread", "true");
  const s = q.toString();
  return s ? `?${s}` : "";
};

export const fetchInboxPage = (companyId: string, cursor: string | null, filter: InboxFilter = {}) =>
  apiPage<BoardInboxItem>(`/api/companies/${companyId}/inbox${filterQuery(filter)}`, { limit: INBOX_PAGE_SIZE, cursor });
export const fetchInboxCount = (companyId: string) => apiGet<InboxCount>(`/api/companies/${companyId}/inbox/count`);
export const markInboxRead = (companyId: string, body: { keys: string[] } | { all: true }) =>
  apiSend<InboxCount>("POST", `/api/companies/${companyId}/inbox/read`, body);
