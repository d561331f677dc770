// The reads board pages make under a company's prefix: the company is part of each query, so a row
// of another of the user's own companies is not found there; and the directory of names in one query
// says what the five list endpoints say.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { actorFromBearer } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/services/context";
import { getProject } from "@/lib/services/projects/crud";
import { getIssueDetail } from "@/lib/services/issues/queries";
import { getApproval } from "@/lib/services/approvals/crud";
import { getRun } from "@/lib/services/heartbeat-runs";
import { getAgent, listAgents } from "@/lib/services/agents/crud";
import { listProjects } from "@/lib/services/projects/crud";
import { listGoals } from "@/lib/services/goals";
import { listLabels } from "@/lib/services/labels";
import { listMembers } from "@/lib/services/members";
import { getCompanyDirectory } from "@/lib/services/directory";
import { addMember, createAgent, createCompany, createWorld, mintRunKey } from "../factories";

async function twoCompanies() {
  const w = await createWorld();
  const other = await createCompany();
  await addMember(other.id, w.owner.id, "owner");
  const otherCeo = await createAgent(other.id, { name: w.ceo.name, role: "ceo" });
  const ctx: ServiceContext = { db: db(), actor: (await actorFromBearer(w.tokens.owner))! };
  const project = await db().project.create({ data: { companyId: w.company.id, name: "Apollo" } });
  const issue = await db().issue.create({ data: { companyId: w.company.id, number: 1, identifier: `${w.company.issuePrefix}-1`, title: "Fix it", projectId: project.id } });
  const approval = await db().approval.create({ data: { companyId: w.company.id, type: "approve_ceo_strategy", requestedByAgentId: w.ceo.id, payload: { plan: "x" } } });
  const { run } = await mintRunKey(w.engineer);
  return { w, other, otherCeo, ctx, project, issue, approval, run };
}

const notFound = expect.objectContaining({ code: "not_found" });

describe("reads scoped to the page's company", () => {
  it("find a row in its own company and nothing under another company of the same user", async () => {
    const { w, other, otherCeo, ctx, project, issue, approval, run } = await twoCompanies();
    expect((await getProject(ctx, project.id, w.company.id)).id).toBe(project.id);
    expect((await getIssueDetail(ctx, issue.identifier, w.company.id)).id).toBe(issue.id);
    expect((await getApproval(ctx, approval.id, w.company.id)).id).toBe(approval.id);
    expect((await getRun(ctx, run.id, w.company.id)).id).toBe(run.id);
    await expect(getProject(ctx, project.id, other.id)).rejects.toEqual(notFound);
    await expect(getIssueDetail(ctx, issue.id, other.id)).rejects.toEqual(notFound);
    await expect(getApproval(ctx, approval.id, other.id)).rejects.toEqual(notFound);
    await expect(getRun(ctx, run.id, other.id)).rejects.toEqual(notFound);
    // the same urlKey in both companies: each prefix finds its own agent, by urlKey or id
    expect((await getAgent(ctx, w.ceo.urlKey, w.company.id)).id).toBe(w.ceo.id);
    expect((await getAgent(ctx, w.ceo.urlKey, other.id)).id).toBe(otherCeo.id);
    await expect(getAgent(ctx, w.ceo.urlKey)).rejects.toEqual(expect.objectContaining({ code: "conflict" }));
    await expect(getAgent(ctx, w.engineer.id, other.id)).rejects.toEqual(notFound);
  });

  it("find nothing in a company the caller cannot see, even when named explicitly", async () => {
    const { w, project } = await twoCompanies();
    const stranger = await createWorld();
    const ctx: ServiceContext = { db: db(), actor: (await actorFromBearer(stranger.tokens.owner))! };
    await expect(getProject(ctx, project.id, w.company.id)).rejects.toEqual(notFound);
  });
});

describe("the company directory", () => {
  it("holds what the agent, project, goal, label and member lists hold, in their order", async () => {
    const { w, ctx } = await twoCompanies();
    await db().goal.create({ data: { companyId: w.company.id, title: "Grow", level: "company" } });
    await db().label.createMany({ data: [{ companyId: w.company.id, name: "zeta", color: "#000000" }, { companyId: w.company.id, name: "alpha", color: "#ffffff" }] });
    const all = { limit: 500 };
    const [directory, agents, projects, goals, labels, members] = await Promise.all([
      getCompanyDirectory(ctx, w.company.id),
      listAgents(ctx, w.company.id, all), listProjects(ctx, w.company.id, all), listGoals(ctx, w.company.id, all),
      listLabels(ctx, w.company.id, all), listMembers(ctx, w.company.id, all),
    ]);
    expect(directory.agents).toEqual(agents.items.map((a) => ({ id: a.id, name: a.name, urlKey: a.urlKey, role: a.role, icon: a.icon, status: a.status })));
    expect(directory.projects).toEqual(projects.items.map((p) => ({ id: p.id, name: p.name, status: p.status })));
    expect(directory.goals).toEqual(goals.items.map((g) => ({ id: g.id, title: g.title, level: g.level, status: g.status, parentId: g.parentId })));
    expect(directory.labels.map((l) => l.name)).toEqual(["alpha", "zeta"]);
    expect(directory.labels).toEqual(labels.items.map((l) => ({ id: l.id, name: l.name, color: l.color })));
    expect(directory.users).toEqual(Object.fromEntries(members.items.map((m) => [m.userId, m.name])));
    expect(directory.agents).toHaveLength(3);
  });

  it("leaves out the members for an agent, who may not read them", async () => {
    const w = await createWorld();
    const ctx: ServiceContext = { db: db(), actor: (await actorFromBearer(w.tokens.engineer))! };
    const directory = await getCompanyDirectory(ctx, w.company.id);
    expect(directory.users).toEqual({});
    expect(directory.agents).toHaveLength(3);
  });
});
