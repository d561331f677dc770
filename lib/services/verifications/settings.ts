// A project's checks before done, read from its stored settings (the board writes them through the
// project's PATCH, which validates them): the verification command and the review rule. A stored
// value that does not parse counts as unset, so a bad row can never make done impossible.
import type { Db } from "@/lib/db/client";
import type { Tx } from "@/lib/services/context";
import { readChecks, type ProjectChecks } from "@/lib/schemas/projects";

const noChecks: ProjectChecks = { verification: null, review: null };

/** The checks of an issue's project (none for an issue without one). */
export async function checksOf(db: Db | Tx, issue: { companyId: string; projectId: string | null }): Promise<ProjectChecks> {
  if (!issue.projectId) return noChecks;
  const project = await db.project.findFirst({
    where: { id: issue.projectId, companyId: issue.companyId }, select: { verification: true, review: true },
  });
  return project ? readChecks(project) : noChecks;
}

export const hasChecks = (c: ProjectChecks) => c.verification !== null || c.review !== null;
