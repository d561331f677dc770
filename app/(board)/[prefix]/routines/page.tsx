import type { Metadata } from "next";
import { headers } from "next/headers";
import { can } from "@/lib/auth/permissions";
import { baseUrlOf } from "@/lib/oauth/config";
import { listRoutines } from "@/lib/services/routines/crud";
import { issuesOfRuns, recentRunsByRoutine } from "@/lib/services/routines/board";
import { allPages, boardPageContext, companyDirectory, companyForPrefix } from "@/app/(board)/page-data";
import { RoutinesView } from "@/components/routines/routines-view.client";
import { LiveRefresh } from "@/components/live/live-refresh.client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Routines" };

export default async function RoutinesPage({ params }: { params: Promise<{ prefix: string }> }) {
  const { prefix } = await params;
  const ctx = await boardPageContext(`/${prefix}/routines`);
  const company = await companyForPrefix(prefix);
  const base = baseUrlOf(await headers());
  const [routines, directory] = await Promise.all([
    allPages((q) => listRoutines(ctx, company.id, q, base)),
    companyDirectory(ctx, company.id),
  ]);
  const recentRuns = await recentRunsByRoutine(ctx, company.id, routines.map((r) => r.id), 3);
  const issues = await issuesOfRuns(ctx, company.id, Object.values(recentRuns).flat());
  return (
    <>
      <LiveRefresh entityTypes={["routine", "issue"]} />
      <RoutinesView
        companyId={company.id}
        prefix={company.issuePrefix}
        routines={routines}
        recentRuns={recentRuns}
        issues={issues}
        directory={directory}
        canWrite={can(ctx.actor, "routine.write", company.id)}
      />
    </>
  );
}
