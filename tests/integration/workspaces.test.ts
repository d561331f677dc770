import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client, type ApiResponse } from "../support/api";
import { createBoardUser, createWorld } from "../factories";

const U = "0190a0a0-0000-7000-8000-000000000000";

async function projectWorld() {
  const w = await createWorld();
  const api = client(w.tokens.owner);
  const project = (await api.post(`/api/companies/${w.company.id}/projects`, { name: "Site" })).body;
  const url = `/api/projects/${project.id}/workspaces`;
  const add = async (body: object) => {
    const res = await api.post(url, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  return { w, api, project, url, add };
}

const primaries = (projectId: string) => db().projectWorkspace.findMany({ where: { projectId, isPrimary: true } });

describe("POST /api/projects/:projectId/workspaces", () => {
  it("makes the first workspace primary and later ones not", async () => {
    const { api, project, url, add } = await projectWorld();
    const first = await add({ name: "main", cwd: "/srv/site", repoUrl: "git@github.com:acme/site.git", repoRef: "main" });
    expect(Object.keys(first).sort()).toEqual(["createdAt", "cwd", "id", "isPrimary", "name", "projectId", "repoRef", "repoUrl", "updatedAt"]);
    expect(first).toMatchObject({
      projectId: project.id, name: "main", cwd: "/srv/site", repoUrl: "git@github.com:acme/site.git", repoRef: "main", isPrimary: true,
    });
    const second = await add({ cwd: "/srv/site-2" });
    expect(second).toMatchObject({ isPrimary: false, repoUrl: null, repoRef: null });
    const read = (await api.get(`/api/projects/${project.id}`)).body;
    expect(read.primaryWorkspace).toEqual(first);
    expect(read.workspaces).toEqual([first, second]);
    expect((await api.get(url)).body).toEqual([first, second]);
  });

  it("treats the first workspace as primary even when isPrimary is false", async () => {
    const { add } = await projectWorld();
    expect((await add({ cwd: "/a", isPrimary: false })).isPrimary).toBe(true);
  });

  it("omits cwd from a repo-only workspace, everywhere it is shown", async () => {
    const { api, project, url, add } = await projectWorld();
    const ws = await add({ repoUrl: "https://github.com/acme/site.git" });
    expect("cwd" in ws).toBe(false);
    expect(ws).toMatchObject({ repoUrl: "https://github.com/acme/site.git", name: "site" });
    const [listed] = (await api.get(url)).body;
    expect("cwd" in listed).toBe(false);
    const read = (await api.get(`/api/projects/${project.id}`)).body;
    expect("cwd" in read.primaryWorkspace).toBe(false);
    expect("cwd" in read.workspaces[0]).toBe(false);
    expect((await db().projectWorkspace.findUniqueOrThrow({ where: { id: ws.id } })).cwd).toBeNull();
  });

  it("names an unnamed workspace after its directory or repository", async () => {
    const { add } = await projectWorld();
    expect((await add({ cwd: "/home/dev/projects/charter/" })).name).toBe("charter");
    expect((await add({ repoUrl: "git@github.com:acme/tools.git" })).name).toBe("tools");
    expect((await add({ name: "Named", cwd: "/x/y" })).name).toBe("Named");
  });

  it("requires cwd or repoUrl (400) and validates the fields", async () => {
    const { project, api, url } = await projectWorld();
    const cases: [unknown, string][] = [
      [{}, "body.cwd"],
      [{ name: "nowhere", repoRef: "main" }, "body.cwd"],
      [{ cwd: null, repoUrl: null }, "body.cwd"],
      [{ cwd: "" }, "body.cwd"],
      [{ repoUrl: 42 }, "body.repoUrl"],
      [{ cwd: "/a", isPrimary: "yes" }, "body.isPrimary"],
    ];
    for (const [body, path] of cases) {
      const res = await api.post(url, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("validation_error");
      expect(res.body.details.map((d: { path: string }) => d.path), JSON.stringify(body)).toContain(path);
    }
    expect((await api.post(url, { cwd: "/a", branch: "main" })).status).toBe(400);
    expect(await db().projectWorkspace.count({ where: { projectId: project.id } })).toBe(0);
  });

  it("takes https, ssh, file and git@host:path addresses and refuses any other repoUrl with 422 naming it", async () => {
    const { project, api, url } = await projectWorld();
    for (const repoUrl of ["https://github.com/acme/a.git", "ssh://git@host:2222/acme/a.git", "file:///srv/git/a.git", "git@github.com:acme/a.git", "HTTPS://host/a"]) {
      const res = await api.post(url, { repoUrl });
      expect(res.status, repoUrl).toBe(201);
      expect(res.body.repoUrl).toBe(repoUrl);
    }
    const refused = ["http://host/a.git", "git://host/a.git", "ext::sh -c touch% /tmp/pwned", "ftp://host/a", "not a url", "/srv/git/a.git", "host:path", "-u@h:x/y"];
    for (const repoUrl of refused) {
      const res = await api.post(url, { repoUrl });
      expect(res.status, repoUrl).toBe(422);
      expect(res.body.code).toBe("unprocessable");
      expect(res.body.details.map((d: { path: string }) => d.path)).toEqual(["body.repoUrl"]);
    }
    const first = (await db().projectWorkspace.findFirstOrThrow({ where: { projectId: project.id } })).id;
    const patched = await api.patch(`${url}/${first}`, { repoUrl: "git://host/a.git" });
    expect(patched.status).toBe(422);
    const created = await api.post(`/api/companies/${project.companyId}/projects`, { name: "Via create", workspace: { repoUrl: "http://host/a" } });
    expect(created.status).toBe(422);
    expect(created.body.details.map((d: { path: string }) => d.path)).toEqual(["body.workspace.repoUrl"]);
    expect(await db().projectWorkspace.count({ where: { projectId: project.id } })).toBe(5);
  });

  it("makes a new workspace created with isPrimary the only primary", async () => {
    const { project, add } = await projectWorld();
    const a = await add({ cwd: "/a" });
    await add({ cwd: "/b" });
    const c = await add({ cwd: "/c", isPrimary: true });
    expect(c.isPrimary).toBe(true);
    expect((await primaries(project.id)).map((p) => p.id)).toEqual([c.id]);
    expect((await db().projectWorkspace.findUniqueOrThrow({ where: { id: a.id } })).isPrimary).toBe(false);
  });

  it("keeps exactly one primary under concurrent creation", async () => {
    const { project, api, url } = await projectWorld();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => api.post(url, { cwd: `/c/${i}`, isPrimary: i % 3 !== 1 })));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(await primaries(project.id)).toHaveLength(1);
  });

  it("is refused to viewers (403), allowed to agents, and writes workspace.created", async () => {
    const { w, project, url } = await projectWorld();
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    const denied = await client(viewer.token).post(url, { cwd: "/v" });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe("forbidden");
    expect((await client(viewer.token).get(url)).status).toBe(200);
    const res = await client(w.tokens.engineer).post(url, { cwd: "/e" });
    expect(res.status).toBe(201);
    const activity = await db().activityLog.findMany({ where: { entityId: res.body.id } });
    expect(activity).toEqual([expect.objectContaining({
      action: "workspace.created", entityType: "workspace", actorType: "agent", actorId: w.engineer.id, details: { projectId: project.id, isPrimary: true },
    })]);
    expect(await db().projectWorkspace.count({ where: { projectId: project.id } })).toBe(1);
  });
});

describe("PATCH /api/projects/:projectId/workspaces/:workspaceId", () => {
  it("updates fields and writes workspace.updated", async () => {
    const { url, add, api } = await projectWorld();
    const ws = await add({ cwd: "/a" });
    const res = await api.patch(`${url}/${ws.id}`, { name: "renamed", repoUrl: "https://git.example/a.git", repoRef: "dev" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ws.id, name: "renamed", cwd: "/a", repoUrl: "https://git.example/a.git", repoRef: "dev", isPrimary: true });
    const activity = await db().activityLog.findFirstOrThrow({ where: { entityId: ws.id, action: "workspace.updated" } });
    expect((activity.details as { changed: string[] }).changed.sort()).toEqual(["name", "repoRef", "repoUrl"]);
  });

  it("may drop cwd when a repoUrl remains (cwd then omitted), but never both (422)", async () => {
    const { url, add, api } = await projectWorld();
    const ws = await add({ cwd: "/a", repoUrl: "https://git.example/a.git" });
    const repoOnly = await api.patch(`${url}/${ws.id}`, { cwd: null });
    expect(repoOnly.status).toBe(200);
    expect("cwd" in repoOnly.body).toBe(false);
    const none = await api.patch(`${url}/${ws.id}`, { repoUrl: null });
    expect(none.status).toBe(422);
    expect(none.body).toMatchObject({ code: "unprocessable", details: [{ path: "cwd" }] });
    const both = await api.patch(`${url}/${ws.id}`, { repoUrl: null, cwd: null });
    expect(both.status).toBe(422);
    expect(await db().projectWorkspace.findUniqueOrThrow({ where: { id: ws.id } })).toMatchObject({ cwd: null, repoUrl: "https://git.example/a.git" });
    const swap = await api.patch(`${url}/${ws.id}`, { repoUrl: null, cwd: "/b" });
    expect(swap.status).toBe(200);
    expect(swap.body).toMatchObject({ cwd: "/b", repoUrl: null });
  });

  it("moves the primary with isPrimary: true, and refuses to unset the primary (422)", async () => {
    const { project, url, add, api } = await projectWorld();
    const a = await add({ cwd: "/a" });
    const b = await add({ cwd: "/b" });
    const res = await api.patch(`${url}/${b.id}`, { isPrimary: true });
    expect(res.status).toBe(200);
    expect(res.body.isPrimary).toBe(true);
    expect((await primaries(project.id)).map((p) => p.id)).toEqual([b.id]);
    const read = (await api.get(`/api/projects/${project.id}`)).body;
    expect(read.primaryWorkspace.id).toBe(b.id);
    expect(read.workspaces.map((x: { isPrimary: boolean }) => x.isPrimary)).toEqual([false, true]);
    const unset = await api.patch(`${url}/${b.id}`, { isPrimary: false });
    expect(unset.status).toBe(422);
    expect(unset.body.details).toEqual([expect.objectContaining({ path: "isPrimary" })]);
    expect((await api.patch(`${url}/${a.id}`, { isPrimary: false })).status).toBe(200);
    expect((await primaries(project.id)).map((p) => p.id)).toEqual([b.id]);
  });

  it("answers 404 for a workspace of another project of the same company, and 403 to viewers", async () => {
    const { w, url, add, api } = await projectWorld();
    const ws = await add({ cwd: "/a" });
    const other = (await api.post(`/api/companies/${w.company.id}/projects`, { name: "Other" })).body;
    const wrong = await api.patch(`/api/projects/${other.id}/workspaces/${ws.id}`, { name: "x" });
    expect(wrong.status).toBe(404);
    expect((await api.delete(`/api/projects/${other.id}/workspaces/${ws.id}`)).status).toBe(404);
    expect((await api.patch(`${url}/${U}`, { name: "x" })).status).toBe(404);
    expect((await api.patch(`${url}/nope`, { name: "x" })).status).toBe(404);
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    expect((await client(viewer.token).patch(`${url}/${ws.id}`, { name: "x" })).status).toBe(403);
    expect((await client(viewer.token).delete(`${url}/${ws.id}`)).status).toBe(403);
    expect(await db().projectWorkspace.findUniqueOrThrow({ where: { id: ws.id } })).toMatchObject({ name: "a" });
  });
});

describe("DELETE /api/projects/:projectId/workspaces/:workspaceId", () => {
  it("deleting the primary promotes the oldest remaining workspace", async () => {
    const { project, url, add, api } = await projectWorld();
    const a = await add({ cwd: "/a" });
    const b = await add({ cwd: "/b" });
    const c = await add({ cwd: "/c" });
    const d = await add({ cwd: "/d", isPrimary: true });
    const res = await api.delete(`${url}/${d.id}`);
    expect(res.status).toBe(204);
    expect((await primaries(project.id)).map((p) => p.id)).toEqual([a.id]);
    const activity = await db().activityLog.findFirstOrThrow({ where: { entityId: d.id, action: "workspace.deleted" } });
    expect(activity.details).toEqual({ projectId: project.id, promotedWorkspaceId: a.id });
    // deleting a non-primary leaves the primary alone
    expect((await api.delete(`${url}/${c.id}`)).status).toBe(204);
    expect((await primaries(project.id)).map((p) => p.id)).toEqual([a.id]);
    expect((await api.delete(`${url}/${a.id}`)).status).toBe(204);
    expect((await primaries(project.id)).map((p) => p.id)).toEqual([b.id]);
    expect((await api.delete(`${url}/${b.id}`)).status).toBe(204);
    const read = (await api.get(`/api/projects/${project.id}`)).body;
    expect(read).toMatchObject({ primaryWorkspace: null, workspaces: [] });
    expect((await api.delete(`${url}/${b.id}`)).status).toBe(404);
  });

  it("a workspace added after the last one was deleted is primary again", async () => {
    const { project, url, add, api } = await projectWorld();
    const a = await add({ cwd: "/a" });
    await api.delete(`${url}/${a.id}`);
    expect((await add({ cwd: "/b" })).isPrimary).toBe(true);
    expect(await primaries(project.id)).toHaveLength(1);
  });
});

describe("GET /api/projects/:projectId/workspaces", () => {
  it("pages oldest first with limit and cursor: every workspace exactly once", async () => {
    const { url, add, api } = await projectWorld();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await add({ cwd: `/w/${i}` })).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: ApiResponse = await api.get(`${url}?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.map((x: { id: string }) => x.id));
      cursor = res.headers.get("x-next-cursor");
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(made);
    expect((await api.get(`${url}?cursor=forged`)).status).toBe(400);
    expect((await api.get(`${url}?primary=true`)).status).toBe(400);
  });
});
