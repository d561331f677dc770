// Reads the board's routine pages need beyond the API's shapes: each routine's latest runs in one
// statement (the list page shows a few per routine), and the issues those runs point at.
import type { RoutineRun } from "@/lib/generated/prisma/client";
import { routineRunDto, type RoutineRunDto } from "@/lib/dto/routines";
import type { ServiceContext } from "@/lib/services/context";
import { getCompanyOrThrow } from "@/lib/services/company-scope";

export interface RunIssueRef { id: string; identifier: string; title: string; status: string }

/** The `perRoutine` newest runs of each routine, newest first, read along the (routine, time) index. */
export async function recentRunsByRoutine(ctx: ServiceContext, companyId: string, routineIds: string[], perRoutine = 5): Promise<Record<string, RoutineRunDto[]>> {
  const company = await getCompanyOrThrow(ctx, companyId, "routine.read");
  if (routineIds.length === 0) return {};
  const rows = await ctx.db.$queryRaw<RoutineRun[]>`
    SELECT r.* FROM unnest(${routineIds}::uuid[]) AS x(id)
     CROSS JOIN LATERAL (
       SELECT * FROM "RoutineRun" rr
        WHERE rr."companyId" = ${company.id}::uuid AND rr."routineId" = x.id
        ORDER BY rr."createdAt" DESC, rr.id DESC LIMIT ${perRoutine}) r`;
  const out: Record<string, RoutineRunDto[]> = {};
  for (const row of rows) (out[row.routineId] ??= []).push(routineRunDto(row));
  for (const runs of Object.values(out)) runs.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : b.id.localeCompare(a.id)));
  return out;
}

/** Identifier, title and status of the issues runs point at (the company's only), by id. */
export async function issuesOfRuns(ctx: ServiceContext, companyId: string, runs: RoutineRunDto[]): Promise<Record<string, RunIssueRef>> {
  const company = await getCompanyOrThrow(ctx, companyId, "routine.read");
  const ids = [...new Set(runs.flatMap((r) => (r.issueId ? [r.issueId] : [])))];
  if (ids.length === 0) return {};
  const issues = await ctx.db.issue.findMany({
    where: { companyId: company.id, id: { in: ids } },
    select: { id: true, identifier: true, title: true, status: true },
  });
  return Object.fromEntries(issues.map((i) => [i.id, i]));
}

/** A routine's parent issue as the form's picker shows it, or null. */
export async function parentIssueOf(ctx: ServiceContext, companyId: string, issueId: string | null) {
  if (!issueId) return null;
  const company = await getCompanyOrThrow(ctx, companyId, "routine.read");
  return ctx.db.issue.findFirst({ where: { companyId: company.id, id: issueId }, select: { id: true, identifier: true, title: true } });
}
