import type { Metadata } from "next";
import { cache } from "react";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { can } from "@/lib/auth/permissions";
import { baseUrlOf } from "@/lib/oauth/config";
import { isUuid } from "@/lib/schemas/common";
import { ROUTINE_RUN_PAGE_SIZE } from "@/lib/queries/routines";
import { getRoutine } from "@/lib/services/routines/crud";
import { listRoutineRuns } from "@/lib/services/routines/runs";
import { issuesOfRuns, parentIssueOf } from "@/lib/services/routines/board";
import { boardPageContext, companyDirectory, companyForPrefix, orNotFound, segment } from "@/app/(board)/page-data";
import { RoutineDetail } from "@/components/routines/routine-detail.client";
import { LiveRefresh } from "@/components/live/live-refresh.client";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ prefix: string; routineId: string }> };

/** The routine of /<prefix>/routines/<id>; another company's routine is not found here. */
const routineForPage = cache(async (prefix: string, routineId: string) => {
  const ctx = await boardPageContext(`/${prefix}/routines/${routineId}`);
  const company = await companyForPrefix(prefix);
  const id = segment(routineId);
  if (!isUuid(id)) notFound();
  const routine = await orNotFound(getRoutine(ctx, id, baseUrlOf(await headers()), company.id));
  return { ctx, company, routine };
});

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { prefix, routineId } = await params;
  return { title: (await routineForPage(prefix, routineId)).routine.name };
}

export default async function RoutinePage({ params }: Params) {
  const { prefix, routineId } = await params;
  const { ctx, company, routine } = await routineForPage(prefix, routineId);
  const [runs, directory, parentIssue] = await Promise.all([
    listRoutineRuns(ctx, routine.id, { limit: ROUTINE_RUN_PAGE_SIZE }),
    companyDirectory(ctx, company.id),
    parentIssueOf(ctx, company.id, routine.parentIssueId),
  ]);
  const issues = await issuesOfRuns(ctx, company.id, runs.items);
  return (
    <>
      <LiveRefresh entityTypes={["routine", "issue"]} />
      <RoutineDetail
        companyId={company.id}
        prefix={company.issuePrefix}
        initialRoutine={routine}
        initialRuns={runs}
        issues={issues}
        parentIssue={parentIssue}
        directory={directory}
        canWrite={can(ctx.actor, "routine.write", company.id)}
        canRun={can(ctx.actor, "routine.run", company.id)}
      />
    </>
  );
}
