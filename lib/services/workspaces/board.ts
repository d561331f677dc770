// The board's execution workspaces: the list of a company's with their status, one read afresh from
// git, and removing one by hand. Board users only: an agent sees its own issue's workspace on the issue.
import type { ExecutionWorkspace, Prisma } from "@/lib/generated/prisma/client";
import { authorize, companyScope, type Permission } from "@/lib/auth/permissions";
import { sqlTx } from "@/lib/db/client";
import { conflict, notFound } from "@/lib/http/errors";
import { keysetPage, type ListQuery } from "@/lib/http/pagination";
import { log } from "@/lib/log";
import { executionWorkspaceDto } from "@/lib/dto/execution-workspaces";
import type { ListExecutionWorkspacesFilter } from "@/lib/schemas/execution-workspaces";
import type { ServiceContext } from "@/lib/services/context";
import { getCompanyOrThrow } from "@/lib/services/company-scope";
import { folderExists, markRemoved, readLanding, removeWorktree, unlandedReason, workspaceRowColumns, type WorkspaceRow } from "@/lib/services/workspaces/removal";
import { readWorkspaceStatus, storeWorkspaceStatus } from "@/lib/services/workspaces/status";

async function withIssues(ctx: ServiceContext, rows: ExecutionWorkspace[]) {
  if (rows.length === 0) return [];
  const issues = await ctx.db.issue.findMany({
    where: { companyId: rows[0].companyId, id: { in: [...new Set(rows.map((r) => r.issueId))] } },
    select: { id: true, identifier: true, title: true, status: true },
  });
  const byId = new Map(issues.map((i) => [i.id, i]));
  return rows.map((r) => executionWorkspaceDto(r, byId.get(r.issueId) ?? null));
}

async function getWorkspaceOrThrow(ctx: ServiceContext, id: string, permission: Permission): Promise<ExecutionWorkspace> {
  const row = await ctx.db.executionWorkspace.findFirst({ where: { id, ...companyScope(ctx.actor) } });
  if (!row) throw notFound("Execution workspace");
  authorize(ctx.actor, permission, row.companyId);
  return row;
}

const listOrder = [["createdAt", "desc", "date"], ["id", "desc", "uuid"]] as const;

export async function listExecutionWorkspaces(ctx: ServiceContext, companyRef: string, query: ListQuery & ListExecutionWorkspacesFilter) {
  const company = await getCompanyOrThrow(ctx, companyRef, "workspace.read");
  const where: Prisma.ExecutionWorkspaceWhereInput = {
    companyId: company.id,
    ...(query.state ? { state: query.state } : {}),
    ...(query.projectId ? { projectId: query.projectId } : {}),
  };
  const page = await keysetPage(query, listOrder, ({ after, ...q }) => ctx.db.executionWorkspace.findMany({ where: { ...where, ...after }, ...q }));
  return { items: await withIssues(ctx, page.items), nextCursor: page.nextCursor };
}

/** One workspace, its status read from git first when it is on disk (a failed read answers the last one). */
export async function getExecutionWorkspace(ctx: ServiceContext, id: string) {
  let row = await getWorkspaceOrThrow(ctx, id, "workspace.read");
  if (row.policy === "git_worktree" && row.state !== "removed" && row.path && (await folderExists(row.path))) {
    try {
      await storeWorkspaceStatus(row.id, await readWorkspaceStatus(row.path, row));
      row = await getWorkspaceOrThrow(ctx, id, "workspace.read");
    } catch (e) {
      log.warn("reading a workspace's status failed", { workspaceId: id, error: String(e) });
    }
  }
  return (await withIssues(ctx, [row]))[0];
}

/** Decides and does the removal of the locked row; throws a 409 for what the board must settle first. */
async function removeLocked(ctx: ServiceContext, ws: WorkspaceRow, force: boolean, exec: Parameters<typeof markRemoved>[0]) {
  if (ws.lockedByRunId) throw conflict("A run is working in this workspace: wait for it to finish or cancel it", { runId: ws.lockedByRunId });
  if (ws.policy === "shared") throw conflict("A shared workspace is the project's own folder: there is nothing of the issue's to remove");
  if (!ws.path || !(await folderExists(ws.path))) {
    await markRemoved(exec, ctx.actor, ws, { by: "board", force, alreadyGone: true });
    return;
  }
  const landing = await readLanding(ws.path, ws).catch((e: Error) => {
    throw conflict(`git could not read the worktree, so nothing was removed: ${e.message}`);
  });
  const reason = unlandedReason(ws, landing);
  if (reason && !force) {
    throw conflict(`Not removed: ${reason}. Remove it with force=true to lose that work`, {
      dirty: landing.status.dirty, merged: landing.merged, pushed: landing.pushed, ahead: landing.status.ahead,
    });
  }
  const landed = landing.merged || landing.pushed;
  const { branchDeleted } = await removeWorktree(ws, { force: Boolean(reason), landed }).catch((e: Error) => {
    throw conflict(`git could not remove the worktree: ${e.message}`);
  });
  await markRemoved(exec, ctx.actor, ws, { by: "board", force, merged: landing.merged, pushed: landing.pushed, dirty: landing.status.dirty, branchDeleted });
}

/**
 * Removes a workspace from disk by the board's hand; the row stays (state removed). 409 while a run
 * holds it, and for uncommitted or unlanded work unless forced. Removing a removed one answers it as it is.
 */
export async function removeExecutionWorkspace(ctx: ServiceContext, id: string, force: boolean) {
  await getWorkspaceOrThrow(ctx, id, "workspace.remove");
  await sqlTx(async (exec) => {
    // waits for a sweep or a run's claim holding the row, then decides on what is true now
    const [ws] = (await exec(`SELECT ${workspaceRowColumns} FROM "ExecutionWorkspace" ew WHERE ew.id = $1 FOR UPDATE`, [id])) as unknown as WorkspaceRow[];
    if (ws && ws.state !== "removed") await removeLocked(ctx, ws, force, exec);
  });
  return (await withIssues(ctx, [await getWorkspaceOrThrow(ctx, id, "workspace.remove")]))[0];
}
