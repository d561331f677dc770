// Agents: direct creation by the board, reads, PATCH with the reporting-line rules.
import type { Agent, Prisma } from "@/lib/generated/prisma/client";
import { AppError, forbidden, invalidReference } from "@/lib/http/errors";
import { keysetPage, type ListQuery } from "@/lib/http/pagination";
import type { CreateAgentInput, UpdateAgentInput } from "@/lib/schemas/agents";
import { inTx, type ServiceContext, type Tx } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { getCompanyOrThrow } from "@/lib/services/company-scope";
import { agentDtos, agentIdentity, agentIdentityByKey, agentWithChain, getAgentOrThrow } from "@/lib/services/agents/queries";
import { recordConfigRevision, configKeys } from "@/lib/services/agents/config-revisions";
import { isBudgetPaused, liftStaleBudgetPause, lockBudgets, settleBudgets } from "@/lib/services/budgets";
import { prismaExec } from "@/lib/services/wakeups";
import { assertCommandSet, assertConfigValid, mergeRedacted } from "@/lib/services/agents/config-input";

export function slugify(name: string): string {
  const slug = name.normalize("NFKD").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60);
  return slug || "agent";
}

async function freeUrlKey(tx: Tx, companyId: string, name: string): Promise<string> {
  const base = slugify(name);
  const taken = new Set(
    (await tx.agent.findMany({ where: { companyId, urlKey: { startsWith: base } }, select: { urlKey: true } })).map((a) => a.urlKey),
  );
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

/** Names are how @-mentions find agents, so two live agents of a company never share one. */
export async function assertNameFree(tx: Tx, companyId: string, name: string, exceptId?: string) {
  const clash = await tx.agent.findFirst({
    where: { companyId, name: { equals: name, mode: "insensitive" }, status: { not: "terminated" }, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (clash) throw new AppError("conflict", `An agent named '${name}' already exists in this company`);
}

/** reportsTo must name a live agent of the same company and may not close a loop. */
export async function assertReportsTo(tx: Tx, companyId: string, agentId: string | null, managerId: string | null, role: string) {
  if (managerId === null) return;
  if (role === "ceo") throw new AppError("invalid_reference", "The CEO reports to nobody", [{ path: "reportsTo", message: "must be null for the CEO" }]);
  const manager = await tx.agent.findFirst({ where: { id: managerId, companyId, status: { not: "terminated" } }, select: { id: true, reportsToId: true } });
  if (!manager) throw invalidReference("reportsTo", "Manager agent");
  if (agentId === null) return;
  let cursor: string | null = manager.id;
  for (let depth = 0; cursor && depth < 64; depth++) {
    if (cursor === agentId) {
      throw new AppError("reporting_cycle", "This reporting line would form a cycle", [{ path: "reportsTo", message: "cycle" }]);
    }
    const next: { reportsToId: string | null } | null = await tx.agent.findFirst({ where: { id: cursor, companyId }, select: { reportsToId: true } });
    cursor = next?.reportsToId ?? null;
  }
}

/** One CEO per company; the partial unique index backs this up under races. */
export async function assertCeoFree(tx: Tx, companyId: string, exceptId?: string) {
  const ceo = await tx.agent.findFirst({
    where: { companyId, role: "ceo", status: { not: "terminated" }, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (ceo) throw new AppError("conflict", "This company already has a CEO");
}

export interface NewAgentOptions {
  status: "idle" | "pending_approval";
  /** the urlKey to prefer (an imported agent keeps its package slug when free); default: from the name */
  urlKey?: string;
}

/** Inserts an agent with its first config revision and activity row; used by create and hire. */
export async function insertAgent(tx: Tx, ctx: ServiceContext, companyId: string, input: CreateAgentInput, opts: NewAgentOptions): Promise<Agent> {
  await assertNameFree(tx, companyId, input.name);
  if (input.role === "ceo") await assertCeoFree(tx, companyId);
  await assertReportsTo(tx, companyId, null, input.reportsTo ?? null, input.role);
  const agent = await tx.agent.create({
    data: {
      companyId, name: input.name, urlKey: await freeUrlKey(tx, companyId, opts.urlKey ?? input.name), role: input.role,
      title: input.title ?? "", icon: input.icon ?? null, capabilities: input.capabilities ?? "",
      reportsToId: input.reportsTo ?? null, adapterType: input.adapterType,
      adapterConfig: (input.adapterConfig ?? {}) as Prisma.InputJsonObject,
      runtimeConfig: (input.runtimeConfig ?? {}) as Prisma.InputJsonObject,
      budgetMonthlyCents: input.budgetMonthlyCents ?? 0, status: opts.status,
    },
  });
  await recordConfigRevision(tx, ctx.actor, agent, [...configKeys], "created");
  await recordActivity(tx, ctx.actor, {
    companyId, action: "agent.created", entityType: "agent", entityId: agent.id, details: { name: agent.name, role: agent.role, status: agent.status },
  });
  return agent;
}

export async function createAgent(ctx: ServiceContext, companyRef: string, input: CreateAgentInput) {
  const company = await getCompanyOrThrow(ctx, companyRef, "agent.create");
  assertConfigValid(input);
  assertCommandSet(input.adapterType, input.adapterConfig);
  const agent = await inTx(ctx, (tx) => insertAgent(tx, ctx, company.id, input, { status: "idle" }));
  return agentWithChain(ctx.db, agent);
}

const listOrder = [["createdAt", "asc", "date"], ["id", "asc", "uuid"]] as const;

type ListAgentsQuery = ListQuery & { status?: Agent["status"]; role?: Agent["role"]; q?: string; reportsTo?: string };

export async function listAgents(ctx: ServiceContext, companyRef: string, query: ListAgentsQuery) {
  const company = await getCompanyOrThrow(ctx, companyRef, "agent.read");
  const contains = query.q ? { contains: query.q, mode: "insensitive" as const } : undefined;
  const page = await keysetPage(query, listOrder, ({ after, ...page }) => ctx.db.agent.findMany({
    where: {
      companyId: company.id,
      ...(query.status ? { status: query.status } : {}),
      ...(query.role ? { role: query.role } : {}),
      ...(query.reportsTo ? { reportsToId: query.reportsTo } : {}),
      ...(contains ? { OR: [{ name: contains }, { title: contains }, { urlKey: contains }] } : {}),
      ...after,
    },
    ...page,
  }));
  return { items: await agentDtos(ctx.db, company.id, page.items), nextCursor: page.nextCursor };
}

export async function getAgent(ctx: ServiceContext, ref: string, inCompany?: string) {
  const agent = await getAgentOrThrow(ctx, ref, "agent.read", ctx.db, inCompany);
  if (!isBudgetPaused(agent)) return agentWithChain(ctx.db, agent);
  await liftStaleBudgetPause(agent.companyId);
  return agentWithChain(ctx.db, await ctx.db.agent.findUniqueOrThrow({ where: { id: agent.id } }));
}

export async function getMe(ctx: ServiceContext) {
  if (ctx.actor.kind !== "agent") throw forbidden("/api/agents/me is the calling agent's identity: call it with an agent API key");
  const me = await agentIdentity(ctx.actor.companyId, ctx.actor.agentId);
  if (!isBudgetPaused(me)) return me;
  await liftStaleBudgetPause(ctx.actor.companyId);
  return agentIdentity(ctx.actor.companyId, ctx.actor.agentId);
}

/**
 * GET /api/agents/me for an agent key: authenticated and answered in one statement (null: the key
 * does not authenticate). A pause left over from last month's budget is lifted first, as above.
 */
export async function getMeByAgentKey(keyDigest: string) {
  const me = await agentIdentityByKey(keyDigest);
  if (!me || !isBudgetPaused(me)) return me;
  await liftStaleBudgetPause(me.companyId);
  return agentIdentity(me.companyId, me.id);
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, canonical(x)]));
  return v;
}

export async function updateAgent(ctx: ServiceContext, ref: string, input: UpdateAgentInput) {
  const current = await getAgentOrThrow(ctx, ref, "agent.update");
  if (current.status === "terminated") throw new AppError("invalid_transition", "A terminated agent cannot be changed");
  const updated = await inTx(ctx, async (tx) => {
    const role = input.role ?? current.role;
    if (input.name !== undefined && input.name.toLowerCase() !== current.name.toLowerCase()) await assertNameFree(tx, current.companyId, input.name, current.id);
    if (role === "ceo" && current.role !== "ceo") await assertCeoFree(tx, current.companyId, current.id);
    const reportsTo = input.reportsTo === undefined ? current.reportsToId : input.reportsTo;
    if (input.reportsTo !== undefined || input.role !== undefined) await assertReportsTo(tx, current.companyId, current.id, reportsTo, role);
    const { reportsTo: _r, adapterConfig, runtimeConfig, ...rest } = input;
    const config = {
      ...(adapterConfig ? { adapterConfig: mergeRedacted(adapterConfig, current.adapterConfig, "adapterConfig") } : {}),
      ...(runtimeConfig ? { runtimeConfig: mergeRedacted(runtimeConfig, current.runtimeConfig, "runtimeConfig") } : {}),
    };
    assertConfigValid(config);
    // only a write of what it runs is held to the rule: a rename of a hire still waiting for its command is fine
    if (input.adapterType !== undefined || config.adapterConfig) assertCommandSet(input.adapterType ?? current.adapterType, config.adapterConfig ?? current.adapterConfig);
    const data: Prisma.AgentUncheckedUpdateInput = {
      ...rest,
      ...(input.reportsTo !== undefined ? { reportsToId: input.reportsTo } : {}),
      ...(config as { adapterConfig?: Prisma.InputJsonObject; runtimeConfig?: Prisma.InputJsonObject }),
    };
    if (input.budgetMonthlyCents !== undefined) await lockBudgets(prismaExec(tx), current.companyId, current.id);
    const row = await tx.agent.update({ where: { id: current.id }, data });
    if (input.budgetMonthlyCents !== undefined) await settleBudgets(prismaExec(tx), ctx.actor, row.companyId);
    // one save is one revision, naming only what it really changed (a form sends every section)
    const changedConfig = configKeys.filter((k) => input[k] !== undefined && !sameJson(current[k], row[k]));
    if (changedConfig.length) await recordConfigRevision(tx, ctx.actor, row, changedConfig, "update");
    await recordActivity(tx, ctx.actor, {
      companyId: row.companyId, action: "agent.updated", entityType: "agent", entityId: row.id, details: { changed: Object.keys(input) },
    });
    return row;
  });
  return agentWithChain(ctx.db, await ctx.db.agent.findUniqueOrThrow({ where: { id: updated.id } }));
}
