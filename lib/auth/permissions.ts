// The permission table: who may do what inside a company. Services call `authorize` after loading
// the target with company scoping inside the query, so an outsider has already got a 404 and
// `authorize` only decides 403. Rules that depend on the target (an agent acting on itself or on
// its reports) live in the service that owns them.
import type { MembershipRole } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/auth/actor";
import { AppError, forbidden } from "@/lib/http/errors";

const roleRank: Record<MembershipRole, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };

type AgentRule = "any" | "ceo" | "manager_or_ceo";

interface Rule {
  /** least board role that may act; absent = no board user (instance admins always may) */
  board?: MembershipRole;
  /** which agents of the company may act; absent = no agent */
  agent?: AgentRule;
}

const permissions = {
  "company.read": { board: "viewer", agent: "ceo" },
  "company.update": { board: "admin", agent: "ceo" },
  "company.govern": { board: "admin" },
  "company.invite": { board: "admin", agent: "ceo" },
  "company.members.read": { board: "viewer" },
  "company.members": { board: "admin" },
  "company.webhooks": { board: "admin" },
  // export and import of the whole company as a package (spec rule 1: the board and the CEO agent)
  "company.portability": { board: "admin", agent: "ceo" },
  "agent.read": { board: "viewer", agent: "any" },
  "agent.create": { board: "member" },
  "agent.update": { board: "member" },
  "agent.lifecycle": { board: "member" },
  "agent.keys": { board: "member" },
  "agent.instructions": { board: "member", agent: "any" },
  "agent.config.rollback": { board: "member" },
  "activity.read": { board: "viewer", agent: "any" },
  // goals, projects, workspaces, labels, issues and comments: agents work across their whole org
  "work.read": { board: "viewer", agent: "any" },
  "work.write": { board: "member", agent: "any" },
  "asset.read": { board: "viewer", agent: "any" },
  // governance and money
  "cost.read": { board: "viewer", agent: "any" },
  "cost.report": { board: "member", agent: "any" },
  "approval.read": { board: "viewer", agent: "any" },
  "approval.request": { board: "member", agent: "any" },
  "approval.decide": { board: "member" },
  // questions agents ask: the board answers or declines them
  "question.answer": { board: "member" },
  "agent.hire": { board: "member", agent: "manager_or_ceo" },
  "dashboard.read": { board: "viewer", agent: "ceo" },
  // routines: the board sets them up; agents read them, and may fire one of their reports' (service rule)
  "routine.read": { board: "viewer", agent: "any" },
  "routine.write": { board: "member" },
  "routine.run": { board: "member", agent: "any" },
  // execution workspaces on disk: the board's to watch and clean up (an agent sees its own through its issue)
  "workspace.read": { board: "viewer" },
  "workspace.remove": { board: "member" },
} as const satisfies Record<string, Rule>;

export type Permission = keyof typeof permissions;

export function can(actor: Actor, permission: Permission, companyId: string): boolean {
  const rule: Rule = permissions[permission];
  if (actor.kind === "agent") {
    if (actor.companyId !== companyId || !rule.agent) return false;
    if (rule.agent === "any") return true;
    if (rule.agent === "ceo") return actor.role === "ceo";
    return actor.role === "ceo" || actor.role === "manager";
  }
  if (!rule.board) return false;
  if (actor.isInstanceAdmin) return true;
  const role = Object.hasOwn(actor.roles, companyId) ? actor.roles[companyId] : undefined; // not "constructor" of Object.prototype
  return role !== undefined && roleRank[role] >= roleRank[rule.board];
}

export function authorize(actor: Actor, permission: Permission, companyId: string): void {
  if (!can(actor, permission, companyId)) throw forbidden();
}

/** The companies whose rows the actor may see at all; null means every company (instance admin). */
export function visibleCompanyIds(actor: Actor): string[] | null {
  if (actor.kind === "agent") return [actor.companyId];
  return actor.isInstanceAdmin ? null : Object.keys(actor.roles);
}

/**
 * Prisma `where` fragment that limits rows to the actor's companies, or to `within` alone when given
 * (a board page under one company's prefix): a company the actor cannot see then matches nothing.
 */
export function companyScope(actor: Actor, within?: string): { companyId?: string | { in: string[] } } {
  const ids = visibleCompanyIds(actor);
  if (within !== undefined) return { companyId: ids === null || ids.includes(within) ? within : { in: [] } };
  if (ids === null) return {};
  return ids.length === 1 ? { companyId: ids[0] } : { companyId: { in: ids } };
}

export function requireBoard(actor: Actor, message = "Only board users may do this"): asserts actor is Extract<Actor, { kind: "board" }> {
  if (actor.kind !== "board") throw new AppError("forbidden", message);
}

export function requireInstanceAdmin(actor: Actor): void {
  if (actor.kind !== "board" || !actor.isInstanceAdmin) throw forbidden("Only instance admins may do this");
}
