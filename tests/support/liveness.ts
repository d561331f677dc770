// A company whose agents can run (a process command), issues made straight in the database, and the
// sweep of one company at a chosen time: what the liveness tests build on.
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { sweepCompanyInChunks } from "@/lib/services/liveness/sweep-core";
import { createWorld } from "../factories";

export type LiveWorld = Awaited<ReturnType<typeof createWorld>>;

export async function liveWorld(): Promise<LiveWorld> {
  const w = await createWorld();
  await db().agent.updateMany({ where: { companyId: w.company.id }, data: { adapterConfig: { command: "true" } } });
  return w;
}

let n = 0;
export async function makeIssue(w: LiveWorld, data: Partial<Prisma.IssueUncheckedCreateInput> = {}) {
  n += 1;
  return db().issue.create({
    data: { companyId: w.company.id, number: n, identifier: `${w.company.issuePrefix}-${n}`, title: `Issue ${n}`, status: "todo", assigneeAgentId: w.engineer.id, ...data },
  });
}

export const minutes = (m: number, from = new Date()) => new Date(from.getTime() + m * 60_000);

export const sweep = (w: LiveWorld, now = new Date()) => sweepCompanyInChunks(w.company.id, now);

export const stallOf = (issueId: string) => db().issueStall.findUnique({ where: { issueId } });

/** A wake waiting to run for the issue: it is moving, whatever else is true. */
export const queueWake = (w: LiveWorld, issueId: string, agentId = w.engineer.id) =>
  db().wakeRequest.create({ data: { companyId: w.company.id, agentId, reason: "manual", issueId } });

export const makeRun = (w: LiveWorld, issueId: string, data: Partial<Prisma.HeartbeatRunUncheckedCreateInput> = {}) =>
  db().heartbeatRun.create({ data: { companyId: w.company.id, agentId: w.engineer.id, issueId, adapterType: "process", status: "succeeded", ...data } });
