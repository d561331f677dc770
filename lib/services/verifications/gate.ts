// What done needs in a project with checks: a passing verification of the workspace's current head
// and, when the project names a reviewer, that reviewer's approval given on that head. Projects
// without checks keep the spec's status table exactly (nothing here runs for them).
import type { Issue } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/http/errors";
import type { Tx } from "@/lib/services/context";
import { readHead } from "@/lib/services/verifications/git";
import type { ProjectChecks, ReviewRule } from "@/lib/schemas/projects";

export type Missing = "verification" | "review";

type IssueRef = Pick<Issue, "id" | "companyId" | "executionWorkspaceId">;

/** The issue's workspace (its own or its parent's), company-scoped. */
export async function workspaceOf(tx: Tx, issue: IssueRef) {
  if (!issue.executionWorkspaceId) return null;
  return tx.executionWorkspace.findFirst({ where: { id: issue.executionWorkspaceId, companyId: issue.companyId } });
}

export async function currentHead(tx: Tx, issue: IssueRef): Promise<string | null> {
  return readHead((await workspaceOf(tx, issue))?.path ?? null);
}

const givenBy = (rule: ReviewRule, r: { reviewerAgentId: string | null; reviewerUserId: string | null }) =>
  rule.kind === "agent" ? r.reviewerAgentId === rule.agentId : r.reviewerUserId !== null;

/**
 * A passing verification of the head; in a workspace without one (a shared folder that is not a git
 * repository) the newest verification, which ran on the folder as it is, must have passed.
 */
async function verified(tx: Tx, issue: IssueRef, head: string | null): Promise<boolean> {
  const where = { companyId: issue.companyId, issueId: issue.id };
  if (head) return (await tx.verification.count({ where: { ...where, status: "passed", headSha: head } })) > 0;
  const newest = await tx.verification.findFirst({ where, orderBy: [{ startedAt: "desc" }, { id: "desc" }], select: { status: true, headSha: true } });
  return newest?.status === "passed" && newest.headSha === null;
}

/** What the issue still lacks for done, given its workspace's head. */
export async function missingForDone(tx: Tx, issue: IssueRef, checks: ProjectChecks, head: string | null): Promise<Missing[]> {
  const missing: Missing[] = [];
  if (checks.verification && !(await verified(tx, issue, head))) missing.push("verification");
  if (checks.review) {
    const latest = await tx.issueReview.findFirst({
      where: { companyId: issue.companyId, issueId: issue.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    });
    if (!(latest?.verdict === "approve" && latest.headSha === head && givenBy(checks.review, latest))) missing.push("review");
  }
  return missing;
}

export function verificationRequired(missing: Missing[], head: string | null) {
  const what = missing.map((m) => (m === "verification" ? "a passing verification of the branch's current head" : "the reviewer's approval of that head"));
  return new AppError("verification_required", `This project requires ${what.join(" and ")} before done`, { missing, headSha: head });
}

/** Throws 422 verification_required unless the issue has what its project requires. */
export async function assertMayBeDone(tx: Tx, issue: IssueRef, checks: ProjectChecks, skip: Missing[] = []): Promise<void> {
  const head = await currentHead(tx, issue);
  const missing = (await missingForDone(tx, issue, checks, head)).filter((m) => !skip.includes(m));
  if (missing.length) throw verificationRequired(missing, head);
}
