// tenancy.test.ts for goals, projects, workspaces and labels: another company's caller gets 404
// not_found for every endpoint (never 403), and nothing of the other company changes.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { companySnapshot } from "../support/snapshot";
import { createWorld } from "../factories";
import { cases } from "./tenancy-cases/work";

/** companySnapshot plus the work rows these endpoints touch. */
async function workSnapshot(companyId: string) {
  const d = db();
  const byId = { orderBy: { id: "asc" as const } };
  return {
    ...(await companySnapshot(companyId)),
    goals: await d.goal.findMany({ where: { companyId }, ...byId }),
    projects: await d.project.findMany({ where: { companyId }, ...byId }),
    projectGoals: await d.projectGoal.findMany({ where: { companyId }, orderBy: [{ projectId: "asc" }, { position: "asc" }] }),
    workspaces: await d.projectWorkspace.findMany({ where: { companyId }, ...byId }),
    labels: await d.label.findMany({ where: { companyId }, ...byId }),
    executionWorkspaces: await d.executionWorkspace.findMany({ where: { companyId }, ...byId }),
  };
}

/** A victim company with a goal, a project (with goal and workspaces) and a label, and an attacker company. */
async function twoCompanies() {
  const victim = await createWorld();
  const attacker = await createWorld();
  const owner = client(victim.tokens.owner);
  const goal = (await owner.post(`/api/companies/${victim.company.id}/goals`, { title: "Victim goal" })).body;
  const project = (await owner.post(`/api/companies/${victim.company.id}/projects`, {
    name: "Victim project", goalIds: [goal.id], workspace: { cwd: "/victim/a" },
  })).body;
  const spare = (await owner.post(`/api/projects/${project.id}/workspaces`, { repoUrl: "https://git.example/victim.git" })).body;
  const label = (await owner.post(`/api/companies/${victim.company.id}/labels`, { name: "victim" })).body;
  const issue = (await owner.post(`/api/companies/${victim.company.id}/issues`, { title: "Victim task", projectId: project.id })).body;
  // a workspace row as the runtime leaves it before making the worktree (nothing on disk to lose)
  const execution = await db().executionWorkspace.create({ data: { companyId: victim.company.id, projectId: project.id, issueId: issue.id, policy: "git_worktree" } });
  for (const made of [goal, project, spare, label, issue]) expect(made.id).toBeTruthy();
  return {
    victim, attacker,
    refs: { goalId: goal.id as string, projectId: project.id as string, workspaceId: project.workspaces[0].id as string, spareId: spare.id as string, labelId: label.id as string,
      executionWorkspaceId: execution.id },
  };
}

export type World = Awaited<ReturnType<typeof twoCompanies>>;

const callers = [
  { kind: "board owner of another company", token: (w: World) => w.attacker.tokens.owner },
  { kind: "agent of another company", token: (w: World) => w.attacker.tokens.engineer },
] as const;

describe("tenancy of goals, projects, workspaces and labels: another company's caller gets 404 and changes nothing", () => {
  for (const caller of callers) {
    for (const tc of cases) {
      it(`${tc.name} as ${caller.kind}`, async () => {
        const w = await twoCompanies();
        const before = await workSnapshot(w.victim.company.id);
        const api = client(caller.token(w));
        const url = tc.path(w);
        const res = tc.method === "GET" ? await api.get(url)
          : tc.method === "DELETE" ? await api.delete(url)
          : tc.method === "POST" ? await api.post(url, tc.body?.(w))
          : await api.patch(url, tc.body?.(w));
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ code: "not_found", requestId: res.headers.get("x-request-id") });
        expect(await workSnapshot(w.victim.company.id)).toEqual(before);
      });
    }
  }

  it("the same requests by the victim's own owner succeed, so the 404s above are about tenancy", async () => {
    const w = await twoCompanies();
    const api = client(w.victim.tokens.owner);
    for (const tc of cases) {
      const url = tc.path(w);
      const res = tc.method === "GET" ? await api.get(url)
        : tc.method === "DELETE" ? await api.delete(url)
        : tc.method === "POST" ? await api.post(url, tc.body?.(w))
        : await api.patch(url, tc.body?.(w));
      expect(res.status, tc.name).toBeLessThan(300);
    }
  });

  it("lists never show another company's rows", async () => {
    const w = await twoCompanies();
    const own = client(w.attacker.tokens.owner);
    for (const list of ["goals", "projects", "labels", "execution-workspaces"]) {
      const res = await own.get(`/api/companies/${w.attacker.company.id}/${list}`);
      expect(res.status).toBe(200);
      expect(res.body, list).toEqual([]);
    }
  });

  it("another company's ids in a body are 422 invalid_reference, and a foreign workspace under an own project is 404", async () => {
    const w = await twoCompanies();
    const before = await workSnapshot(w.victim.company.id);
    const api = client(w.attacker.tokens.owner);
    const co = w.attacker.company.id;
    const refused = [
      await api.post(`/api/companies/${co}/goals`, { title: "Child", parentId: w.refs.goalId }),
      await api.post(`/api/companies/${co}/goals`, { title: "Owned", ownerAgentId: w.victim.engineer.id }),
      await api.post(`/api/companies/${co}/projects`, { name: "Linked", goalIds: [w.refs.goalId] }),
      await api.post(`/api/companies/${co}/projects`, { name: "Led", leadAgentId: w.victim.manager.id }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("invalid_reference");
    }
    const ownProject = (await api.post(`/api/companies/${co}/projects`, { name: "Own" })).body;
    const ownGoal = (await api.post(`/api/companies/${co}/goals`, { title: "Own" })).body;
    expect((await api.patch(`/api/goals/${ownGoal.id}`, { parentId: w.refs.goalId })).status).toBe(422);
    expect((await api.patch(`/api/projects/${ownProject.id}`, { goalId: w.refs.goalId })).status).toBe(422);
    expect((await api.patch(`/api/projects/${ownProject.id}/workspaces/${w.refs.spareId}`, { isPrimary: true })).status).toBe(404);
    expect((await api.delete(`/api/projects/${ownProject.id}/workspaces/${w.refs.workspaceId}`)).status).toBe(404);
    expect(await workSnapshot(w.victim.company.id)).toEqual(before);
  });
});
