// POST …/imports/preview and …/imports/apply: parse → can → fetch → read → plan (→ write). A preview
// writes nothing at all; an apply writes everything in one transaction, planned again inside it, or
// nothing. Fetching happens before the transaction, so no lock waits on the network.
import type { Company } from "@/lib/generated/prisma/client";
import { isInstanceActor } from "@/lib/auth/actor";
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import type { ImportBody } from "@/lib/schemas/portability-import";
import { inTx, type ServiceContext, type Tx } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { getCompanyOrThrow } from "@/lib/services/company-scope";
import { Findings } from "@/lib/portability/import/parse";
import { readPackage, type PackageModel } from "@/lib/portability/import/read";
import { loadSource, type LoadedSource } from "@/lib/portability/import/sources";
import { planImport, type ImportPlan } from "@/lib/portability/import/plan";
import type { PlanContext, TargetState } from "@/lib/portability/import/plan-types";
import { createTargetCompany, writePlan } from "@/lib/portability/import/apply";

const APPLY_TIMEOUT_MS = 120_000;

interface Prepared {
  /** null: the command line's import into a new company, which no route names */
  route: Company | null;
  target: Company | null;
  loaded: LoadedSource;
  pkg: PackageModel;
  parseFindings: Findings;
}

/** The existing target must be the route's company: one the caller cannot see is 404, another 422. */
async function resolveTarget(ctx: ServiceContext, route: Company | null, body: ImportBody): Promise<Company | null> {
  if (body.target.mode === "new_company") return null;
  if (!route) throw new AppError("validation_error", "An import into an existing company names it as the route's company");
  const ref = body.target.companyId;
  if (ref === route.id || ref.toUpperCase() === route.issuePrefix) return route;
  await getCompanyOrThrow(ctx, ref, "company.read");
  throw new AppError("target_mismatch", "target.companyId must be the company of the route", [
    { path: "body.target.companyId", message: "is not the route's company" },
  ]);
}

/** The route's company; only the instance itself (the CLI) imports into a new company without one. */
async function routeCompany(ctx: ServiceContext, companyRef: string | null): Promise<Company | null> {
  if (companyRef !== null) return getCompanyOrThrow(ctx, companyRef, "company.portability");
  if (!isInstanceActor(ctx.actor)) throw new AppError("forbidden", "An import names the company it starts from");
  return null;
}

async function prepare(ctx: ServiceContext, companyRef: string | null, body: ImportBody): Promise<Prepared> {
  const route = await routeCompany(ctx, companyRef);
  if (body.collisionStrategy === "replace") {
    throw new AppError("replace_not_allowed", "collisionStrategy replace is not allowed: imports only create or skip", [
      { path: "body.collisionStrategy", message: "use rename or skip" },
    ]);
  }
  const target = await resolveTarget(ctx, route, body);
  const parseFindings = new Findings();
  const loaded = await loadSource(ctx.actor, body.source, parseFindings);
  const pkg = readPackage(loaded.files, parseFindings);
  if (parseFindings.errors.length || !pkg) {
    const [first] = parseFindings.errors;
    throw new AppError("invalid_package", `The package cannot be imported: ${first.path}: ${first.message}`, parseFindings.errors);
  }
  return { route, target, loaded, pkg, parseFindings };
}

async function targetState(db: Db | Tx, prepared: Prepared, caller: PlanContext["caller"]): Promise<TargetState> {
  const { target, route } = prepared;
  if (!target) {
    return { companyId: null, companyName: "", agents: [], projects: [], goals: [], routines: [], ceoId: null, requireApproval: caller === "agent" && !!route?.requireBoardApprovalForNewAgents };
  }
  const companyId = target.id;
  const [agents, projects, goals, routines] = await Promise.all([
    db.agent.findMany({ where: { companyId, status: { not: "terminated" } }, select: { id: true, name: true, role: true }, orderBy: { createdAt: "asc" } }),
    db.project.findMany({ where: { companyId }, select: { id: true, name: true }, orderBy: { createdAt: "asc" } }),
    db.goal.findMany({ where: { companyId }, select: { id: true, title: true }, orderBy: { createdAt: "asc" } }),
    db.routine.findMany({ where: { companyId }, select: { id: true, name: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
  ]);
  return {
    companyId, companyName: target.name, agents, projects, goals, routines, ceoId: agents.find((a) => a.role === "ceo")?.id ?? null,
    requireApproval: target.requireBoardApprovalForNewAgents,
  };
}

function plan(ctx: ServiceContext, prepared: Prepared, state: TargetState, body: ImportBody) {
  const findings = new Findings();
  prepared.parseFindings.warnings.forEach((w) => findings.warn(w));
  const planCtx: PlanContext = {
    pkg: prepared.pkg, state, caller: ctx.actor.kind, include: body.include, strategy: body.collisionStrategy as "rename" | "skip", now: new Date(),
  };
  const newName = body.target.mode === "new_company" ? body.target.newCompanyName : undefined;
  return { plan: planImport(planCtx, newName, findings), findings };
}

const publicPlan = (p: ImportPlan) => ({
  companyAction: p.companyAction,
  agentPlans: p.agentPlans.map(({ detail: _d, ...a }) => a),
  projectPlans: p.projectPlans.map(({ detail: _d, ...x }) => x),
  issuePlans: p.issuePlans.map(({ detail: _d, ...x }) => x),
  goalPlans: p.goalPlans.map(({ detail: _d, ...x }) => x),
  routinePlans: p.routinePlans.map(({ detail: _d, ...x }) => x),
});

export async function previewImport(ctx: ServiceContext, companyRef: string | null, body: ImportBody) {
  const prepared = await prepare(ctx, companyRef, body);
  const state = await targetState(ctx.db, prepared, ctx.actor.kind);
  const { plan: p, findings } = plan(ctx, prepared, state, body);
  return {
    include: body.include, targetCompanyId: prepared.target?.id ?? null, targetCompanyName: prepared.target?.name ?? p.company.name,
    collisionStrategy: body.collisionStrategy as "rename" | "skip", source: prepared.loaded.source, plan: publicPlan(p),
    requiredSecrets: p.requiredSecrets, warnings: findings.warnings, errors: [],
  };
}

/** The existing target, its row locked for the transaction (concurrent imports into it queue up). */
async function lockCompany(tx: Tx, companyId: string): Promise<Company> {
  const [row] = await tx.$queryRaw<Company[]>`SELECT * FROM "Company" WHERE id = ${companyId}::uuid FOR UPDATE`;
  if (!row) throw new AppError("not_found", "Company not found");
  return row;
}

export async function applyImport(ctx: ServiceContext, companyRef: string | null, body: ImportBody) {
  const prepared = await prepare(ctx, companyRef, body);
  const actor = ctx.actor;
  return inTx(ctx, async (tx) => {
    const locked = prepared.target ? await lockCompany(tx, prepared.target.id) : null;
    const state = await targetState(tx, { ...prepared, target: locked }, actor.kind);
    const { plan: p, findings } = plan(ctx, prepared, state, body);
    const company = locked ?? (await createTargetCompany(tx, actor, p, prepared.pkg.files, {
      routeCompanyId: prepared.route?.id ?? null,
      requireApproval: actor.kind === "agent" ? !!prepared.route?.requireBoardApprovalForNewAgents : p.company.requireBoardApprovalForNewAgents ?? true,
      takeBudget: actor.kind === "board",
    }));
    const written = await writePlan(tx, { db: ctx.db, actor }, company, !locked, p);
    await recordActivity(tx, actor, {
      companyId: company.id, action: "company.imported", entityType: "company", entityId: company.id,
      details: {
        source: { ...prepared.loaded.source }, newCompany: !locked, fromCompanyId: prepared.route?.id ?? null,
        agents: written.agents.filter((a) => a.action === "created").length, projects: written.projects.filter((x) => x.action === "created").length,
        issues: written.issues.length, goals: written.goals.filter((g) => g.action === "created").length,
        routines: written.routines.filter((r) => r.action === "created").length,
      },
    });
    return { ...written, source: prepared.loaded.source, requiredSecrets: p.requiredSecrets, warnings: findings.warnings };
  }, { timeoutMs: APPLY_TIMEOUT_MS });
}
