// Export, then import as a new company: the org chart, goals, projects, issues (when included) and
// every agent's instructions come back; instructions byte for byte, also after an edit in between.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { createAgent, createWorld } from "../factories";

type World = Awaited<ReturnType<typeof createWorld>>;

/** A company with an org chart, instructions, goals, a project with a workspace, and issues. */
async function seeded(): Promise<World> {
  const w = await createWorld();
  const api = client(w.tokens.owner);
  const co = w.company.id;
  await createAgent(co, { name: "Quinn Tester", role: "qa", reportsToId: w.manager.id });
  const put = async (agentId: string, files: { path: string; content: string }[]) => {
    const res = await api.put(`/api/agents/${agentId}/instructions`, { files });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  await put(w.ceo.id, [{ path: "AGENTS.md", content: "# Chief\n\nLead the company.\n\n  indented line\ttab\n" }, { path: "SOUL.md", content: "Kind, exact — ünïcødé ✓\n" }]);
  await put(w.manager.id, [{ path: "AGENTS.md", content: "No trailing newline" }]);
  const goal = (await api.post(`/api/companies/${co}/goals`, { title: "Reach orbit", description: "The first goal." })).body;
  await api.post(`/api/companies/${co}/goals`, { title: "Stay safe", level: "team", status: "planned", parentId: goal.id, ownerAgentId: w.manager.id });
  const project = (await api.post(`/api/companies/${co}/projects`, {
    name: "Apollo", description: "The launch.", status: "active", leadAgentId: w.manager.id, targetDate: "2026-12-01", goalIds: [goal.id],
    workspace: { name: "apollo", repoUrl: "https://github.com/acme/apollo", repoRef: "main" },
  })).body;
  const first = (await api.post(`/api/companies/${co}/issues`, { title: "Design", projectId: project.id, goalId: goal.id, assigneeAgentId: w.engineer.id, priority: "high" })).body;
  const build = (await api.post(`/api/companies/${co}/issues`, { title: "Build", description: "All of it.", parentId: first.id, assigneeAgentId: w.engineer.id, blockedByIssueIds: [first.id] })).body;
  await api.post(`/api/companies/${co}/issues`, { title: "Someday", blockedByIssueIds: [first.id, build.id] });
  return w;
}

async function orgOf(companyId: string) {
  const agents = await db().agent.findMany({ where: { companyId, status: { not: "terminated" } } });
  const name = (id: string | null) => agents.find((a) => a.id === id)?.name ?? null;
  const instructions = await db().agentInstructionsFile.findMany({ where: { companyId }, orderBy: { path: "asc" } });
  return {
    agents: agents.map((a) => ({
      name: a.name, role: a.role, title: a.title, reportsTo: name(a.reportsToId), adapterType: a.adapterType, budget: a.budgetMonthlyCents,
      instructions: instructions.filter((f) => f.agentId === a.id).map((f) => [f.path, f.content]),
    })).sort((x, y) => x.name.localeCompare(y.name)),
    goals: (await db().goal.findMany({ where: { companyId } })).map((g) => ({ title: g.title, level: g.level, status: g.status, description: g.description, owner: name(g.ownerAgentId) })).sort((x, y) => x.title.localeCompare(y.title)),
    projects: (await db().project.findMany({ where: { companyId }, include: { workspaces: true } })).map((p) => ({
      name: p.name, description: p.description, status: p.status, lead: name(p.leadAgentId), targetDate: p.targetDate?.toISOString() ?? null,
      workspaces: p.workspaces.map((x) => [x.name, x.repoUrl, x.repoRef, x.isPrimary]),
    })),
  };
}

async function issuesOf(companyId: string) {
  const rows = await db().issue.findMany({ where: { companyId }, orderBy: { number: "asc" } });
  const agents = await db().agent.findMany({ where: { companyId } });
  const edges = await db().issueBlocker.findMany({ where: { companyId } });
  const title = (id: string) => rows.find((r) => r.id === id)?.title;
  return rows.map((i) => ({
    blockedBy: edges.filter((e) => e.issueId === i.id).map((e) => title(e.blockerIssueId)).sort(),
    number: i.number, title: i.title, description: i.description, status: i.status, priority: i.priority,
    assignee: agents.find((a) => a.id === i.assigneeAgentId)?.name ?? null, parent: rows.find((r) => r.id === i.parentId)?.title ?? null,
    hasProject: i.projectId !== null, hasGoal: i.goalId !== null,
  }));
}

async function exportAndImport(w: World, include: Record<string, boolean>) {
  const exported = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/exports`, { include });
  expect(exported.status, JSON.stringify(exported.body)).toBe(200);
  const imported = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/imports/apply`, {
    source: { type: "inline", files: exported.body.files }, include, target: { mode: "new_company", newCompanyName: "Round Trip" },
  });
  expect(imported.status, JSON.stringify(imported.body)).toBe(201);
  return { exported: exported.body, imported: imported.body };
}

describe("round trip: export, then import as a new company", () => {
  it("reproduces the org chart, goals, projects, issues and instructions byte for byte", async () => {
    const w = await seeded();
    const { imported } = await exportAndImport(w, { issues: true });
    const copy = imported.company.id;
    const [before, after] = [await orgOf(w.company.id), await orgOf(copy)];
    expect(after).toEqual({ ...before, agents: before.agents.map((a) => ({ ...a, adapterType: a.adapterType })) });
    expect((await issuesOf(w.company.id)).find((i) => i.title === "Someday")?.blockedBy).toEqual(["Build", "Design"]);
    expect(await issuesOf(copy)).toEqual(await issuesOf(w.company.id));
    const company = await db().company.findUniqueOrThrow({ where: { id: copy } });
    expect(company).toMatchObject({ name: "Round Trip", description: w.company.description, requireBoardApprovalForNewAgents: w.company.requireBoardApprovalForNewAgents });
  });

  it("leaves issues behind unless asked, and an edit of instructions travels too", async () => {
    const w = await seeded();
    const edited = "# Chief\n\nEdited after the first export.\n";
    expect((await client(w.tokens.owner).put(`/api/agents/${w.ceo.id}/instructions`, { files: [{ path: "AGENTS.md", content: edited }] })).status).toBe(200);
    const { imported } = await exportAndImport(w, {});
    expect(await db().issue.count({ where: { companyId: imported.company.id } })).toBe(0);
    const ceo = imported.agents.find((a: { name: string }) => a.name === w.ceo.name);
    const files = await db().agentInstructionsFile.findMany({ where: { agentId: ceo.id } });
    expect(files.map((f) => [f.path, f.content])).toEqual([["AGENTS.md", edited]]);
  });
});
