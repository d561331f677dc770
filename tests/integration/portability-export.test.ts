// POST /api/companies/:companyId/exports/preview and /exports (docs/design.md §10): the package's
// files and manifest, determinism, include flags, selectedFiles, what never leaves (secrets, env
// values, machine settings, terminated agents) and who may export.
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { images } from "../support/images";
import { companySnapshot } from "../support/snapshot";
import { addMember, createAgent, createCompany, createUser, mintBoardToken } from "../factories";

type Files = Record<string, string | { encoding: "base64"; data: string; contentType: string }>;

/** A markdown file's front matter (parsed) and body. */
function frontMatter(text: unknown): { data: Record<string, unknown>; body: string } {
  const m = /^---\n([\s\S]*?\n)---\n([\s\S]*)$/.exec(String(text));
  if (!m) throw new Error(`no front matter in ${String(text).slice(0, 80)}`);
  return { data: parse(m[1]), body: m[2] };
}

/** Acme: an org of four live agents and a terminated one, goals, two projects, issues and a logo. */
async function acme() {
  const company = await createCompany({
    name: "Acme Robotics", description: "We build robots.", brandColor: "#336699", budgetMonthlyCents: 90000, requireBoardApprovalForNewAgents: false,
  });
  const owner = await createUser();
  await addMember(company.id, owner.id, "owner");
  const ownerToken = await mintBoardToken(owner.id);
  const cora = await createAgent(company.id, { name: "Cora Chief", role: "ceo", adapterType: "claude_local", adapterConfig: { model: "claude-sonnet-4-6", timeoutSec: 900 } });
  const milo = await createAgent(company.id, { name: "Milo Manager", role: "manager", reportsToId: cora.id, budgetMonthlyCents: 5000 });
  const eve = await createAgent(company.id, { name: "Eve Engineer", role: "engineer", reportsToId: milo.id });
  const tom = await createAgent(company.id, { name: "Tom Gone", role: "manager", reportsToId: cora.id, status: "terminated" });
  const rex = await createAgent(company.id, { name: "Rex Orphan", role: "qa", reportsToId: tom.id });
  await db().agent.update({ where: { id: milo.id }, data: { title: "Head of Delivery", icon: "code", capabilities: "Plans and ships." } });

  const goal = (title: string, data: { level?: "company" | "team"; status?: "active" | "planned" | "cancelled"; parentId?: string; ownerAgentId?: string; description?: string }) =>
    db().goal.create({ data: { companyId: company.id, title, ...data } });
  const shipIt = await goal("Ship it", { description: "The first release.", ownerAgentId: cora.id });
  await goal("Stay clean", { level: "team", status: "planned", parentId: shipIt.id, ownerAgentId: milo.id });
  const again = await goal("Ship it", { status: "planned" });
  await goal("Old plan", { status: "cancelled", ownerAgentId: tom.id });

  const api = client(ownerToken);
  const made = async (res: Promise<{ status: number; body: any }>) => {
    const r = await res;
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
    return r.body;
  };
  const apollo = await made(api.post(`/api/companies/${company.id}/projects`, {
    name: "Apollo", description: "The launch.", status: "active", leadAgentId: milo.id, targetDate: "2026-12-01", goalIds: [shipIt.id, again.id],
    workspace: { name: "apollo", repoUrl: "https://x-access-token:ghs_repotoken123@github.com/acme/apollo", repoRef: "main", cwd: "/srv/apollo-checkout" },
  }));
  await made(api.post(`/api/projects/${apollo.id}/workspaces`, { name: "scratch", cwd: "/home/alice/scratch" }));
  const apollo2 = await made(api.post(`/api/companies/${company.id}/projects`, { name: "Apollo" }));
  await db().project.update({ where: { id: apollo2.id }, data: { leadAgentId: tom.id } });

  const issue = (body: Record<string, unknown>): Promise<{ id: string; identifier: string }> => made(api.post(`/api/companies/${company.id}/issues`, body));
  const build = await issue({ title: "Build it", description: "All of it.", projectId: apollo.id, goalId: shipIt.id, assigneeAgentId: eve.id, priority: "high" });
  const sub = await issue({ title: "Wire it", parentId: build.id, assigneeAgentId: eve.id });
  const mine = await issue({ title: "Owner's own", assigneeUserId: owner.id });
  const lost = await issue({ title: "Was Tom's" });
  await db().issue.update({ where: { id: lost.id }, data: { assigneeAgentId: tom.id } });
  const upload = await made(api.upload(`/api/companies/${company.id}/logo`, { bytes: images.png, name: "logo.png", type: "image/png" }));
  await made(api.patch(`/api/companies/${company.id}`, { logoAssetId: upload.assetId }));
  return { company, owner, ownerToken, agents: { cora, milo, eve, tom, rex }, issues: { build, sub, mine, lost } };
}

const exportOf = async (token: string, companyId: string, body: unknown = {}, preview = false) => {
  const res = await client(token).post(`/api/companies/${companyId}/exports${preview ? "/preview" : ""}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { rootPath: string; files: Files; warnings: string[]; fileInventory?: { path: string; kind: string }[]; counts?: Record<string, number> };
};

describe("the package", () => {
  it("holds COMPANY.md, each live agent, each project, the logo and the manifest, each in its documented shape", async () => {
    const a = await acme();
    const pkg = await exportOf(a.ownerToken, a.company.id, {}, true);
    expect(pkg.rootPath).toBe("acme-robotics");
    expect(Object.keys(pkg.files)).toEqual([
      ".charter.yaml", "COMPANY.md", "agents/cora-chief/AGENTS.md", "agents/eve-engineer/AGENTS.md", "agents/milo-manager/AGENTS.md",
      "agents/rex-orphan/AGENTS.md", "images/logo.png", "projects/apollo-2/PROJECT.md", "projects/apollo/PROJECT.md",
    ]);
    expect(pkg.fileInventory).toEqual(Object.keys(pkg.files).map((path) => ({
      path, kind: path === "COMPANY.md" ? "company" : path === ".charter.yaml" ? "extension" : path.startsWith("agents/") ? "agent" : path.startsWith("projects/") ? "project" : "other",
    })));
    expect(pkg.counts).toEqual({ files: 9, agents: 4, projects: 2, issues: 0, goals: 4 });

    const company = frontMatter(pkg.files["COMPANY.md"]);
    expect(company.data).toEqual({ name: "Acme Robotics", description: "We build robots.", slug: "acme-robotics", schema: "agentcompanies/v1", goals: ["Ship it"] });
    expect(Object.keys(company.data)).toEqual(["name", "description", "slug", "schema", "goals"]);
    expect(company.body).toBe("We build robots.");
    expect(frontMatter(pkg.files["agents/cora-chief/AGENTS.md"]).data).toEqual({ name: "Cora Chief", reportsTo: null });
    expect(frontMatter(pkg.files["agents/milo-manager/AGENTS.md"]).data).toEqual({ name: "Milo Manager", title: "Head of Delivery", reportsTo: "cora-chief" });
    expect(frontMatter(pkg.files["agents/eve-engineer/AGENTS.md"]).data).toEqual({ name: "Eve Engineer", reportsTo: "milo-manager" });
    // its manager is terminated and not in the package
    expect(frontMatter(pkg.files["agents/rex-orphan/AGENTS.md"]).data).toEqual({ name: "Rex Orphan", reportsTo: null });
    expect(frontMatter(pkg.files["projects/apollo/PROJECT.md"])).toEqual({ data: { name: "Apollo", description: "The launch.", owner: "milo-manager" }, body: "The launch." });
    expect(frontMatter(pkg.files["projects/apollo-2/PROJECT.md"])).toEqual({ data: { name: "Apollo" }, body: "" });
    expect(pkg.files["images/logo.png"]).toEqual({ encoding: "base64", data: Buffer.from(images.png).toString("base64"), contentType: "image/png" });

    expect(parse(pkg.files[".charter.yaml"] as string)).toEqual({
      schema: "charter/v1",
      company: { brandColor: "#336699", logoPath: "images/logo.png", requireBoardApprovalForNewAgents: false, budgetMonthlyCents: 90000 },
      agents: {
        "cora-chief": { role: "ceo", adapter: { type: "claude_local", config: { model: "claude-sonnet-4-6", timeoutSec: 900 } } },
        "eve-engineer": { role: "engineer", adapter: { type: "process" } },
        "milo-manager": { role: "manager", icon: "code", capabilities: "Plans and ships.", budgetMonthlyCents: 5000, adapter: { type: "process" } },
        "rex-orphan": { role: "qa", adapter: { type: "process" } },
      },
      goals: [
        { key: "ship-it", title: "Ship it", description: "The first release.", level: "company", status: "active", owner: "cora-chief" },
        { key: "stay-clean", title: "Stay clean", level: "team", status: "planned", parent: "ship-it", owner: "milo-manager" },
        { key: "ship-it-2", title: "Ship it", level: "company", status: "planned" },
        { key: "old-plan", title: "Old plan", level: "company", status: "cancelled" },
      ],
      projects: {
        apollo: { status: "active", targetDate: "2026-12-01", goals: ["ship-it", "ship-it-2"], workspaces: [{ name: "apollo", repoUrl: "https://github.com/acme/apollo", repoRef: "main", isPrimary: true }] },
        "apollo-2": { status: "planned" },
      },
    });
    expect(pkg.warnings).toEqual([
      "projects/apollo: workspace \"apollo\": its local directory (cwd) is not exported",
      "projects/apollo: workspace \"apollo\": credentials removed from its repository URL",
      "projects/apollo: workspace \"scratch\" has only a local directory (cwd); left out",
      "1 terminated agent not exported",
    ]);
    const text = JSON.stringify(pkg);
    for (const leak of ["ghs_repotoken123", "x-access-token", "/srv/apollo-checkout", "/home/alice/scratch", "Tom Gone", "tom-gone"]) expect(text).not.toContain(leak);
  });

  it("writes YAML with JSON-quoted strings and no anchors, aliases or tags", async () => {
    const a = await acme();
    const manifest = (await exportOf(a.ownerToken, a.company.id)).files[".charter.yaml"] as string;
    expect(manifest).toContain('  cora-chief:\n    role: "ceo"\n    adapter:\n      type: "claude_local"\n');
    for (const line of manifest.split("\n").filter(Boolean)) {
      const value = /^\s*(?:- )?(?:[^:"]+|"[^"]*"): (.+)$/.exec(line)?.[1];
      if (value !== undefined) expect(value, line).toMatch(/^(".*"|-?\d+|true|false|null|\[\]|\{\})$/);
    }
    expect(manifest).not.toMatch(/(^|\s)[&*!][^\s"]/m);
  });

  it("exports an unchanged company byte for byte the same, and the preview's files are the export's", async () => {
    const a = await acme();
    const first = await client(a.ownerToken).post(`/api/companies/${a.company.id}/exports`, { include: { issues: true } });
    const second = await client(a.ownerToken).post(`/api/companies/${a.company.id}/exports`, { include: { issues: true } });
    expect(second.text).toBe(first.text);
    const preview = await exportOf(a.ownerToken, a.company.id, { include: { issues: true } }, true);
    expect(JSON.stringify(preview.files)).toBe(JSON.stringify(first.body.files));
    expect(Object.keys(first.body.files)).toEqual([...Object.keys(first.body.files)].sort());
  });
});

describe("managed instructions", () => {
  it("AGENTS.md's body is the agent's bundle entry byte for byte, its other files beside it; no bundle, an empty body", async () => {
    const a = await acme();
    const entry = "# Milo\n\nYou plan the work.\n\n---\nNot front matter: a rule.\n  trailing spaces  \n\n";
    const soul = "Calm, exact, kind. é 😀\r\nCRLF kept.";
    const put = await client(a.ownerToken).put(`/api/agents/${a.agents.milo.id}/instructions`, {
      files: [{ path: "AGENTS.md", content: entry }, { path: "SOUL.md", content: soul }, { path: "HEARTBEAT.md", content: "" }],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const pkg = await exportOf(a.ownerToken, a.company.id, {}, true);
    const milo = pkg.files["agents/milo-manager/AGENTS.md"] as string;
    expect(milo.slice(milo.indexOf("\n---\n") + 5)).toBe(entry);
    expect(frontMatter(milo).body).toBe(entry);
    expect(pkg.files["agents/milo-manager/SOUL.md"]).toBe(soul);
    expect(pkg.files["agents/milo-manager/HEARTBEAT.md"]).toBe("");
    expect(pkg.fileInventory!.filter((f) => f.path.startsWith("agents/milo-manager/"))).toEqual(
      ["AGENTS.md", "HEARTBEAT.md", "SOUL.md"].map((f) => ({ path: `agents/milo-manager/${f}`, kind: "agent" })),
    );
    expect(frontMatter(pkg.files["agents/eve-engineer/AGENTS.md"]).body).toBe("");
    // unchanged bundle, unchanged bytes
    const again = await exportOf(a.ownerToken, a.company.id, {}, true);
    expect(JSON.stringify(again.files)).toBe(JSON.stringify(pkg.files));
  });
});

describe("tasks", () => {
  it("are left out unless asked for", async () => {
    const a = await acme();
    for (const body of [{}, { include: { issues: false } }]) {
      const pkg = await exportOf(a.ownerToken, a.company.id, body);
      expect(Object.keys(pkg.files).filter((p) => p.startsWith("tasks/"))).toEqual([]);
      expect(parse(pkg.files[".charter.yaml"] as string).tasks).toBeUndefined();
    }
  });

  it("come with include.issues: TASK.md per issue, the manifest's identifier, status, goal and parent, no board-user or terminated assignee", async () => {
    const a = await acme();
    const pkg = await exportOf(a.ownerToken, a.company.id, { include: { issues: true } }, true);
    const slug = (i: { identifier: string }) => i.identifier.toLowerCase();
    const { build, sub, mine, lost } = a.issues;
    expect(Object.keys(pkg.files).filter((p) => p.startsWith("tasks/"))).toEqual([build, sub, mine, lost].map((i) => `tasks/${slug(i)}/TASK.md`).sort());
    expect(pkg.fileInventory!.filter((f) => f.kind === "issue")).toHaveLength(4);
    expect(pkg.counts!.issues).toBe(4);
    expect(frontMatter(pkg.files[`tasks/${slug(build)}/TASK.md`])).toEqual({
      data: { name: "Build it", assignee: "eve-engineer", project: "apollo", priority: "high" }, body: "All of it.",
    });
    expect(frontMatter(pkg.files[`tasks/${slug(mine)}/TASK.md`]).data).toEqual({ name: "Owner's own", priority: "medium" });
    expect(frontMatter(pkg.files[`tasks/${slug(lost)}/TASK.md`]).data).toEqual({ name: "Was Tom's", priority: "medium" });
    expect(parse(pkg.files[".charter.yaml"] as string).tasks).toEqual({
      [slug(build)]: { identifier: build.identifier, status: "todo", goal: "ship-it" },
      [slug(sub)]: { identifier: sub.identifier, status: "todo", parent: slug(build) },
      [slug(mine)]: { identifier: mine.identifier, status: "todo" },
      [slug(lost)]: { identifier: lost.identifier, status: "backlog" },
    });
    expect(pkg.warnings).toContain(`1 task assigned to a board user (${slug(mine)}); the assignee is not exported`);
    expect(pkg.warnings).toContain(`1 task assigned to a terminated agent (${slug(lost)}); the assignee is not exported`);
    expect(JSON.stringify(pkg)).not.toContain(a.owner.email);
  });

  it("come one by one when a task's path is selected, without include.issues", async () => {
    const a = await acme();
    const path = `tasks/${a.issues.build.identifier.toLowerCase()}/TASK.md`;
    const pkg = await exportOf(a.ownerToken, a.company.id, { selectedFiles: [path, ".charter.yaml"] });
    expect(Object.keys(pkg.files)).toEqual([".charter.yaml", path]);
    expect(Object.keys(parse(pkg.files[".charter.yaml"] as string).tasks)).toEqual([a.issues.build.identifier.toLowerCase()]);
  });
});

describe("include", () => {
  it("agents: false leaves out agents and every reference to them", async () => {
    const a = await acme();
    const pkg = await exportOf(a.ownerToken, a.company.id, { include: { agents: false, issues: true } }, true);
    expect(Object.keys(pkg.files).some((p) => p.startsWith("agents/"))).toBe(false);
    const manifest = parse(pkg.files[".charter.yaml"] as string);
    expect(manifest.agents).toBeUndefined();
    expect(manifest.goals.some((g: { owner?: string }) => g.owner)).toBe(false);
    expect(frontMatter(pkg.files["projects/apollo/PROJECT.md"]).data.owner).toBeUndefined();
    expect(frontMatter(pkg.files[`tasks/${a.issues.build.identifier.toLowerCase()}/TASK.md`]).data.assignee).toBeUndefined();
    expect(pkg.warnings.some((w) => /terminated/.test(w))).toBe(false);
    expect(pkg.counts!.agents).toBe(0);
  });

  it("projects: false leaves out projects and tasks' project", async () => {
    const a = await acme();
    const pkg = await exportOf(a.ownerToken, a.company.id, { include: { projects: false, issues: true } }, true);
    expect(Object.keys(pkg.files).some((p) => p.startsWith("projects/"))).toBe(false);
    expect(parse(pkg.files[".charter.yaml"] as string).projects).toBeUndefined();
    expect(frontMatter(pkg.files[`tasks/${a.issues.build.identifier.toLowerCase()}/TASK.md`]).data.project).toBeUndefined();
  });

  it("company: false leaves out settings, logo and goals; COMPANY.md keeps name and description", async () => {
    const a = await acme();
    const pkg = await exportOf(a.ownerToken, a.company.id, { include: { company: false, issues: true } }, true);
    expect(pkg.files["images/logo.png"]).toBeUndefined();
    expect(frontMatter(pkg.files["COMPANY.md"]).data).toEqual({ name: "Acme Robotics", description: "We build robots.", slug: "acme-robotics", schema: "agentcompanies/v1" });
    const manifest = parse(pkg.files[".charter.yaml"] as string);
    expect(manifest.company).toBeUndefined();
    expect(manifest.goals).toBeUndefined();
    expect(manifest.projects.apollo.goals).toBeUndefined();
    expect(manifest.tasks[a.issues.build.identifier.toLowerCase()].goal).toBeUndefined();
    expect(pkg.counts!.goals).toBe(0);
  });
});

describe("selectedFiles", () => {
  it("keeps exactly the selected paths that are in the package, unchanged, and names the others in a warning", async () => {
    const a = await acme();
    const full = await exportOf(a.ownerToken, a.company.id);
    const selected = ["agents/milo-manager/AGENTS.md", "COMPANY.md", "images/logo.png", "agents/nobody/AGENTS.md", "COMPANY.md"];
    const pkg = await exportOf(a.ownerToken, a.company.id, { selectedFiles: selected });
    expect(Object.keys(pkg.files)).toEqual(["COMPANY.md", "agents/milo-manager/AGENTS.md", "images/logo.png"]);
    for (const path of Object.keys(pkg.files)) expect(pkg.files[path]).toEqual(full.files[path]);
    expect(pkg.warnings).toContain('selectedFiles: "agents/nobody/AGENTS.md" is not in the package');
  });

  it.each([
    ["an empty list", { selectedFiles: [] }],
    ["a parent segment", { selectedFiles: ["../COMPANY.md"] }],
    ["an absolute path", { selectedFiles: ["/etc/passwd"] }],
    ["a backslash", { selectedFiles: ["agents\\x\\AGENTS.md"] }],
    ["NUL", { selectedFiles: ["COMPANY.md\u0000"] }],
    ["a non-string", { selectedFiles: [7] }],
    ["an unknown key", { selected: ["COMPANY.md"] }],
    ["an unknown include key", { include: { secrets: true } }],
    ["a non-boolean include", { include: { issues: "yes" } }],
  ])("refuses %s with 400 and writes nothing", async (_name, body) => {
    const a = await acme();
    const before = await companySnapshot(a.company.id);
    const res = await client(a.ownerToken).post(`/api/companies/${a.company.id}/exports`, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_error");
    expect(await companySnapshot(a.company.id)).toEqual(before);
  });

  it("is refused on the preview (400)", async () => {
    const a = await acme();
    const res = await client(a.ownerToken).post(`/api/companies/${a.company.id}/exports/preview`, { selectedFiles: ["COMPANY.md"] });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ path: "body", message: 'Unrecognized key: "selectedFiles"' }]);
  });
});

describe("activity", () => {
  it("the final export writes one company.exported row; the preview writes nothing", async () => {
    const a = await acme();
    const before = await companySnapshot(a.company.id);
    await exportOf(a.ownerToken, a.company.id, { include: { issues: true } }, true);
    expect(await companySnapshot(a.company.id)).toEqual(before);
    await exportOf(a.ownerToken, a.company.id, { selectedFiles: ["COMPANY.md"] });
    const rows = await db().activityLog.findMany({ where: { companyId: a.company.id, action: "company.exported" } });
    expect(rows).toEqual([expect.objectContaining({
      actorType: "user", actorId: a.owner.id, entityType: "company", entityId: a.company.id,
      details: { include: { company: true, agents: true, projects: true, issues: false }, files: 1, selected: true },
    })]);
  });
});
