// Where agents do the work, on the board: an issue's execution workspace, work products, verifications and review, a
// project's work settings, and the company's execution workspaces. Keys sit under the issue's detail
// key (so an issue's live events re-read them) or under the company.
import { apiGet, apiPage, apiSend } from "@/lib/queries/fetcher";
import { issueKeys } from "@/lib/queries/issues";

export type WorkspacePolicy = "git_worktree" | "shared";

/** `workspace` of GET /api/issues/:issueId: null before the issue's first run. */
export interface IssueWorkspace {
  policy: WorkspacePolicy;
  path: string | null;
  branch: string | null;
  baseRef: string | null;
  headSha: string | null;
  dirty: boolean;
  ahead: number;
  behind: number;
  state: "active" | "kept" | "removed";
  keptReason?: string | null;
  /** the last failure to make or use it */
  error?: string | null;
  /** the issue works in its parent's workspace (`workspace: "inherit"` at creation) */
  inherited?: boolean;
}

export type WorkProductKind = "pull_request" | "branch" | "commit" | "document" | "url" | "preview";

export interface WorkProduct {
  id: string;
  issueId: string;
  kind: WorkProductKind;
  title: string;
  url?: string | null;
  status?: string | null;
  sha?: string | null;
  subject?: string | null;
  author?: string | null;
  filesChanged?: number | null;
  insertions?: number | null;
  deletions?: number | null;
  createdAt: string;
}

export type VerificationStatus = "running" | "passed" | "failed" | "timed_out";

export interface Verification {
  id: string;
  status: VerificationStatus;
  exitCode: number | null;
  durationMs: number | null;
  headSha: string | null;
  logTail: string | null;
  /** why it failed without a usable exit code (no workspace, the command missing, the timeout) */
  error?: string | null;
  startedAt: string;
  finishedAt: string | null;
}

export interface VerificationCommand {
  command: string;
  args?: string[];
  timeoutSec?: number;
}

export type ReviewRule = null | { kind: "board" } | { kind: "agent"; agentId: string };

/** A project's workspace, branch, verification and review settings (GET and the board's PATCH /api/projects/:projectId). */
export interface ProjectWorkSettings {
  workspacePolicy: WorkspacePolicy | null;
  branchTemplate: string | null;
  verification: VerificationCommand | null;
  review: ReviewRule;
}

/** A row of the company's execution workspaces (the board's list, with disk use). */
export interface ExecutionWorkspaceRow extends IssueWorkspace {
  id: string;
  projectId: string;
  /** null once the issue is deleted */
  issue: { id: string; identifier: string; title: string; status: string } | null;
  diskBytes: number | null;
  lockedByRunId: string | null;
  updatedAt: string;
}

const VERIFICATION_PAGE_SIZE = 10;

export const workKeys = {
  products: (companyId: string, issueId: string) => [...issueKeys.detail(companyId, issueId), "work-products"] as const,
  verifications: (companyId: string, issueId: string) => [...issueKeys.detail(companyId, issueId), "verifications"] as const,
  verificationLog: (companyId: string, verificationId: string) => ["companies", companyId, "verifications", verificationId, "log"] as const,
  workspaces: (companyId: string) => ["companies", companyId, "execution-workspaces"] as const,
};

export const fetchWorkProducts = (issueId: string) => apiPage<WorkProduct>(`/api/issues/${issueId}/work-products`, { limit: 200 });

export const fetchVerifications = (issueId: string) => apiPage<Verification>(`/api/issues/${issueId}/verifications`, { limit: VERIFICATION_PAGE_SIZE });
export const startVerification = (issueId: string) => apiSend<Verification>("POST", `/api/issues/${issueId}/verifications`, {});
/** The whole kept log: text, or JSON with `content` like a run's log. */
export async function fetchVerificationLog(verificationId: string): Promise<string> {
  const body = await apiGet<string | { content?: string; log?: string }>(`/api/verifications/${verificationId}/log`);
  return typeof body === "string" ? body : body.content ?? body.log ?? "";
}

export type ReviewVerdict = "approve" | "request_changes";
export const submitReview = (issueId: string, verdict: ReviewVerdict, comment?: string) =>
  apiSend<unknown>("POST", `/api/issues/${issueId}/review`, comment ? { verdict, comment } : { verdict });

export const fetchExecutionWorkspaces = (companyId: string, cursor: string | null) =>
  apiPage<ExecutionWorkspaceRow>(`/api/companies/${companyId}/execution-workspaces`, { limit: 100, cursor });
export const removeExecutionWorkspace = (id: string, force: boolean) =>
  apiSend<unknown>("DELETE", `/api/execution-workspaces/${id}${force ? "?force=true" : ""}`);
