// A pause in cancel mode ends the runs already running through the board's own cancel path, so the
// worker kills their processes and the run, the agent and the activity log read as after a cancel.
// What each cancelled run was doing is woken again: its issue (the one it ran for, or checked out)
// gets a wake that the pause keeps queued, so the resume runs it once, like every wake it kept.
import type { Actor } from "@/lib/auth/actor";
import type { Tx } from "@/lib/services/context";
import { cancelOpenRun } from "@/lib/services/heartbeat-runs";
import { prismaExec, requestWake } from "@/lib/services/wakeups";

type PauseScope = "company" | "instance";

/** Open issues of the run's agent that the run was working on: the one it ran for, and those it checked out. */
async function issuesOfRun(tx: Tx, run: { id: string; companyId: string; agentId: string; issueId: string | null }) {
  return tx.issue.findMany({
    where: {
      companyId: run.companyId, assigneeAgentId: run.agentId, status: { in: ["todo", "in_progress"] },
      OR: [{ checkoutRunId: run.id }, ...(run.issueId ? [{ id: run.issueId }] : [])],
    },
    select: { id: true, identifier: true },
    orderBy: { number: "asc" },
  });
}

/**
 * Cancels the open runs of one company (or of every company: null) and queues the wakes that resume
 * their work; returns how many runs it cancelled.
 */
export async function cancelRunsForPause(tx: Tx, actor: Actor, companyId: string | null, scope: PauseScope): Promise<number> {
  const runs = await tx.heartbeatRun.findMany({
    where: { ...(companyId === null ? {} : { companyId }), status: { in: ["queued", "running"] } },
    select: { id: true, companyId: true, agentId: true, issueId: true },
    orderBy: { createdAt: "asc" },
  });
  const error = scope === "company" ? "cancelled: the company was paused" : "cancelled: the instance was paused";
  const why = `its run was cancelled by the ${scope}'s pause`;
  let cancelled = 0;
  const resumes: { run: (typeof runs)[number]; issue: { id: string; identifier: string } }[] = [];
  for (const run of runs) {
    if (!(await cancelOpenRun(tx, actor, run, error, { reason: `${scope}_paused` }))) continue;
    cancelled++;
    for (const issue of await issuesOfRun(tx, run)) resumes.push({ run, issue });
  }
  // in agent order, as the claim takes the agents' wake locks: two transactions never wait on each other
  resumes.sort((a, b) => (a.run.agentId < b.run.agentId ? -1 : a.run.agentId > b.run.agentId ? 1 : 0));
  for (const { run, issue } of resumes) {
    await requestWake(prismaExec(tx), {
      companyId: run.companyId, agentId: run.agentId, reason: "retry", source: `resume of ${issue.identifier}`, issueId: issue.id,
      payload: { remedy: "resume_cancelled_run", why, runId: run.id, taskId: issue.id },
    });
  }
  return cancelled;
}
