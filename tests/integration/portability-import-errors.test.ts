// Company import refusals: every bad body, path, source and package is a 4xx naming the field or file
// and changes nothing; a broken file (or a failure mid-apply) leaves no trace; who may import.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { call, client } from "../support/api";
import { createAgentWithKey, createBoardUser, createWorld } from "../factories";
import { fixture } from "../support/packages";

type World = Awaited<ReturnType<typeof createWorld>>;
const url = (companyId: string, what: "preview" | "apply") => `/api/companies/${companyId}/imports/${what}`;
const lumen = () => fixture("lumen-studio");
const newCompany = { mode: "new_company" };

async function counts() {
  const [companies, agents, projects, issues, goals, activity, approvals, memberships] = await Promise.all([
    db().company.count(), db().agent.count(), db().project.count(), db().issue.count(), db().goal.count(), db().activityLog.count(),
    db().approval.count(), db().membership.count(),
  ]);
  return { companies, agents, projects, issues, goals, activity, approvals, memberships };
}

/** Both routes answer `status`/`code` for the body and write nothing; details name `detailPath` when given. */
async function refused(w: World, body: unknown, status: number, code: string, detailPath?: string | RegExp, token = w.tokens.owner) {
  for (const what of ["preview", "apply"] as const) {
    const before = await counts();
    const res = await client(token).post(url(w.company.id, what), body);
    expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(status);
    expect(res.body.code).toBe(code);
    if (detailPath) expect(res.body.details.map((d: { path: string }) => d.path)).toEqual(expect.arrayContaining([typeof detailPath === "string" ? detailPath : expect.stringMatching(detailPath)]));
    expect(await counts()).toEqual(before);
  }
}

describe("bad bodies: 400 naming the field", () => {
  it("refuses unknown keys, unknown source types and missing targets", async () => {
    const w = await createWorld();
    await refused(w, { source: { type: "inline", files: lumen() }, target: newCompany, extra: 1 }, 400, "validation_error", /^body/);
    await refused(w, { source: { type: "svn", url: "svn://x" }, target: newCompany }, 400, "validation_error", /^body\.source/);
    await refused(w, { source: { type: "inline", files: lumen() } }, 400, "validation_error", /^body\.target/);
    await refused(w, { source: { type: "inline", files: lumen(), extra: true }, target: newCompany }, 400, "validation_error", /^body\.source/);
    await refused(w, { source: { type: "inline", files: lumen() }, target: newCompany, include: { secrets: true } }, 400, "validation_error", /^body\.include/);
  });

  it("refuses package paths that are absolute, climb, hold a backslash, a drive letter or an empty segment", async () => {
    const w = await createWorld();
    for (const bad of ["../COMPANY.md", "/etc/passwd", "agents\\ceo\\AGENTS.md", "C:/x.md", "a//b.md", "./COMPANY.md"]) {
      await refused(w, { source: { type: "inline", files: { ...lumen(), [bad]: "x" } }, target: newCompany }, 400, "validation_error", `body.source.files.${bad}`);
    }
    await refused(w, { source: { type: "inline", files: lumen(), rootPath: "../up" }, target: newCompany }, 400, "validation_error", /^body\.source\.rootPath/);
  });

  it("refuses git URLs that are not fetchable safely, and GitHub URLs that are not GitHub", async () => {
    const w = await createWorld();
    for (const bad of ["http://example.com/a.git", "ext::sh -c touch% /tmp/pwned", "ext::sh", "/tmp/repo", "-uhttps://example.com/a.git", "--upload-pack=touch /tmp/x", "ftp://example.com/a", "repo"]) {
      await refused(w, { source: { type: "git", url: bad }, target: newCompany }, 400, "validation_error", /^body\.source\.url/);
    }
    await refused(w, { source: { type: "git", url: "https://example.com/a.git", ref: "-x" }, target: newCompany }, 400, "validation_error", /^body\.source\.ref/);
    await refused(w, { source: { type: "git", url: "https://example.com/a.git", path: "-x" }, target: newCompany }, 400, "validation_error", /^body\.source\.path/);
    await refused(w, { source: { type: "git", url: "https://example.com/a.git", path: "../x" }, target: newCompany }, 400, "validation_error", /^body\.source\.path/);
    for (const bad of ["https://gitlab.com/a/b", "not a url", "http://github.com/a/b", "https://github.com/a", "https://github.com/a/b/issues/1", "https://github.com/a/b/blob/main/README.md"]) {
      await refused(w, { source: { type: "github", url: bad }, target: newCompany }, 400, "validation_error", /^body\.source\.url/);
    }
  });

  it("answers invalid_json for a body that is not JSON", async () => {
    const w = await createWorld();
    const res = await call("POST", url(w.company.id, "preview"), { token: w.tokens.owner, rawBody: "{nope", headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid_json");
  });
});

describe("refusals of the request's meaning: 422", () => {
  it("refuses collisionStrategy replace for everyone and both targets", async () => {
    const w = await createWorld();
    for (const target of [newCompany, { mode: "existing_company", companyId: w.company.id }]) {
      await refused(w, { source: { type: "inline", files: lumen() }, target, collisionStrategy: "replace" }, 422, "replace_not_allowed", "body.collisionStrategy");
      await refused(w, { source: { type: "inline", files: lumen() }, target, collisionStrategy: "replace" }, 422, "replace_not_allowed", "body.collisionStrategy", w.tokens.ceo);
    }
  });

  it("refuses an existing target other than the route's company: 422 when visible, 404 when not", async () => {
    const w = await createWorld();
    const other = await createWorld();
    const admin = await createBoardUser({ isInstanceAdmin: true });
    const body = (companyId: string) => ({ source: { type: "inline", files: lumen() }, target: { mode: "existing_company", companyId } });
    await refused(w, body(other.company.id), 404, "not_found");
    await refused(w, body(other.company.id), 404, "not_found", undefined, w.tokens.ceo);
    await refused(w, body(other.company.id), 422, "target_mismatch", "body.target.companyId", admin.token);
  });
});

describe("bad packages: 422 invalid_package naming each file", () => {
  const body = (files: Record<string, unknown>) => ({ source: { type: "inline", files }, target: newCompany });

  it("refuses a package without COMPANY.md at its root, listing the folders that hold one", async () => {
    const w = await createWorld();
    const files = Object.fromEntries(Object.entries(lumen()).map(([p, f]) => [`lumen/${p}`, f]));
    await refused(w, body(files), 422, "invalid_package", "COMPANY.md");
    const res = await client(w.tokens.owner).post(url(w.company.id, "preview"), body(files));
    expect(res.body.details).toEqual([{ path: "COMPANY.md", message: "no COMPANY.md at the package root; folders holding one: lumen/" }]);
    expect(res.body.error).toContain("COMPANY.md");
  });

  it("refuses front matter that is not YAML, manifests that are not mappings, files not UTF-8 and repeated slugs; all listed at once", async () => {
    const w = await createWorld();
    const files = {
      ...lumen(),
      "agents/cto/AGENTS.md": "---\nname: [Ben\nreportsTo: ceo\n---\nbody\n",
      ".charter.yaml": "- just\n- a list\n",
      ".paperclip.yaml": "agents: {cto: [\n",
      "projects/web/tasks/launch/TASK.md": { encoding: "base64", data: Buffer.from([0xff, 0xfe, 0x00, 0x41]).toString("base64"), contentType: "text/markdown" },
      "agents/twin/AGENTS.md": "---\nname: Twin\nslug: qa\n---\n",
      "goals/g/GOAL.md": "---\n: : :\n---\n",
    };
    await refused(w, body(files), 422, "invalid_package");
    const res = await client(w.tokens.owner).post(url(w.company.id, "preview"), body(files));
    expect(res.body.details.map((d: { path: string }) => d.path).sort()).toEqual([
      ".charter.yaml", ".paperclip.yaml", "agents/twin/AGENTS.md", "agents/cto/AGENTS.md", "goals/g/GOAL.md", "projects/web/tasks/launch/TASK.md",
    ].sort());
    expect(res.body.details.find((d: { path: string }) => d.path === "agents/twin/AGENTS.md").message).toBe("agent slug \"qa\" is also used by agents/qa/AGENTS.md");
    expect(res.body.error).toMatch(/^The package cannot be imported: /);
  });

  it("leaves no trace when a broken file sits in the middle of a good package", async () => {
    const w = await createWorld();
    const files = { ...lumen(), "agents/middle/AGENTS.md": "---\nname: \"unclosed\n---\n" };
    await refused(w, { ...body(files), include: { issues: true } }, 422, "invalid_package", "agents/middle/AGENTS.md");
    await refused(w, { source: { type: "inline", files }, target: { mode: "existing_company", companyId: w.company.id } }, 422, "invalid_package", "agents/middle/AGENTS.md");
  });

  it("writes nothing when the transaction fails half way (a project insert fails after company, agents and goals)", async () => {
    const w = await createWorld();
    const poison = `Explode ${randomUUID()}`;
    const fn = `import_poison_${randomUUID().replace(/-/g, "")}`;
    await db().$executeRawUnsafe(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW.name = '${poison}' THEN RAISE EXCEPTION 'poisoned' USING ERRCODE = '22023'; END IF; RETURN NEW; END $$`);
    await db().$executeRawUnsafe(`CREATE TRIGGER ${fn} BEFORE INSERT ON "Project" FOR EACH ROW EXECUTE FUNCTION ${fn}()`);
    try {
      const files = { ...lumen(), "projects/web/PROJECT.md": `---\nname: ${poison}\nowner: cto\n---\n` };
      for (const target of [newCompany, { mode: "existing_company", companyId: w.company.id }]) {
        const before = await counts();
        const res = await client(w.tokens.owner).post(url(w.company.id, "apply"), { source: { type: "inline", files }, target, include: { issues: true } });
        expect(res.status).toBe(400);
        expect(await counts()).toEqual(before);
      }
    } finally {
      await db().$executeRawUnsafe(`DROP TRIGGER ${fn} ON "Project"`);
      await db().$executeRawUnsafe(`DROP FUNCTION ${fn}()`);
    }
  });
});

describe("limits", () => {
  it("takes bodies over MAX_BODY_BYTES up to the package limit, skips files over 2 MiB, refuses larger bodies (413) and over 5,000 files (422)", async () => {
    const w = await createWorld();
    const big = "x".repeat(2 * 1024 * 1024 + 10);
    const ok = await client(w.tokens.owner).post(url(w.company.id, "preview"), {
      source: { type: "inline", files: { ...lumen(), "notes/notes.md": "y".repeat(1024 * 1024 + 5), "notes/huge.md": big } }, target: newCompany,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.warnings).toContain("1 file over 2 MiB skipped (notes/huge.md)");
    await refused(w, { source: { type: "inline", files: { ...lumen(), a: big, b: big, c: big, d: big } }, target: newCompany }, 413, "payload_too_large");
    const many = Object.fromEntries(Array.from({ length: 5001 }, (_, i) => [`extra/f${i}.md`, ""]));
    await refused(w, { source: { type: "inline", files: { ...lumen(), ...many } }, target: newCompany }, 422, "package_too_large");
  });
});

describe("who may import", () => {
  it("lets board admins, owners, instance admins and the CEO agent; 403 other roles and agents; 404 outsiders; 401 without credentials", async () => {
    const w = await createWorld();
    const other = await createWorld();
    const body = { source: { type: "inline", files: lumen() }, target: newCompany };
    const admin = await createBoardUser({ companyId: w.company.id, role: "admin" });
    const member = await createBoardUser({ companyId: w.company.id, role: "member" });
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    const instance = await createBoardUser({ isInstanceAdmin: true });
    const general = await createAgentWithKey(w.company.id, { role: "general", reportsToId: w.ceo.id });
    for (const token of [w.tokens.owner, admin.token, instance.token, w.tokens.ceo]) {
      expect((await client(token).post(url(w.company.id, "preview"), body)).status).toBe(200);
    }
    for (const token of [member.token, viewer.token, w.tokens.manager, w.tokens.engineer, general.token]) await refused(w, body, 403, "forbidden", undefined, token);
    for (const token of [other.tokens.owner, other.tokens.ceo]) await refused(w, body, 404, "not_found", undefined, token);
    await refused(w, body, 401, "unauthenticated", undefined, null as unknown as string);
  });

  it("keeps the CEO agent away from file:// and internal hosts (403), names resolved first", async () => {
    const w = await createWorld();
    for (const gitUrl of ["file:///etc", "https://127.0.0.1/x.git", "https://localhost/x.git", "https://10.1.2.3/x.git", "https://169.254.169.254/x.git", "git@192.168.1.1:x/y.git", "ssh://[::1]/x.git"]) {
      await refused(w, { source: { type: "git", url: gitUrl }, target: newCompany }, 403, "forbidden", undefined, w.tokens.ceo);
    }
  });
});
