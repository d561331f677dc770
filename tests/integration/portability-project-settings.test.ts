// A project's workspace policy, branch template, verification command and review rule travel in
// company packages: exported only when set, the review agent by its package slug, nothing
// that looks secret and no local path; imported through the API's own rules, and only from the board.
import { parse as parseYaml } from "yaml";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { createWorld } from "../factories";

type World = Awaited<ReturnType<typeof createWorld>>;

async function project(w: World, body: Record<string, unknown>) {
  const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/projects`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string };
}

async function exported(w: World) {
  const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/exports`, {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { files: res.body.files as Record<string, string>, warnings: res.body.warnings as string[], manifest: parseYaml(res.body.files[".charter.yaml"]) };
}

const settingsOf = async (companyId: string, name: string) =>
  db().project.findFirstOrThrow({ where: { companyId, name }, select: { workspacePolicy: true, branchTemplate: true, verification: true, review: true } });

describe("export of a project's settings", () => {
  it("writes the set ones into .charter.yaml, the review agent by slug, defaults omitted, no local path", async () => {
    const w = await createWorld();
    await project(w, {
      name: "Apollo", workspacePolicy: "git_worktree", branchTemplate: "apollo/{number}-{slug}",
      verification: { command: "npm", args: ["run", "check"], timeoutSec: 600 }, review: { kind: "agent", agentId: w.manager.id },
      workspace: { cwd: "/srv/checkouts/apollo", repoUrl: "https://github.com/acme/apollo" },
    });
    await project(w, { name: "Gemini", verification: { command: "make" }, review: { kind: "board" }, workspace: { cwd: "/home/me/gemini" } });
    await project(w, { name: "Vitest", verification: { command: "npx", args: ["vitest", "run", "--passWithNoTests", "tests/", "NODE_ENV=test"] } });
    await project(w, { name: "Plain" });
    const { files, manifest, warnings } = await exported(w);
    const managerSlug = (await db().agent.findUniqueOrThrow({ where: { id: w.manager.id } })).urlKey;
    expect(manifest.projects.apollo).toMatchObject({
      workspacePolicy: "git_worktree", branchTemplate: "apollo/{number}-{slug}",
      verification: { command: "npm", args: ["run", "check"], timeoutSec: 600 }, review: { kind: "agent", agent: managerSlug },
      workspaces: [{ name: "apollo", repoUrl: "https://github.com/acme/apollo" }],
    });
    expect(manifest.projects.gemini).toEqual({ status: "planned", verification: { command: "make" }, review: { kind: "board" } });
    expect(manifest.projects.plain).toEqual({ status: "planned" });
    // a flag or a variable that only sounds like one is no secret
    expect(manifest.projects.vitest.verification).toEqual({ command: "npx", args: ["vitest", "run", "--passWithNoTests", "tests/", "NODE_ENV=test"] });
    const text = Object.values(files).filter((f) => typeof f === "string").join("\n");
    expect(text).not.toContain("/srv/checkouts");
    expect(text).not.toContain("/home/me");
    expect(warnings.some((m) => m.includes("projects/gemini") && m.includes("local directory"))).toBe(true);
  });

  it("leaves out a verification that looks like it carries a secret, and a review agent not in the package", async () => {
    const w = await createWorld();
    const secretLines = [
      { command: "sh", args: ["-c", "GH_TOKEN=ghp_abc123 npm test"] },
      { command: "deploy-check", args: ["--api-key", "sk-live-1"] },
      { command: "curl", args: ["https://bot:hunter2@ci.example.com/hook"] },
      { command: "npm", args: ["test", "--password=hunter2"] },
    ];
    for (const [i, verification] of secretLines.entries()) await project(w, { name: `Leaky ${i}`, verification });
    await project(w, { name: "Reviewed", review: { kind: "agent", agentId: w.engineer.id } });
    expect((await client(w.tokens.owner).post(`/api/agents/${w.engineer.id}/terminate`, {})).status).toBe(200);
    const { files, manifest, warnings } = await exported(w);
    for (const i of secretLines.keys()) {
      expect(manifest.projects[`leaky-${i}`].verification, `leaky-${i}`).toBeUndefined();
      expect(warnings).toContain(`projects/leaky-${i}: verification command not exported: it looks like it carries a secret`);
    }
    expect(files[".charter.yaml"]).not.toMatch(/ghp_abc123|sk-live-1|hunter2/);
    expect(manifest.projects.reviewed.review).toBeUndefined();
    expect(warnings).toContain("projects/reviewed: review agent is not in the package; review rule not exported");
  });
});

describe("import of a project's settings", () => {
  it("round-trips the four settings into a new company, the review agent resolved to its copy", async () => {
    const w = await createWorld();
    await project(w, {
      name: "Apollo", workspacePolicy: "shared", branchTemplate: "apollo/{identifier}",
      verification: { command: "npm", args: ["test"] }, review: { kind: "agent", agentId: w.manager.id },
    });
    await project(w, { name: "Gemini", review: { kind: "board" }, verification: { command: "make", timeoutSec: 30 } });
    const { files } = await exported(w);
    const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/imports/apply`, {
      source: { type: "inline", files }, target: { mode: "new_company", newCompanyName: "Copy" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const copy = res.body.company.id as string;
    const manager = await db().agent.findFirstOrThrow({ where: { companyId: copy, name: w.manager.name } });
    expect(await settingsOf(copy, "Apollo")).toEqual({
      workspacePolicy: "shared", branchTemplate: "apollo/{identifier}",
      verification: { command: "npm", args: ["test"], timeoutSec: 900 }, review: { kind: "agent", agentId: manager.id },
    });
    expect(await settingsOf(copy, "Gemini")).toEqual({
      workspacePolicy: null, branchTemplate: null, verification: { command: "make", args: [], timeoutSec: 30 }, review: { kind: "board" },
    });
  });

  const pkg = (projectEntry: Record<string, unknown>) => ({
    "COMPANY.md": "---\nname: Settings Co\n---\n",
    "agents/qa/AGENTS.md": "---\nname: Quinn\nreportsTo: null\n---\nTest things.\n",
    "projects/web/PROJECT.md": "---\nname: Website\n---\n",
    ".charter.yaml": JSON.stringify({ schema: "charter/v1", projects: { web: projectEntry } }),
  });

  it("leaves out, with a warning each, values the API would refuse and workspaces Charter does not clone", async () => {
    const w = await createWorld();
    const files = pkg({
      workspacePolicy: "sometimes", branchTemplate: "refs/heads/{identifier}", verification: { command: "npm", timeoutSec: 99999 },
      review: { kind: "agent", agent: "nobody" },
      workspaces: [{ repoUrl: "git://host/a.git" }, { repoUrl: "file:///srv/a.git" }, { repoUrl: "http://host/a.git" }, { repoUrl: "git@host:acme/web.git", isPrimary: true }],
    });
    const body = { source: { type: "inline", files }, target: { mode: "new_company", newCompanyName: "Refused" } };
    const preview = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/imports/preview`, body);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const warnings = preview.body.warnings as string[];
    for (const key of ["workspacePolicy", "branchTemplate", "verification"]) {
      expect(warnings.some((m) => m.startsWith(`.charter.yaml: project web: ${key} not imported`)), key).toBe(true);
    }
    expect(warnings).toContain('.charter.yaml: project web: review agent "nobody" is not an imported agent; no review rule');
    const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/imports/apply`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const copy = res.body.company.id as string;
    expect(await settingsOf(copy, "Website")).toEqual({ workspacePolicy: null, branchTemplate: null, verification: null, review: null });
    const workspaces = await db().projectWorkspace.findMany({ where: { companyId: copy } });
    expect(workspaces.map((x) => x.repoUrl)).toEqual(["git@host:acme/web.git"]);
  });

  it("takes valid values from a hand-written manifest, a review agent by its slug", async () => {
    const w = await createWorld();
    const files = pkg({ workspacePolicy: "git_worktree", branchTemplate: "web/{number}", verification: { command: "true", args: ["x"] }, review: { kind: "agent", agent: "qa" } });
    const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/imports/apply`, {
      source: { type: "inline", files }, target: { mode: "new_company", newCompanyName: "Valid" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const quinn = await db().agent.findFirstOrThrow({ where: { companyId: res.body.company.id, name: "Quinn" } });
    expect(await settingsOf(res.body.company.id, "Website")).toEqual({
      workspacePolicy: "git_worktree", branchTemplate: "web/{number}", verification: { command: "true", args: ["x"], timeoutSec: 900 },
      review: { kind: "agent", agentId: quinn.id },
    });
  });

  it("takes none of them from a CEO agent's import (the board sets how work is checked)", async () => {
    const w = await createWorld();
    const files = pkg({ workspacePolicy: "shared", verification: { command: "curl", args: ["https://evil.example"] }, review: { kind: "board" } });
    const res = await client(w.tokens.ceo).post(`/api/companies/${w.company.id}/imports/apply`, {
      source: { type: "inline", files }, target: { mode: "existing_company", companyId: w.company.id },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.warnings).toContain(".charter.yaml: project web: workspacePolicy, verification, review not imported: the board sets how work is checked");
    expect(await settingsOf(w.company.id, "Website")).toEqual({ workspacePolicy: null, branchTemplate: null, verification: null, review: null });
  });
});
