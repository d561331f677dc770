// Company import of the layouts published packages use: top-level tasks with `owner`, JSON-quoted
// front matter, a figurio-shaped .paperclip.yaml, teams/, a goals/ tree, binaries and scripts; and
// Charter's own export with its .charter.yaml manifest.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { readInstructionsBundle } from "@/lib/services/agents/instructions-files";
import { client } from "../support/api";
import { createWorld } from "../factories";
import { fixture } from "../support/packages";

const apply = (token: string, companyId: string, body: Record<string, unknown>) => client(token).post(`/api/companies/${companyId}/imports/apply`, body);

describe("a figurio-shaped package", () => {
  it("imports agents, goals tree, recurring and top-level tasks; everything unmappable is a warning", async () => {
    const w = await createWorld();
    const res = await apply(w.tokens.owner, w.company.id, {
      source: { type: "inline", files: fixture("figurio-shape") }, include: { issues: true }, target: { mode: "new_company" },
    });
    expect(res.status).toBe(201);
    const companyId = res.body.company.id;
    const company = await db().company.findUniqueOrThrow({ where: { id: companyId } });
    expect(company.name).toBe("Figure Works");
    expect(company.logoAssetId).not.toBeNull();
    expect(await db().asset.findUniqueOrThrow({ where: { id: company.logoAssetId! } })).toMatchObject({ contentType: "image/png", companyId });
    const agents = await db().agent.findMany({ where: { companyId } });
    const roles = Object.fromEntries(agents.map((a) => [a.urlKey, [a.role, a.adapterType, a.budgetMonthlyCents]]));
    expect(roles).toEqual({ ceo: ["ceo", "process", 0], builder: ["engineer", "process", 0], ops: ["manager", "process", 0] });
    expect(agents.every((a) => JSON.stringify(a.adapterConfig) === "{}")).toBe(true);
    const ceo = agents.find((a) => a.urlKey === "ceo")!;
    expect((await readInstructionsBundle(db(), companyId, ceo.id)).files.map((f) => f.path)).toEqual(["AGENTS.md", "HEARTBEAT.md"]);
    const goals = await db().goal.findMany({ where: { companyId }, orderBy: { createdAt: "asc" } });
    const grow = goals.find((g) => g.title === "Grow revenue")!;
    expect(goals.map((g) => [g.title, g.level, g.status, g.parentId === grow.id])).toEqual([
      ["Grow revenue", "company", "active", false], ["Sell a thousand figurines", "company", "active", false], ["Keep customers", "team", "planned", true],
    ]);
    expect(grow.ownerAgentId).toBe(ceo.id);
    const issues = await db().issue.findMany({ where: { companyId }, orderBy: { number: "asc" } });
    expect(issues.map((i) => [i.title, i.status, i.priority, agents.find((a) => a.id === i.assigneeAgentId)?.urlKey])).toEqual([
      ["Fix the login page", "todo", "critical", "builder"], ["Weekly report", "backlog", "medium", "ops"],
    ]);
    expect(res.body.requiredSecrets).toEqual([
      { key: "STRIPE_SECRET_KEY", agentSlug: null, requirement: "required", declaredIn: "COMPANY.md" },
      { key: "SENTRY_TOKEN", agentSlug: null, requirement: "optional", declaredIn: "COMPANY.md" },
      { key: "GH_TOKEN", agentSlug: null, requirement: "required", declaredIn: ".paperclip.yaml" },
      { key: "ELEVENLABS_API_KEY", agentSlug: null, requirement: "optional", declaredIn: ".paperclip.yaml" },
    ]);
    const warnings: string[] = res.body.warnings;
    for (const expected of [
      "agents/builder/AGENTS.md: role \"devops\" mapped to engineer",
      "agents/ops/AGENTS.md: role \"head\" mapped to manager",
      ".paperclip.yaml: adapter codex is not in Charter; default adapter, no command",
      ".paperclip.yaml: agent ceo: env AGENT_EMAIL, CREDENTIALS_FILE not set (values are system-dependent; set them on the agent)",
      ".paperclip.yaml: agent ceo: keys not imported: monthlyBudget, plugins",
      "agents/builder: 1 file not imported (runtime/.codex/config.toml)",
      "executable content not imported: 1 file (scripts/setup.sh)",
      "1 team not imported (core); the org chart comes from reportsTo",
      "tasks/weekly-report/TASK.md: recurring; imported as a plain backlog issue",
      ".paperclip.yaml: env MEDIA_OUTPUT_DIR not set (values are system-dependent; set them on the agents)",
    ]) expect(warnings).toContain(expected);
    expect(warnings.some((x) => x.startsWith("no licence"))).toBe(false);
    // nothing of the package ran, and no env value was set anywhere
    expect(agents.every((a) => !("env" in (a.adapterConfig as object)))).toBe(true);
  });
});

describe("Charter's own export layout (.charter.yaml)", () => {
  it("takes company settings, roles, icons, adapters, goals with parents, project details and issue order from the manifest", async () => {
    const w = await createWorld();
    const res = await apply(w.tokens.owner, w.company.id, {
      source: { type: "inline", files: fixture("acme-export") }, include: { issues: true }, target: { mode: "new_company", newCompanyName: "Acme Two" },
    });
    expect(res.status).toBe(201);
    const companyId = res.body.company.id;
    expect(await db().company.findUniqueOrThrow({ where: { id: companyId } })).toMatchObject({
      name: "Acme Two", description: "Rockets for everyone", brandColor: "#336699", requireBoardApprovalForNewAgents: false, budgetMonthlyCents: 90000,
    });
    const agents = await db().agent.findMany({ where: { companyId } });
    const by = Object.fromEntries(agents.map((a) => [a.urlKey, a]));
    expect(by["milo-manager"]).toMatchObject({
      role: "manager", icon: "code", capabilities: "Plans sprints", budgetMonthlyCents: 5000, adapterType: "claude_local",
      adapterConfig: { model: "claude-sonnet-4-6", timeoutSec: 900 }, reportsToId: by["cora-chief"].id,
    });
    expect(by["cora-chief"]).toMatchObject({ role: "ceo", icon: "crown" });
    expect(by["eli-engineer"]).toMatchObject({ role: "engineer", adapterType: "codex_local", reportsToId: by["milo-manager"].id });
    const goals = await db().goal.findMany({ where: { companyId } });
    const ship = goals.find((g) => g.title === "Ship it")!;
    expect(goals.find((g) => g.title === "Stay clean")).toMatchObject({ parentId: ship.id, level: "team", status: "planned", ownerAgentId: by["milo-manager"].id });
    expect(goals).toHaveLength(2);
    const project = await db().project.findFirstOrThrow({ where: { companyId }, include: { workspaces: true, goals: true } });
    expect(project).toMatchObject({ name: "Apollo", status: "active", leadAgentId: by["milo-manager"].id });
    expect(project.targetDate?.toISOString().slice(0, 10)).toBe("2026-12-01");
    expect(project.goals.map((g) => g.goalId)).toEqual([ship.id]);
    expect(project.workspaces.map((x) => [x.name, x.repoUrl, x.repoRef, x.isPrimary, x.cwd])).toEqual([["apollo", "https://github.com/acme/apollo", "main", true, null]]);
    const issues = await db().issue.findMany({ where: { companyId }, orderBy: { number: "asc" } });
    expect(issues.map((i) => [i.number, i.title, i.status])).toEqual([
      [1, "Design the rocket", "todo"], [2, "Build the rocket", "in_progress"], [3, "Unassigned work in progress", "todo"],
    ]);
    expect(issues[1].parentId).toBe(issues[0].id);
    expect(issues[1].goalId).toBe(ship.id);
    expect(res.body.requiredSecrets).toEqual([{ key: "OPENAI_API_KEY", agentSlug: "milo-manager", requirement: "optional", declaredIn: ".charter.yaml" }]);
    expect(res.body.warnings).toContain(".charter.yaml: agent milo-manager: env LOG_FORMAT not set (values are system-dependent; set them on the agent)");
    const milo = await readInstructionsBundle(db(), companyId, by["milo-manager"].id);
    expect(milo.files).toEqual([{ path: "AGENTS.md", content: "You manage the engineers.\n" }, { path: "TOOLS.md", content: "Use the issue tracker for everything.\n" }]);
    expect((await readInstructionsBundle(db(), companyId, by["eli-engineer"].id)).files).toEqual([]);
  });

  it("leaves out company settings and goals with include.company false, and issues by default (counted in a warning)", async () => {
    const w = await createWorld();
    const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/imports/preview`, {
      source: { type: "inline", files: fixture("acme-export") }, include: { company: false }, target: { mode: "new_company" },
    });
    expect(res.status).toBe(200);
    expect(res.body.plan.goalPlans).toEqual([]);
    expect(res.body.plan.issuePlans).toEqual([]);
    expect(res.body.warnings).toContain("3 tasks not imported (include.issues is false)");
    expect(res.body.targetCompanyName).toBe("Acme");
  });
});

describe("a package under rootPath", () => {
  it("strips the root and ignores files outside it", async () => {
    const w = await createWorld();
    const files = Object.fromEntries(Object.entries(fixture("lumen-studio")).map(([p, f]) => [`packages/lumen/${p}`, f]));
    files["other/COMPANY.md"] = "---\nname: Other\n---\n";
    const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/imports/preview`, {
      source: { type: "inline", files, rootPath: "packages/lumen" }, target: { mode: "new_company" },
    });
    expect(res.status).toBe(200);
    expect(res.body.targetCompanyName).toBe("Lumen Studio");
    expect(res.body.plan.agentPlans).toHaveLength(3);
    expect(res.body.source).toEqual({ type: "inline", url: null, ref: null, path: "packages/lumen", commit: null });
  });
});

describe("references, loops, includes and long text", () => {
  it("cuts reporting and parent loops where they close, drops references to nothing, follows local includes, cuts long names", async () => {
    const w = await createWorld();
    const files = {
      "COMPANY.md": "---\nname: Loops\nlicense: MIT\nincludes:\n  - people/alice/AGENTS.md\n  - https://example.com/remote/AGENTS.md\n---\n",
      "agents/a/AGENTS.md": "---\nname: A\nreportsTo: b\n---\n",
      "agents/b/AGENTS.md": "---\nname: B\nreportsTo: ../a\n---\n",
      "agents/c/AGENTS.md": "---\nname: C\nreportsTo: nobody-here\n---\n",
      "people/alice/AGENTS.md": `---\nname: ${"Alice".repeat(30)}\nreportsTo: ../../agents/a/AGENTS.md\n---\nHi.\n`,
      "AGENTS.md": "---\nname: Repository Agent\n---\nThe repository's own instructions, not an agent.\n",
      "tasks/x/TASK.md": { encoding: "base64", data: Buffer.from("---\nname: X\n---\nbody\u0000with NUL\n").toString("base64"), contentType: "text/markdown" },
      "tasks/y/TASK.md": "---\nname: Y\n---\n",
      ".charter.yaml": "schema: charter/v1\ntasks:\n  x: { parent: y }\n  y: { parent: x }\n",
    };
    const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/imports/preview`, {
      source: { type: "inline", files }, include: { issues: true }, target: { mode: "new_company" },
    });
    expect(res.status).toBe(200);
    const agents = res.body.plan.agentPlans.map((a: { slug: string; reportsToSlug: string | null; role: string }) => [a.slug, a.reportsToSlug, a.role]);
    expect(agents).toEqual([["a", "b", "manager"], ["b", null, "manager"], ["c", null, "general"], ["alice", "a", "general"]]);
    expect(res.body.plan.agentPlans[3].plannedName).toBe("Alice".repeat(20));
    expect(res.body.warnings).toEqual(expect.arrayContaining([
      "agents/b/AGENTS.md: reportsTo \"../a\" would close a reporting loop; cut",
      "agents/c/AGENTS.md: reportsTo \"nobody-here\" names no agent of the import; it reports to nobody",
      "COMPANY.md: include https://example.com/remote/AGENTS.md is not local; not fetched",
      "people/alice/AGENTS.md: name: longer than 100 characters; cut",
      "tasks/x/TASK.md: NUL characters removed",
      "task y: parent \"x\" would close a loop; cut",
    ]));
    const applied = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/imports/apply`, {
      source: { type: "inline", files }, include: { issues: true }, target: { mode: "new_company" },
    });
    expect(applied.status).toBe(201);
    const issues = await db().issue.findMany({ where: { companyId: applied.body.company.id }, orderBy: { number: "asc" } });
    expect(issues.map((i) => [i.title, i.description, issues.find((p) => p.id === i.parentId)?.title ?? null])).toEqual([["X", "bodywith NUL", "Y"], ["Y", "", null]]);
  });
});
