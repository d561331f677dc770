// A project's checks before done, read from its stored settings (the board writes them through the
// project's PATCH, which validates them): the verification command and the review rule. A stored
// value that does not parse counts as unset, so a bad row can never make done impossible.
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import type { Tx } from "@/lib/services/context";

const DEFAULT_TIMEOUT_SEC = 900;

const verificationSetting = z.object({
  command: z.string().min(1),
  args: z.array(z.string()).optional(),
  timeoutSec: z.number().int().min(1).max(7200).optional(),
});
const reviewSetting = z.union([
  z.object({ kind: z.literal("board") }),
  z.object({ kind: z.literal("agent"), agentId: z.string() }),
]);

export interface VerificationCommand {
  command: string;
  args: string[];
  timeoutSec: number;
}
export type ReviewRule = z.infer<typeof reviewSetting>;

export interface ProjectChecks {
  verification: VerificationCommand | null;
  review: ReviewRule | null;
}

const noChecks: ProjectChecks = { verification: null, review: null };

export function readChecks(row: { verification: unknown; review: unknown }): ProjectChecks {
  const v = verificationSetting.safeParse(row.verification);
  const r = reviewSetting.safeParse(row.review);
  return {
    verification: v.success ? { command: v.data.command, args: v.data.args ?? [], timeoutSec: v.data.timeoutSec ?? DEFAULT_TIMEOUT_SEC } : null,
    review: r.success ? r.data : null,
  };
}

/** The checks of an issue's project (none for an issue without one). */
export async function checksOf(db: Db | Tx, issue: { companyId: string; projectId: string | null }): Promise<ProjectChecks> {
  if (!issue.projectId) return noChecks;
  const project = await db.project.findFirst({
    where: { id: issue.projectId, companyId: issue.companyId }, select: { verification: true, review: true },
  });
  return project ? readChecks(project) : noChecks;
}

export const hasChecks = (c: ProjectChecks) => c.verification !== null || c.review !== null;
