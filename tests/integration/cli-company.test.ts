// `npx charter company export|import`, run as a user runs it, against this test file's database.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { zipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { createUser, createWorld } from "../factories";

const run = promisify(execFile);
const cli = path.resolve(import.meta.dirname, "../../scripts/charter.mjs");
const charter = (...args: string[]) => run(process.execPath, [cli, "company", ...args], { env: { ...process.env } });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "charter-cli-company-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const instructions = "# CEO\r\n\r\nLead with care.  \nünïcode ✓\n";

/** A company with a CEO (with a bundle), an engineer under it and a project. */
async function company() {
  const w = await createWorld();
  const api = client(w.tokens.owner);
  expect((await api.put(`/api/agents/${w.ceo.id}/instructions`, { files: [{ path: "AGENTS.md", content: instructions }, { path: "SOUL.md", content: "calm\n" }] })).status).toBe(200);
  expect((await api.post(`/api/companies/${w.company.id}/projects`, { name: "Apollo" })).status).toBe(201);
  return w;
}

// Each run is a real process (tsx, migrations check, Prisma): seconds apiece on a loaded machine.
describe("npx charter company", { timeout: 180_000 }, () => {
  it("exports to a folder, then imports that folder as a new company with --owner; instructions survive byte for byte", async () => {
    const w = await company();
    const out = path.join(tmp, "export");
    const exported = await charter("export", "--company", w.company.issuePrefix, "--out", out);
    expect(exported.stdout).toContain(`Exported to ${out}`);
    expect(fs.readFileSync(path.join(out, "COMPANY.md"), "utf8")).toContain(w.company.name);
    const ceoDir = fs.readdirSync(path.join(out, "agents")).find((d) => fs.existsSync(path.join(out, "agents", d, "SOUL.md")))!;
    expect(fs.readFileSync(path.join(out, "agents", ceoDir, "SOUL.md"), "utf8")).toBe("calm\n");
    const activity = await db().activityLog.findFirst({ where: { companyId: w.company.id, action: "company.exported" } });
    expect(activity).toMatchObject({ actorType: "system", actorId: null });

    const owner = await createUser();
    const imported = await charter("import", out, "--name", "CLI Copy", "--owner", owner.email, "--json");
    const { preview, result } = JSON.parse(imported.stdout);
    expect(preview.plan.companyAction).toBe("create");
    expect(result.company).toMatchObject({ name: "CLI Copy", action: "created" });
    const copy = result.company.id as string;
    expect(await db().membership.findMany({ where: { companyId: copy }, select: { userId: true, role: true } })).toEqual([{ userId: owner.id, role: "owner" }]);
    const agents = await db().agent.findMany({ where: { companyId: copy }, orderBy: { name: "asc" } });
    expect(agents.map((a) => a.name).sort()).toEqual([w.ceo.name, w.engineer.name, w.manager.name].sort());
    const ceo = agents.find((a) => a.name === w.ceo.name)!;
    const files = await db().agentInstructionsFile.findMany({ where: { agentId: ceo.id }, orderBy: { path: "asc" } });
    expect(files.map((f) => [f.path, f.content])).toEqual([["AGENTS.md", instructions], ["SOUL.md", "calm\n"]]);
    expect(await db().project.count({ where: { companyId: copy, name: "Apollo" } })).toBe(1);
    const rows = await db().activityLog.findMany({ where: { companyId: copy, action: "company.imported" } });
    expect(rows).toEqual([expect.objectContaining({ actorType: "system", actorId: null })]);
  });

  it("a dry run of a zipped package prints the plan and writes nothing; --select narrows an export", async () => {
    const w = await company();
    const out = path.join(tmp, "dry");
    await charter("export", "--company", w.company.id, "--out", out);
    const zipped: Record<string, Uint8Array> = {};
    const walk = (dir: string, rel: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walk(path.join(dir, e.name), `${rel}${e.name}/`);
        else zipped[`acme-package/${rel}${e.name}`] = fs.readFileSync(path.join(dir, e.name));
      }
    };
    walk(out, "");
    const zip = path.join(tmp, "dry.zip");
    fs.writeFileSync(zip, zipSync(zipped));
    const companies = await db().company.count();
    const { stdout } = await charter("import", zip, "--dry-run");
    expect(stdout).toContain("Agents:");
    expect(stdout).toContain(`create  ${w.ceo.name}`);
    expect(stdout).toContain("Dry run: nothing was written.");
    expect(await db().company.count()).toBe(companies);

    const narrow = path.join(tmp, "narrow");
    await charter("export", "--company", w.company.issuePrefix, "--out", narrow, "--select", "COMPANY.md,.charter.yaml");
    expect(fs.readdirSync(narrow).sort()).toEqual([".charter.yaml", "COMPANY.md"]);
  });

  it("imports into an existing company with --on-collision skip: nothing is duplicated", async () => {
    const w = await company();
    const out = path.join(tmp, "same");
    await charter("export", "--company", w.company.id, "--out", out);
    const before = await db().agent.count({ where: { companyId: w.company.id } });
    const { stdout } = await charter("import", out, "--into", w.company.issuePrefix, "--on-collision", "skip");
    expect(stdout).toContain(`skip    ${w.ceo.name}`);
    expect(await db().agent.count({ where: { companyId: w.company.id } })).toBe(before);
  });

  it("refuses: bad usage exits 2, a non-empty --out and a package with errors exit 1, nothing written", async () => {
    const companies = await db().company.count();
    for (const argv of [
      ["export", "--company", "X"],
      ["export", "--company", "X", "--out", path.join(tmp, "x"), "--bogus"],
      ["import"],
      ["import", path.join(tmp, "does-not-exist")],
      ["import", tmp, "--on-collision", "replace"],
      ["frobnicate"],
    ]) {
      await expect(charter(...argv), argv.join(" ")).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining("usage") });
    }
    const full = path.join(tmp, "full");
    fs.mkdirSync(full);
    fs.writeFileSync(path.join(full, "keep.txt"), "mine");
    await expect(charter("export", "--company", "NOPE", "--out", full)).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("not empty") });
    expect(fs.readdirSync(full)).toEqual(["keep.txt"]);

    const broken = path.join(tmp, "broken");
    fs.mkdirSync(path.join(broken, "agents", "ceo"), { recursive: true });
    fs.writeFileSync(path.join(broken, "COMPANY.md"), "---\nname: Broken\n---\n");
    fs.writeFileSync(path.join(broken, "agents", "ceo", "AGENTS.md"), "---\nname: [unclosed\n---\n");
    await expect(charter("import", broken)).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("agents/ceo/AGENTS.md") });
    await expect(charter("export", "--company", "NOPE", "--out", path.join(tmp, "nope"))).rejects.toMatchObject({ code: 1 });
    expect(await db().company.count()).toBe(companies);
  });
});
