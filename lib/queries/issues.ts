// Issues and their comments: query keys nested under the company, the list filters as they travel in
// the page URL and the API's query string, and the fetchers for /api/**/issues.
import type { CommentDto, IssueDto } from "@/lib/dto/issues";
import type { getIssueDetail } from "@/lib/services/issues/queries";
import type { IssueCounts } from "@/lib/services/issues/counts";
import { issuePriorities, issueStatuses, type IssuePriority, type IssueStatus } from "@/lib/issue-status";
import { hasSearchWord, isUuid } from "@/lib/schemas/common";
import { apiGet, apiPage, apiSend } from "@/lib/queries/fetcher";

// type only: the detail's shape is whatever the service returns, never a copy of it
export type IssueDetail = Awaited<ReturnType<typeof getIssueDetail>>;
export type { CommentDto, IssueDto };

export const ISSUE_PAGE_SIZE = 50;
/**
 * The first page of a kanban column: a screenful and a half. Seven columns of 50 were 350 cards of
 * HTML, payload and hydration before the first could be dragged; later pages load on scroll.
 */
export const BOARD_FIRST_PAGE_SIZE = 20;
/** sub-issues shown on an issue's page; past this many, the filtered list has them all */
export const SUB_ISSUE_PAGE_SIZE = 100;
/** comments an issue's page shows at first and adds per "Load more" (oldest first) */
export const COMMENT_PAGE_SIZE = 50;

/** The list filters of GET /api/companies/:id/issues that the board offers. */
export interface IssueFilters {
  status?: IssueStatus[];
  assigneeAgentId?: string;
  projectId?: string;
  labelId?: string;
  priority?: IssuePriority;
  parentId?: string;
  q?: string;
}

type FilterKey = keyof IssueFilters;
const idFilters = ["assigneeAgentId", "projectId", "labelId", "parentId"] as const;

/**
 * Filters from a page URL (the same names as the API's query string). Values the API would refuse
 * (an unknown status, a malformed id) are dropped, so a hand-edited URL shows a page, not an error.
 */
export function parseIssueFilters(params: Record<string, string | string[] | undefined>): IssueFilters {
  const one = (k: string) => {
    const v = params[k];
    return (Array.isArray(v) ? v[0] : v)?.trim() || undefined;
  };
  const out: IssueFilters = {};
  const status = one("status")?.split(",").filter((s): s is IssueStatus => (issueStatuses as readonly string[]).includes(s));
  if (status?.length) out.status = [...new Set(status)];
  for (const k of idFilters) {
    const v = one(k);
    if (v && isUuid(v)) out[k] = v.toLowerCase();
  }
  const priority = one("priority");
  if (priority && (issuePriorities as readonly string[]).includes(priority)) out.priority = priority as IssuePriority;
  // a text without a word would be refused by the API (400): the page treats it as no search
  const q = one("q")?.slice(0, 200);
  if (q && hasSearchWord(q)) out.q = q;
  return out;
}

/** The filters as a query string (no leading "?"), in a stable order so equal filters give equal keys. */
export function issueFilterQuery(filters: IssueFilters): string {
  const params = new URLSearchParams();
  const keys: FilterKey[] = ["status", "assigneeAgentId", "projectId", "labelId", "priority", "parentId", "q"];
  for (const k of keys) {
    const v = filters[k];
    if (Array.isArray(v) ? v.length > 0 : v) params.set(k, Array.isArray(v) ? v.join(",") : String(v));
  }
  return params.toString();
}

export const issueKeys = {
  all: (companyId: string) => ["companies", companyId, "issues"] as const,
  list: (companyId: string, filters: IssueFilters) => [...issueKeys.all(companyId), "list", issueFilterQuery(filters)] as const,
  board: (companyId: string) => [...issueKeys.all(companyId), "board"] as const,
  column: (companyId: string, status: IssueStatus, filters: IssueFilters) =>
    [...issueKeys.board(companyId), status, issueFilterQuery({ ...filters, status: undefined })] as const,
  /** how many issues each column holds under the board's filters (status aside) */
  counts: (companyId: string, filters: IssueFilters) => [...issueKeys.board(companyId), "counts", issueFilterQuery({ ...filters, status: undefined })] as const,
  /** the first page of an issue's sub-issues (a plain page, unlike the list's pages) */
  children: (companyId: string, parentId: string) => [...issueKeys.all(companyId), "children", parentId] as const,
  detail: (companyId: string, issueId: string) => [...issueKeys.all(companyId), "detail", issueId] as const,
  /** the pages of an issue's comments loaded so far (an infinite query) */
  comments: (companyId: string, issueId: string) => [...issueKeys.detail(companyId, issueId), "comments"] as const,
};

export function fetchIssuePage(companyId: string, filters: IssueFilters, cursor: string | null, limit = ISSUE_PAGE_SIZE) {
  const qs = issueFilterQuery(filters);
  return apiPage<IssueDto>(`/api/companies/${companyId}/issues${qs ? `?${qs}` : ""}`, { limit, cursor });
}

export type { IssueCounts } from "@/lib/services/issues/counts";

export function fetchIssueCounts(companyId: string, filters: IssueFilters) {
  const qs = issueFilterQuery({ ...filters, status: undefined });
  return apiGet<IssueCounts>(`/api/companies/${companyId}/issues/counts${qs ? `?${qs}` : ""}`);
}

export interface NewIssue {
  title: string;
  description?: string;
  status?: IssueStatus;
  priority?: IssuePriority;
  assigneeAgentId?: string | null;
  projectId?: string | null;
  goalId?: string | null;
  parentId?: string | null;
  labelIds?: string[];
}

export type IssuePatch = Partial<{
  title: string;
  description: string;
  status: IssueStatus;
  priority: IssuePriority;
  assigneeAgentId: string | null;
  assigneeUserId: string | null;
  projectId: string | null;
  goalId: string | null;
  parentId: string | null;
  labelIds: string[];
  /** replaces what the issue waits on */
  blockedByIssueIds: string[];
  comment: string;
  /** the board closes an issue whose project's verification or review is missing */
  overrideReason: string;
  /** the board's override of the project's workspace policy (null: the project's) */
  workspacePolicy: "git_worktree" | "shared" | null;
}>;

export const fetchIssue = (ref: string) => apiGet<IssueDetail>(`/api/issues/${encodeURIComponent(ref)}`);
export const createIssue = (companyId: string, input: NewIssue) => apiSend<IssueDto>("POST", `/api/companies/${companyId}/issues`, input);
export const updateIssue = (issueId: string, patch: IssuePatch) => apiSend<IssueDto>("PATCH", `/api/issues/${issueId}`, patch);

export const fetchCommentPage = (issueId: string, cursor: string | null) =>
  apiPage<CommentDto>(`/api/issues/${issueId}/comments`, { limit: COMMENT_PAGE_SIZE, cursor });
export const createComment = (issueId: string, body: string) => apiSend<CommentDto>("POST", `/api/issues/${issueId}/comments`, { body });

/** The board checks an issue out for an agent, expecting the status it shows (a stale page gets 409). */
export const checkoutIssue = (issueId: string, agentId: string, expectedStatuses: IssueStatus[]) =>
  apiSend<IssueDto>("POST", `/api/issues/${issueId}/checkout`, { agentId, expectedStatuses });
export const releaseIssue = (issueId: string) => apiSend<IssueDto>("POST", `/api/issues/${issueId}/release`);
