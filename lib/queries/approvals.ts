// Approvals: query keys nested under the company, and the fetchers for /api/approvals/**.
import type { ApprovalDto, approvalCommentDto } from "@/lib/dto/approvals";
import { apiAll, apiGet, apiPage, apiSend } from "@/lib/queries/fetcher";

export type ApprovalComment = ReturnType<typeof approvalCommentDto>;
export type Decision = "approve" | "reject" | "request-revision";

export const approvalKeys = {
  all: (companyId: string) => ["companies", companyId, "approvals"] as const,
  list: (companyId: string, status: string) => [...approvalKeys.all(companyId), "list", status] as const,
  detail: (companyId: string, id: string) => [...approvalKeys.all(companyId), "detail", id] as const,
  comments: (companyId: string, id: string) => [...approvalKeys.detail(companyId, id), "comments"] as const,
  issues: (companyId: string, id: string) => [...approvalKeys.detail(companyId, id), "issues"] as const,
};

/** Every pending approval (the queue is worked down), else the newest 100 of the status. */
export const QUEUE_PAGE = 100;
export const fetchApprovals = async (companyId: string, status: string) => {
  const path = `/api/companies/${companyId}/approvals${status === "all" ? "" : `?status=${status}`}`;
  return status === "pending" ? apiAll<ApprovalDto>(path) : (await apiPage<ApprovalDto>(path, { limit: QUEUE_PAGE })).items;
};
export const fetchApproval = (id: string) => apiGet<ApprovalDto>(`/api/approvals/${id}`);
export const decideApproval = (id: string, decision: Decision, decisionNote?: string) =>
  apiSend<ApprovalDto>("POST", `/api/approvals/${id}/${decision}`, decisionNote ? { decisionNote } : {});
/** Approve a hire and set what the hired agent runs, in one decision. */
export const approveHire = (id: string, body: { decisionNote?: string; adapterType?: string; adapterConfig?: Record<string, unknown> }) =>
  apiSend<ApprovalDto>("POST", `/api/approvals/${id}/approve`, body);
export const fetchApprovalComments = (id: string) => apiAll<ApprovalComment>(`/api/approvals/${id}/comments`);
export const addApprovalComment = (id: string, body: string) => apiSend<ApprovalComment>("POST", `/api/approvals/${id}/comments`, { body });
