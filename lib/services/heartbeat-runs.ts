// Heartbeat runs as the API shows them (docs/design.md §8): list, get, log, transcript, cancel, and the board's
// "run now". Reads are open to the company's board users and agents; cancel and run-now are board
// actions on an agent (agent.lifecycle).
import type { HeartbeatRun, Prisma, RunStatus } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/auth/actor";
import { authorize, companyScope } from "@/lib/auth/permissions";
import { AppError, invalidReference, notFound } from "@/lib/http/errors";
import { keysetPage, type ListQuery } from "@/lib/http/pagination";
import { runDto, runStepDto, type RunIssue, type WakeSummary } from "@/lib/dto/heartbeat-runs";
import { inTx, type ServiceContext, type Tx } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { getCompanyOrThrow } from "@/lib/services/company-scope";
import { getAgentOrThrow } from "@/lib/services/agents/queries";
import { prismaExec, requestWake, wakeDto } from "@/lib/services/wakeups";
import type { Db } from "@/lib/db/client";

const order = [["createdAt", "desc", "date"], ["id", "desc", "uuid"]] as const;
const runColumns = { log: false } as const;
type RunRow = Omit<HeartbeatRun, "log">;

async function wakesOf(db: Db, companyId: string, runs: RunRow[]): Promise<Map<string, WakeSummary>> {
  const ids = runs.map((r) => r.wakeRequestId).filter((id): id is string => !!id);
  if (ids.length === 0) return new Map();
  const wakes = await db.wakeRequest.findMany({
    where: { companyId, id: { in: ids } },
    select: { id: true, reason: true, source: true, issueId: true, commentId: true, approvalId: true },
  });
  return new Map(wakes.map((w) => [w.id, w]));
}

/** Each run's issues: the one it was woken for first, then the ones it touched in the order it first did. */
async function issuesOf(db: Db, companyId: string, runs: RunRow[], wakes: Map<string, WakeSummary>): Promise<Map<string, RunIssue[]>> {
  if (runs.length === 0) return new Map();
  const wakeIssue = (r: RunRow) => r.issueId ?? (r.wakeRequestId ? wakes.get(r.wakeRequestId)?.issueId : null) ?? null;
  const links = await db.heartbeatRunIssue.findMany({
    where: { companyId, runId: { in: runs.map((r) => r.id) } }, orderBy: { createdAt: "asc" }, select: { runId: true, issueId: true },
  });
  const ids = [...new Set([...runs.map(wakeIssue), ...links.map((l) => l.issueId)].filter((id): id is string => !!id))];
  const issues = ids.length === 0 ? [] : await db.issue.findMany({
    where: { companyId, id: { in: ids } }, select: { id: true, identifier: true, title: true, status: true },
  });
  const byId = new Map(issues.map((i) => [i.id, i]));
  return new Map(runs.map((r) => {
    const ordered = [wakeIssue(r), ...links.filter((l) => l.runId === r.id).map((l) => l.issueId)];
    const found = [...new Set(ordered)].map((id) => (id ? byId.get(id) : undefined)).filter((i): i is RunIssue => !!i);
    return [r.id, found];
  }));
}

async function runDtos(db: Db, companyId: string, runs: RunRow[]) {
  const wakes = await wakesOf(db, companyId, runs);
  const issues = await issuesOf(db, companyId, runs, wakes);
  return runs.map((r) => runDto(r, r.wakeRequestId ? wakes.get(r.wakeRequestId) : undefined, issues.get(r.id)));
}

/** The runs that worked on an issue: those woken for it, and those linked to it by a write (lib/services/activity.ts). */
async function issueRunFilter(db: Db, companyId: string, issueId: string) {
  const linked = await db.heartbeatRunIssue.findMany({ where: { companyId, issueId }, select: { runId: true } });
  return linked.length === 0 ? { issueId } : { OR: [{ issueId }, { id: { in: linked.map((l) => l.runId) } }] };
}

export interface RunListQuery extends ListQuery {
  agentId?: string;
  issueId?: string;
  status?: RunStatus;
}

export async function listRuns(ctx: ServiceContext, companyRef: string, query: RunListQuery) {
  const company = await getCompanyOrThrow(ctx, companyRef, "activity.read");
  const byIssue = query.issueId ? await issueRunFilter(ctx.db, company.id, query.issueId) : {};
  const page = await keysetPage(query, order, ({ after, ...page }) => ctx.db.heartbeatRun.findMany({
    where: {
      companyId: company.id,
      ...(query.agentId ? { agentId: query.agentId } : {}),
      ...(query.status ? { status: query.status } : {}),
      AND: [byIssue, after],
    },
    omit: runColumns,
    ...page,
  }));
  return { ...page, items: await runDtos(ctx.db, company.id, page.items) };
}

async function getRunRowOrThrow(ctx: ServiceContext, runId: string, inCompany?: string): Promise<RunRow> {
  const row = await ctx.db.heartbeatRun.findFirst({ where: { id: runId, ...companyScope(ctx.actor, inCompany) }, omit: runColumns });
  if (!row) throw notFound("Heartbeat run");
  authorize(ctx.actor, "activity.read", row.companyId);
  return row;
}

/** The run, among the caller's companies or only in `inCompany` when given. */
export async function getRun(ctx: ServiceContext, runId: string, inCompany?: string) {
  const row = await getRunRowOrThrow(ctx, runId, inCompany);
  const [run] = await runDtos(ctx.db, row.companyId, [row]);
  return run;
}

/** The kept part of the log (its newest characters); `logBytes` counts everything ever written. */
export async function getRunLog(ctx: ServiceContext, runId: string) {
  const row = await getRunRowOrThrow(ctx, runId);
  const { log } = await ctx.db.heartbeatRun.findUniqueOrThrow({ where: { id: row.id }, select: { log: true } });
  return { runId: row.id, status: row.status, logBytes: row.logBytes, truncated: row.logBytes > Buffer.byteLength(log), content: log };
}

/** The run's parsed transcript (claude_local and codex_local runs), in order; `after`: only newer steps. */
export async function getRunTranscript(ctx: ServiceContext, runId: string, after?: number) {
  const row = await getRunRowOrThrow(ctx, runId);
  const steps = await ctx.db.heartbeatRunStep.findMany({
    where: { companyId: row.companyId, runId: row.id, ...(after !== undefined ? { seq: { gt: after } } : {}) },
    omit: { companyId: true, runId: true },
    orderBy: { seq: "asc" },
  });
  return { steps: steps.map(runStepDto) };
}

const openStatuses: RunStatus[] = ["queued", "running"];

export async function cancelRun(ctx: ServiceContext, runId: string) {
  const row = await getRunRowOrThrow(ctx, runId);
  authorize(ctx.actor, "agent.lifecycle", row.companyId);
  if (row.status === "cancelled") return getRun(ctx, runId);
  if (!openStatuses.includes(row.status)) throw new AppError("invalid_transition", `A ${row.status} run cannot be cancelled`);
  await inTx(ctx, async (tx) => {
    if (!(await cancelOpenRun(tx, ctx.actor, row, "cancelled by the board"))) {
      throw new AppError("invalid_transition", "The run finished before it could be cancelled");
    }
  });
  return getRun(ctx, runId);
}

/**
 * The one cancel path (the board's cancel, a pause in cancel mode): false when the run had already
 * finished. The worker running it kills its process group when it hears the notification at commit.
 */
export async function cancelOpenRun(tx: Tx, actor: Actor | null, row: { id: string; companyId: string; agentId: string }, error: string, details: Prisma.InputJsonObject = {}): Promise<boolean> {
  const res = await tx.heartbeatRun.updateMany({
    where: { id: row.id, companyId: row.companyId, status: { in: openStatuses } },
    data: { status: "cancelled", finishedAt: new Date(), error },
  });
  if (res.count === 0) return false;
  // the key stops working now
  await tx.agentKey.deleteMany({ where: { companyId: row.companyId, agentId: row.agentId, runId: row.id } });
  // back to idle now, even if no worker is left to finish it (the orphan sweep would, later)
  await tx.$executeRaw`UPDATE "Agent" SET status = 'idle', "updatedAt" = now()
    WHERE id = ${row.agentId}::uuid AND "companyId" = ${row.companyId}::uuid AND status = 'running'
      AND NOT EXISTS (SELECT 1 FROM "HeartbeatRun" o WHERE o."agentId" = ${row.agentId}::uuid AND o.status IN ('queued', 'running'))`;
  await recordActivity(tx, actor, {
    companyId: row.companyId, action: "run.cancelled", entityType: "heartbeat_run", entityId: row.id, details: { agentId: row.agentId, ...details },
  });
  await tx.$queryRaw`SELECT pg_notify('charter_run_cancel', ${row.id})::text`;
  return true;
}

export interface WakeupInput {
  issueId?: string;
  note?: string;
}

/** The board's "run now": a `manual` wake (coalesced like any other), answered with the wake. */
export async function wakeAgentNow(ctx: ServiceContext, agentRef: string, input: WakeupInput) {
  const agent = await getAgentOrThrow(ctx, agentRef, "agent.lifecycle");
  if (["paused", "terminated", "pending_approval"].includes(agent.status)) {
    throw new AppError("invalid_transition", `An agent that is ${agent.status} cannot be woken: ${agent.status === "paused" ? "resume it first" : "it does not run"}`);
  }
  if (input.issueId) {
    const issue = await ctx.db.issue.findFirst({ where: { id: input.issueId, companyId: agent.companyId }, select: { id: true } });
    if (!issue) throw invalidReference("body.issueId", "Issue");
  }
  const wake = await inTx(ctx, async (tx) => {
    const res = await requestWake(prismaExec(tx), {
      companyId: agent.companyId, agentId: agent.id, reason: "manual", source: input.note ? `run now: ${input.note}` : "run now",
      issueId: input.issueId ?? null, payload: { wakeReason: "manual", ...(input.issueId ? { taskId: input.issueId } : {}) },
    });
    await recordActivity(tx, ctx.actor, {
      companyId: agent.companyId, action: "agent.wake_requested", entityType: "agent", entityId: agent.id,
      details: { wakeRequestId: res.id, status: res.status, ...(input.issueId ? { issueId: input.issueId } : {}) },
    });
    return tx.wakeRequest.findUniqueOrThrow({ where: { id: res.id } });
  });
  return wakeDto(wake);
}
