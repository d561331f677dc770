// What an issue body may name: entities of the same company (else 422 invalid_reference).
import { AppError, invalidReference, strategyNotApproved } from "@/lib/http/errors";
import type { Db } from "@/lib/db/client";
import type { Tx } from "@/lib/services/context";

export interface IssueRefs {
  parentId?: string | null;
  projectId?: string | null;
  goalId?: string | null;
  assigneeAgentId?: string | null;
  assigneeUserId?: string | null;
  labelIds?: string[];
  blockedByIssueIds?: string[];
}

export async function assertIssueRefs(db: Db | Tx, companyId: string, refs: IssueRefs, selfId?: string) {
  const checks: Promise<void>[] = [];
  const need = (value: string | null | undefined, path: string, what: string, find: (id: string) => Promise<unknown>) => {
    if (!value) return;
    checks.push(find(value).then((row) => { if (!row) throw invalidReference(path, what); }));
  };
  need(refs.parentId, "body.parentId", "Parent issue", (id) => db.issue.findFirst({ where: { id, companyId }, select: { id: true } }));
  need(refs.projectId, "body.projectId", "Project", (id) => db.project.findFirst({ where: { id, companyId }, select: { id: true } }));
  need(refs.goalId, "body.goalId", "Goal", (id) => db.goal.findFirst({ where: { id, companyId }, select: { id: true } }));
  need(refs.assigneeAgentId, "body.assigneeAgentId", "Assignee agent", (id) =>
    db.agent.findFirst({ where: { id, companyId, status: { notIn: ["terminated"] } }, select: { id: true } }));
  need(refs.assigneeUserId, "body.assigneeUserId", "Assignee user", (userId) =>
    db.membership.findFirst({ where: { companyId, userId }, select: { userId: true } }));
  if (refs.labelIds?.length) {
    const ids = [...new Set(refs.labelIds)];
    checks.push(db.label.count({ where: { companyId, id: { in: ids } } }).then((n) => { if (n !== ids.length) throw invalidReference("body.labelIds", "Label"); }));
  }
  if (refs.blockedByIssueIds?.length) {
    const ids = [...new Set(refs.blockedByIssueIds)];
    checks.push(db.issue.count({ where: { companyId, id: { in: ids } } }).then((n) => { if (n !== ids.length) throw invalidReference("body.blockedByIssueIds", "Blocker issue"); }));
  }
  await Promise.all(checks);
  if (selfId && refs.parentId) await assertNoParentCycle(db, companyId, selfId, refs.parentId);
}

/** An issue may not become its own ancestor. */
async function assertNoParentCycle(db: Db | Tx, companyId: string, selfId: string, parentId: string) {
  let cursor: string | null = parentId;
  for (let depth = 0; cursor && depth < 100; depth++) {
    if (cursor === selfId) {
      throw new AppError("issue_cycle", "An issue cannot be its own ancestor", [{ path: "body.parentId", message: "cycle" }]);
    }
    const next: { parentId: string | null } | null = await db.issue.findFirst({ where: { id: cursor, companyId }, select: { parentId: true } });
    cursor = next?.parentId ?? null;
  }
}

/** docs/design.md §6: a CEO moves work to in_progress only after the board approved its strategy. */
export async function assertStrategyGate(db: Db | Tx, companyId: string, agent: { id: string; role: string }) {
  if (agent.role !== "ceo") return;
  const approved = await db.approval.findFirst({
    where: { companyId, requestedByAgentId: agent.id, type: "approve_ceo_strategy", status: "approved" },
    select: { id: true },
  });
  if (!approved) {
    throw strategyNotApproved();
  }
}
