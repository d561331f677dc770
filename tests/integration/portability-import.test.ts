// Company import: the worked example's exact preview, apply into a new company and into the route's
// own company, collisions, the caller rules and what an import never does (wake, set env, run).
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { createBoardUser, createWorld } from "../factories";
import { readInstructionsBundle } from "@/lib/services/agents/instructions-files";
import { fixture } from "../support/packages";

const dropNulls = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.map(dropNulls);
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== null).map(([k, x]) => [k, dropNulls(x)]));
  return v;
};

const lumen = () => ({ type: "inline", files: fixture("lumen-studio") });
const importUrl = (companyId: string, what: "preview" | "apply") => `/api/companies/${companyId}/imports/${what}`;

describe("the worked example (lumen-studio)", () => {
  it("previews exactly the documented plan for a board admin, writing nothing", async () => {
    const w = await createWorld();
    const before = { companies: await db().company.count(), activity: await db().activityLog.count() };
    const res = await client(w.tokens.owner).post(importUrl(w.company.id, "preview"), {
      source: lumen(), include: { issues: true }, target: { mode: "new_company", newCompanyName: "Lumen Copy" },
    });
    expect(res.status).toBe(200);
    const { include, ...rest } = res.body;
    expect(include).toEqual({ company: true, agents: true, projects: true, issues: true });
    expect(dropNulls(rest)).toEqual({
      targetCompanyName: "Lumen Copy", collisionStrategy: "rename", source: { type: "inline" },
      plan: {
        companyAction: "create",
        agentPlans: [
          { slug: "ceo", action: "create", plannedName: "Ada", role: "ceo", status: "idle", adapterType: "process" },
          { slug: "cto", action: "create", plannedName: "Ben", role: "manager", reportsToSlug: "ceo", status: "idle", adapterType: "claude_local" },
          { slug: "qa", action: "create", plannedName: "Quinn", role: "general", reportsToSlug: "cto", status: "idle", adapterType: "process" },
        ],
        projectPlans: [{ slug: "web", action: "create", plannedName: "Website" }],
        issuePlans: [{ slug: "launch", action: "create", plannedTitle: "Ship the launch page", projectSlug: "web", assigneeSlug: "qa" }],
        goalPlans: [{ key: "launch-the-site", action: "create", plannedTitle: "Launch the site" }],
        routinePlans: [],
      },
      requiredSecrets: [{ key: "GH_TOKEN", agentSlug: "cto", requirement: "required", declaredIn: ".paperclip.yaml" }],
      warnings: [
        "agents/cto/AGENTS.md: role \"cto\" mapped to manager",
        ".paperclip.yaml: agent cto: adapter key cwd not imported (machine path)",
        ".paperclip.yaml: agent qa: adapter opencode_local is not in Charter; default adapter, no command",
        "1 skill not imported (code-review); agent skills: ceo [code-review]",
      ],
      errors: [],
    });
    expect({ companies: await db().company.count(), activity: await db().activityLog.count() }).toEqual(before);
  });

  it("applies it as a new company: org chart, adapters, instructions, goal, project, issue, memberships, one transaction's rows", async () => {
    const w = await createWorld();
    const admin = await createBoardUser({ companyId: w.company.id, role: "admin" });
    const res = await client(admin.token).post(importUrl(w.company.id, "apply"), {
      source: lumen(), include: { issues: true }, target: { mode: "new_company", newCompanyName: "Lumen Copy" },
    });
    expect(res.status).toBe(201);
    const companyId = res.body.company.id;
    expect(res.body.company).toMatchObject({ name: "Lumen Copy", action: "created" });
    const agents = await db().agent.findMany({ where: { companyId }, orderBy: { name: "asc" } });
    const byName = Object.fromEntries(agents.map((a) => [a.name, a]));
    expect(agents.map((a) => [a.name, a.role, a.status, a.adapterType, a.urlKey])).toEqual([
      ["Ada", "ceo", "idle", "process", "ceo"], ["Ben", "manager", "idle", "claude_local", "cto"], ["Quinn", "general", "idle", "process", "qa"],
    ]);
    expect(byName.Ben.reportsToId).toBe(byName.Ada.id);
    expect(byName.Quinn.reportsToId).toBe(byName.Ben.id);
    expect(byName.Ada.reportsToId).toBeNull();
    expect(byName.Ben.adapterConfig).toEqual({ model: "claude-sonnet-4-6" });
    for (const a of agents) expect(a.runtimeConfig).toEqual({ heartbeat: { enabled: false } });
    expect(await db().agentConfigRevision.count({ where: { companyId } })).toBe(6);
    const files = fixture("lumen-studio");
    expect((await readInstructionsBundle(db(), companyId, byName.Ben.id)).files).toEqual([
      { path: "AGENTS.md", content: "You are Ben, the CTO. Keep the site fast and the team unblocked.\n" },
      { path: "SOUL.md", content: files["agents/cto/SOUL.md"] },
    ]);
    expect((await readInstructionsBundle(db(), companyId, byName.Quinn.id)).files.map((f) => f.path)).toEqual(["AGENTS.md"]);
    const memberships = await db().membership.findMany({ where: { companyId } });
    expect(memberships.map((m) => [m.userId, m.role]).sort()).toEqual([[w.owner.id, "owner"], [admin.user.id, "admin"]].sort());
    const [goal] = await db().goal.findMany({ where: { companyId } });
    expect(goal).toMatchObject({ title: "Launch the site", level: "company", status: "active" });
    const [project] = await db().project.findMany({ where: { companyId } });
    expect(project).toMatchObject({ name: "Website", leadAgentId: byName.Ben.id, description: "The studio's own website." });
    const [issue] = await db().issue.findMany({ where: { companyId } });
    const company = await db().company.findUniqueOrThrow({ where: { id: companyId } });
    expect(issue).toMatchObject({
      title: "Ship the launch page", identifier: `${company.issuePrefix}-1`, number: 1, status: "todo", priority: "high",
      assigneeAgentId: byName.Quinn.id, projectId: project.id, description: "Build, test and publish the launch page.",
    });
    expect(company.issueCounter).toBe(1);
    expect(await db().wakeRequest.count({ where: { companyId } })).toBe(0);
    const actions = (await db().activityLog.findMany({ where: { companyId } })).map((a) => a.action);
    expect(actions.filter((a) => a === "company.imported")).toHaveLength(1);
    expect(actions).toEqual(expect.arrayContaining(["company.created", "agent.created", "goal.created", "project.created", "issue.created"]));
    expect(res.body.requiredSecrets).toEqual([{ key: "GH_TOKEN", agentSlug: "cto", requirement: "required", declaredIn: ".paperclip.yaml" }]);
    expect(res.body.issues).toEqual([{ slug: "launch", id: issue.id, identifier: issue.identifier, action: "created" }]);
  });

  it("gives the CEO agent the default adapter and, under the approval policy, pending agents each with a hire_agent approval", async () => {
    const w = await createWorld();
    await db().company.update({ where: { id: w.company.id }, data: { requireBoardApprovalForNewAgents: true, budgetMonthlyCents: 777 } });
    const preview = await client(w.tokens.ceo).post(importUrl(w.company.id, "preview"), { source: lumen(), target: { mode: "new_company" } });
    expect(preview.status).toBe(200);
    expect(preview.body.plan.agentPlans.map((a: { adapterType: string; status: string }) => [a.adapterType, a.status])).toEqual([
      ["process", "pending_approval"], ["process", "pending_approval"], ["process", "pending_approval"],
    ]);
    const res = await client(w.tokens.ceo).post(importUrl(w.company.id, "apply"), { source: lumen(), target: { mode: "new_company" } });
    expect(res.status).toBe(201);
    const companyId = res.body.company.id;
    const company = await db().company.findUniqueOrThrow({ where: { id: companyId } });
    expect(company).toMatchObject({ name: "Lumen Studio", requireBoardApprovalForNewAgents: true, budgetMonthlyCents: 0 });
    const agents = await db().agent.findMany({ where: { companyId } });
    for (const a of agents) expect([a.status, a.adapterType, a.adapterConfig]).toEqual(["pending_approval", "process", {}]);
    const approvals = await db().approval.findMany({ where: { companyId } });
    expect(approvals).toHaveLength(3);
    for (const ap of approvals) {
      expect(ap).toMatchObject({ type: "hire_agent", status: "pending", requestedByAgentId: null, requestedByUserId: null });
      expect(agents.map((a) => a.id)).toContain(ap.subjectAgentId);
      expect(ap.payload).toMatchObject({ agentId: ap.subjectAgentId, adapterType: "process" });
    }
    expect(res.body.agents.every((a: { approvalId: string | null }) => a.approvalId !== null)).toBe(true);
    // the route company's members come along; the CEO is no member
    expect((await db().membership.findMany({ where: { companyId } })).map((m) => [m.userId, m.role])).toEqual([[w.owner.id, "owner"]]);
  });
});

describe("into the route's own company", () => {
  it("only creates: a colliding agent and project are renamed, the existing CEO stays the CEO, goals by title are reused", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    await db().agent.update({ where: { id: w.engineer.id }, data: { name: "ben" } });
    await db().project.create({ data: { companyId: w.company.id, name: "Website" } });
    const goal = await db().goal.create({ data: { companyId: w.company.id, title: "Launch the site" } });
    const before = await db().company.findUniqueOrThrow({ where: { id: w.company.id } });
    const res = await api.post(importUrl(w.company.id, "apply"), { source: lumen(), target: { mode: "existing_company", companyId: w.company.issuePrefix } });
    expect(res.status).toBe(201);
    expect(res.body.company).toMatchObject({ id: w.company.id, action: "unchanged" });
    expect(res.body.agents.map((a: { name: string; action: string }) => [a.name, a.action])).toEqual([["Ada", "created"], ["Ben 2", "created"], ["Quinn", "created"]]);
    const ada = await db().agent.findFirstOrThrow({ where: { companyId: w.company.id, name: "Ada" } });
    expect(ada).toMatchObject({ role: "manager", reportsToId: w.ceo.id });
    expect(res.body.warnings).toContain("agents/ceo/AGENTS.md: the company already has a CEO; imported as a manager reporting to it");
    expect(res.body.projects.map((p: { name: string }) => p.name)).toEqual(["Website 2"]);
    expect(res.body.goals).toEqual([{ key: "launch-the-site", id: goal.id, action: "skipped", name: "Launch the site" }]);
    const after = await db().company.findUniqueOrThrow({ where: { id: w.company.id } });
    expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null });
    expect(await db().agent.findUniqueOrThrow({ where: { id: w.engineer.id } })).toMatchObject({ name: "ben", role: "engineer" });
  });

  it("skip points references at the existing rows", async () => {
    const w = await createWorld();
    await db().agent.update({ where: { id: w.manager.id }, data: { name: "Ben" } });
    const project = await db().project.create({ data: { companyId: w.company.id, name: "website" } });
    const res = await client(w.tokens.owner).post(importUrl(w.company.id, "apply"), {
      source: lumen(), include: { issues: true }, target: { mode: "existing_company", companyId: w.company.id }, collisionStrategy: "skip",
    });
    expect(res.status).toBe(201);
    expect(res.body.agents.find((a: { slug: string }) => a.slug === "cto")).toMatchObject({ action: "skipped", id: w.manager.id });
    const quinn = await db().agent.findFirstOrThrow({ where: { companyId: w.company.id, name: "Quinn" } });
    expect(quinn.reportsToId).toBe(w.manager.id);
    const issue = await db().issue.findFirstOrThrow({ where: { companyId: w.company.id, title: "Ship the launch page" } });
    expect(issue.projectId).toBe(project.id);
    expect(await db().agent.findUniqueOrThrow({ where: { id: w.manager.id } })).toMatchObject({ name: "Ben", adapterType: "process", role: "manager" });
  });

  it("from the CEO agent: pending agents whose approvals it requested, the package's CEO under it, nothing woken", async () => {
    const w = await createWorld();
    await db().company.update({ where: { id: w.company.id }, data: { requireBoardApprovalForNewAgents: true } });
    const res = await client(w.tokens.ceo).post(importUrl(w.company.id, "apply"), { source: lumen(), target: { mode: "existing_company", companyId: w.company.id } });
    expect(res.status).toBe(201);
    const created = await db().agent.findMany({ where: { id: { in: res.body.agents.map((a: { id: string }) => a.id) } } });
    expect(created.map((a) => a.status)).toEqual(["pending_approval", "pending_approval", "pending_approval"]);
    expect(created.find((a) => a.name === "Ada")).toMatchObject({ role: "manager", reportsToId: w.ceo.id });
    const approvals = await db().approval.findMany({ where: { companyId: w.company.id, type: "hire_agent" } });
    expect(approvals.map((a) => a.requestedByAgentId)).toEqual([w.ceo.id, w.ceo.id, w.ceo.id]);
    expect(await db().wakeRequest.count({ where: { companyId: w.company.id } })).toBe(0);
    const imported = await db().activityLog.findFirstOrThrow({ where: { companyId: w.company.id, action: "company.imported" } });
    expect(imported).toMatchObject({ actorType: "agent", actorId: w.ceo.id });
  });

  it("numbers issues from the company's counter", async () => {
    const w = await createWorld();
    await db().company.update({ where: { id: w.company.id }, data: { issueCounter: 41 } });
    const res = await client(w.tokens.owner).post(importUrl(w.company.id, "apply"), {
      source: lumen(), include: { issues: true, agents: false }, target: { mode: "existing_company", companyId: w.company.id },
    });
    expect(res.status).toBe(201);
    expect(res.body.issues[0].identifier).toBe(`${w.company.issuePrefix}-42`);
    expect(res.body.agents).toEqual([]);
    expect(res.body.warnings).toContain("projects/web/tasks/launch/TASK.md: assignee \"qa\" is not an imported agent; unassigned");
  });
});
