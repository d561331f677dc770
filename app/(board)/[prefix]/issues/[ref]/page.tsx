import type { Metadata } from "next";
import { cache } from "react";
import { can } from "@/lib/auth/permissions";
import { COMMENT_PAGE_SIZE, SUB_ISSUE_PAGE_SIZE } from "@/lib/queries/issues";
import { getIssueDetail } from "@/lib/services/issues/queries";
import { listIssues } from "@/lib/services/issues/list";
import { listComments } from "@/lib/services/comments";
import { listRuns } from "@/lib/services/heartbeat-runs";
import { ISSUE_RUN_PAGE_SIZE } from "@/lib/queries/runs";
import { listActivity } from "@/lib/services/activity";
import { listIssueApprovals } from "@/lib/services/approvals/crud";
import { routineOfIssue } from "@/lib/services/routines/runs";
import { ISSUE_ACTIVITY_PAGE_SIZE } from "@/lib/queries/activity";
import { boardPageContext, companyDirectory, companyForPrefix, orNotFound, segment } from "@/app/(board)/page-data";
import { IssueDetailView } from "@/components/issues/issue-detail.client";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ prefix: string; ref: string }> };

/**
 * The issue of /<prefix>/issues/<ref>: the API accepts an identifier or an id, and so does the page
 * (links in comments may use either). An issue of another company is not found here.
 */
const issueForPage = cache(async (prefix: string, ref: string) => {
  const ctx = await boardPageContext(`/${prefix}/issues/${ref}`);
  const company = await companyForPrefix(prefix);
  const issue = await orNotFound(getIssueDetail(ctx, segment(ref), company.id));
  return { ctx, company, issue };
});

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { prefix, ref } = await params;
  const { issue } = await issueForPage(prefix, ref);
  return { title: `${issue.identifier} ${issue.title}` };
}

export default async function IssuePage({ params }: Params) {
  const { prefix, ref } = await params;
  const { ctx, company, issue } = await issueForPage(prefix, ref);
  const [comments, children, runs, directory, activity, approvals, routine] = await Promise.all([
    listComments(ctx, issue.id, { limit: COMMENT_PAGE_SIZE }),
    listIssues(ctx, company.id, { parentId: issue.id, limit: SUB_ISSUE_PAGE_SIZE }),
    listRuns(ctx, company.id, { issueId: issue.id, limit: ISSUE_RUN_PAGE_SIZE }),
    companyDirectory(ctx, company.id),
    listActivity(ctx, company.id, { entityType: "issue", entityId: issue.id, limit: ISSUE_ACTIVITY_PAGE_SIZE }),
    listIssueApprovals(ctx, issue.id),
    // the issue was read above with the viewer's rights: the routine that created it is shown with it
    routineOfIssue(ctx.db, company.id, issue.id),
  ]);
  return (
    <IssueDetailView
      companyId={company.id}
      prefix={company.issuePrefix}
      initialIssue={issue}
      initialComments={comments}
      initialChildren={children}
      initialRuns={runs}
      initialActivity={activity}
      initialApprovals={approvals}
      routine={routine ? { id: routine.routineId, name: routine.name } : null}
      viewerId={ctx.actor.userId}
      directory={directory}
      canWrite={can(ctx.actor, "work.write", company.id)}
      canAnswer={can(ctx.actor, "question.answer", company.id)}
    />
  );
}
