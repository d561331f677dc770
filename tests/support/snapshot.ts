// Everything a company owns, read straight from the database: a tenancy test compares it before
// and after an outsider's request to show the request changed nothing.
import { db } from "@/lib/db/client";

export async function companySnapshot(companyId: string) {
  const d = db();
  const byId = { orderBy: { id: "asc" as const } };
  return {
    company: await d.company.findUnique({ where: { id: companyId } }),
    memberships: await d.membership.findMany({ where: { companyId }, orderBy: { userId: "asc" } }),
    agents: await d.agent.findMany({ where: { companyId }, ...byId }),
    keys: await d.agentKey.findMany({ where: { companyId }, ...byId }),
    revisions: await d.agentConfigRevision.findMany({ where: { companyId }, ...byId }),
    instructions: await d.agentInstructionsFile.findMany({ where: { companyId }, ...byId }),
    assets: await d.asset.findMany({ where: { companyId }, select: { id: true, sha256: true, contentType: true, byteSize: true }, ...byId }),
    activity: await d.activityLog.findMany({ where: { companyId }, ...byId }),
    issues: await d.issue.findMany({ where: { companyId }, ...byId }),
    issueLabels: await d.issueLabel.findMany({ where: { companyId }, orderBy: [{ issueId: "asc" }, { labelId: "asc" }] }),
    comments: await d.issueComment.findMany({ where: { companyId }, ...byId }),
    wakeRequests: await d.wakeRequest.findMany({ where: { companyId }, ...byId }),
    questions: await d.question.findMany({ where: { companyId }, ...byId }),
    attachments: await d.issueAttachment.findMany({ where: { companyId }, ...byId }),
    workProducts: await d.workProduct.findMany({ where: { companyId }, ...byId }),
    notificationOverrides: await d.notificationCompanyPreference.findMany({ where: { companyId }, orderBy: { userId: "asc" } }),
    boardInvites: await d.boardInvite.findMany({ where: { companyId }, ...byId }),
    inboxReads: await d.inboxRead.findMany({ where: { companyId }, orderBy: [{ userId: "asc" }, { itemKey: "asc" }] }),
    taskSessions: await d.agentTaskSession.findMany({ where: { companyId }, orderBy: [{ agentId: "asc" }, { issueId: "asc" }] }),
    routines: await d.routine.findMany({ where: { companyId }, ...byId }),
    routineTriggers: await d.routineTrigger.findMany({ where: { companyId }, ...byId }),
    routineRuns: await d.routineRun.findMany({ where: { companyId }, ...byId }),
    runIssues: await d.heartbeatRunIssue.findMany({ where: { companyId }, orderBy: [{ runId: "asc" }, { issueId: "asc" }] }),
    issueCosts: await d.issueCost.findMany({ where: { companyId }, orderBy: { issueId: "asc" } }),
    verifications: await d.verification.findMany({ where: { companyId }, ...byId }),
    issueReviews: await d.issueReview.findMany({ where: { companyId }, ...byId }),
    modelRollup: await d.costModelRollup.findMany({ where: { companyId }, orderBy: [{ day: "asc" }, { agentId: "asc" }, { provider: "asc" }, { model: "asc" }] }),
  };
}
