// The demo company (docs/getting-started.md, `npx charter demo`, the onboarding's "Start with a demo
// company"): a CEO and an engineer that run scripts/demo-agent.mjs, and a first task assigned to the
// CEO, so a newcomer sees the whole loop (checkout, comments, a delegated sub-issue, cost, done)
// without any agent CLI installed. One transaction: either the whole company exists or nothing.
import path from "node:path";
import type { Prisma } from "@/lib/generated/prisma/client";
import { boardUserId, type Actor } from "@/lib/auth/actor";
import { requireInstanceAdmin } from "@/lib/auth/permissions";
import { companyDto } from "@/lib/dto/companies";
import { agentDtos } from "@/lib/services/agents/queries";
import { issueDto } from "@/lib/dto/issues";
import type { CreateAgentInput } from "@/lib/schemas/agents";
import { inTx, type ServiceContext, type Tx } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { insertCompany, pickPrefix } from "@/lib/services/companies";
import { insertAgent } from "@/lib/services/agents/crud";
import { insertIssue } from "@/lib/services/issues/create";
import { prismaExec } from "@/lib/services/wakeups";

/**
 * What the demo agents run: the Node running Charter now and the script of this install, both by
 * absolute path, so the run works from any working directory and needs nothing on PATH
 * (docs/decisions/0105-demo-company.md). Charter's processes run from the project root.
 */
function demoAgentCommand(): { command: string; args: string[] } {
  return { command: process.execPath, args: [path.join(process.cwd(), "scripts", "demo-agent.mjs")] };
}

const STRATEGY = [
  "Demo strategy: take the board's tasks, split each into sub-issues for the team, review and close them.",
  "Every step is a call of Charter's API by scripts/demo-agent.mjs, with the run's own key.",
].join("\n");

const TASK_DESCRIPTION = [
  "This company is a demo: its agents run `scripts/demo-agent.mjs`, a short script that ships with Charter and uses only its HTTP API.",
  "",
  "Watch it: the CEO checks this issue out, comments its plan and delegates a sub-issue to the engineer, who does it,",
  "reports its cost and tells the CEO, who then closes this one. Spend shows under Costs.",
].join("\n");

function demoAgent(name: string, role: "ceo" | "engineer", title: string, reportsTo: string | null): CreateAgentInput {
  return {
    name, role, title, reportsTo,
    capabilities: "Runs Charter's demo script: reads its work, checks out, comments, delegates, reports cost, finishes.",
    adapterType: "process",
    adapterConfig: { ...demoAgentCommand(), timeoutSec: 120 },
    runtimeConfig: {},
    budgetMonthlyCents: 500,
  };
}

/** The CEO's strategy, approved by whoever made the demo, so its first checkout is not refused (strategy_not_approved). */
async function approvedStrategy(tx: Tx, actor: Actor, companyId: string, ceoId: string) {
  const approval = await tx.approval.create({
    data: {
      companyId, type: "approve_ceo_strategy", status: "approved", requestedByAgentId: ceoId,
      payload: { plan: STRATEGY } satisfies Prisma.InputJsonObject,
      decisionNote: "Approved with the demo company, so its CEO can start at once.",
      decidedByUserId: boardUserId(actor), decidedAt: new Date(),
    },
  });
  await recordActivity(tx, actor, {
    companyId, action: "approval.approved", entityType: "approval", entityId: approval.id,
    details: { type: approval.type, decisionNote: approval.decisionNote },
  });
}

export async function createDemoCompany(ctx: ServiceContext) {
  requireInstanceAdmin(ctx.actor);
  const actor = ctx.actor;
  const made = await inTx(ctx, async (tx) => {
    const issuePrefix = await pickPrefix(tx, { name: "Demo" });
    const company = await insertCompany(tx, actor, {
      name: "Demo company", issuePrefix, budgetMonthlyCents: 1000,
      description: "A demo: two scripted agents show how work moves through Charter.",
    });
    const ceo = await insertAgent(tx, ctx, company.id, demoAgent("Ada", "ceo", "CEO (demo script)", null), { status: "idle" });
    const engineer = await insertAgent(tx, ctx, company.id, demoAgent("Grace", "engineer", "Engineer (demo script)", ceo.id), { status: "idle" });
    await approvedStrategy(tx, actor, company.id, ceo.id);
    const issue = await insertIssue(prismaExec(tx), company.id, {
      title: "Write a welcome note for new board members", description: TASK_DESCRIPTION, priority: "high", assigneeAgentId: ceo.id,
    }, "todo", actor, { reason: "assignment", payload: {} });
    return { company, ceo, engineer, issue };
  });
  return {
    company: companyDto(made.company, 0),
    agents: await agentDtos(ctx.db, made.company.id, [made.ceo, made.engineer]),
    issue: issueDto(made.issue),
    boardPath: `/${made.company.issuePrefix}/issues/${made.issue.identifier}`,
  };
}
