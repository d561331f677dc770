// `npx charter company …`: the strict command line and the folder / zip reader, without a database.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { zipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { parseCompanyArgs, UsageError } from "@/lib/portability/cli/args";
import { packageRoot, readZip, resolveSource, toPackageFile } from "@/lib/portability/cli/source";
import { formatPreview, formatRefusal } from "@/lib/portability/cli/print";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "charter-cli-unit-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("parseCompanyArgs", () => {
  it("export: flags, --select repeated or as a comma list", () => {
    expect(parseCompanyArgs(["export", "--company", "ACME", "--out", "pkg", "--select", "COMPANY.md,agents/ceo/AGENTS.md", "--select", "tasks/acme-1/TASK.md", "--include-issues", "--json"])).toEqual({
      command: "export", company: "ACME", out: "pkg", includeIssues: true, json: true,
      select: ["COMPANY.md", "agents/ceo/AGENTS.md", "tasks/acme-1/TASK.md"],
    });
    expect(parseCompanyArgs(["export", "--company", "ACME", "--out", "pkg"])).toMatchObject({ includeIssues: false, select: [], json: false });
  });

  it("import: defaults and every flag", () => {
    expect(parseCompanyArgs(["import", "./pkg"])).toEqual({
      command: "import", source: "./pkg", into: "new", name: null, owner: null, onCollision: "rename",
      includeIssues: false, ref: null, path: null, dryRun: false, json: false,
    });
    expect(parseCompanyArgs(["import", "https://github.com/a/b", "--name", "Copy", "--owner", "ada@example.test", "--on-collision", "skip",
      "--include-issues", "--ref", "main", "--path", "acme", "--dry-run", "--json"])).toMatchObject({
      name: "Copy", owner: "ada@example.test", onCollision: "skip", includeIssues: true, ref: "main", path: "acme", dryRun: true, json: true,
    });
  });

  it.each([
    [[]],
    [["frobnicate"]],
    [["export", "--out", "x"]],
    [["export", "--company", "ACME"]],
    [["export", "--company", "ACME", "--out", "x", "--bogus"]],
    [["export", "--company", "ACME", "--out", "x", "extra"]],
    [["export", "--company", "ACME", "--out", "x", "--select", ","]],
    [["export", "--company", "", "--out", "x"]],
    [["import"]],
    [["import", "a", "b"]],
    [["import", "a", "--on-collision", "replace"]],
    [["import", "a", "--into", "ACME", "--name", "X"]],
    [["import", "a", "--into", "ACME", "--owner", "a@b.c"]],
    [["import", "a", "--owner", "not-an-email"]],
    [["import", "a", "--ref", "--upload-pack=evil"]],
    [["import", "a", "--dry-run=yes"]],
  ])("%j is a usage error", (argv) => {
    expect(() => parseCompanyArgs(argv as string[])).toThrow(UsageError);
  });
});

describe("reading a source", () => {
  it("a folder: the shallowest COMPANY.md is the root; .git/ and links skipped; binaries as base64", async () => {
    const dir = path.join(tmp, "repo");
    const write = (p: string, content: string | Uint8Array) => {
      fs.mkdirSync(path.dirname(path.join(dir, p)), { recursive: true });
      fs.writeFileSync(path.join(dir, p), content);
    };
    write("README.md", "outside the package");
    write("acme/COMPANY.md", "---\nname: Acme\n---\n");
    write("acme/agents/ceo/AGENTS.md", "Lead.\r\n");
    write("acme/images/logo.png", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]));
    write("acme/nested/deeper/COMPANY.md", "not the root");
    write("acme/.git/config", "[core]");
    fs.symlinkSync("/etc/passwd", path.join(dir, "acme/agents/ceo/SECRETS.md"));
    const { source, notes } = await resolveSource(dir, { ref: null, path: null });
    expect(source.type).toBe("inline");
    if (source.type !== "inline") return;
    expect(Object.keys(source.files)).toEqual(["COMPANY.md", "agents/ceo/AGENTS.md", "images/logo.png", "nested/deeper/COMPANY.md"]);
    expect(source.files["agents/ceo/AGENTS.md"]).toBe("Lead.\r\n");
    expect(source.files["images/logo.png"]).toEqual({ encoding: "base64", data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]).toString("base64"), contentType: "image/png" });
    expect(notes).toEqual([{ path: "acme/agents/ceo/SECRETS.md", reason: "symbolic link skipped" }]);
  });

  it("a zip: the same rules, symbolic links recognised by their Unix mode", async () => {
    const enc = (s: string) => new TextEncoder().encode(s);
    const zip = zipSync({
      "pkg/COMPANY.md": enc("---\nname: Zipped\n---\n"),
      "pkg/agents/ceo/AGENTS.md": enc("Zipped CEO"),
      "pkg/agents/ceo/LINK.md": [enc("/etc/passwd"), { os: 3, attrs: (0o120777 << 16) >>> 0 }],
      "pkg/.git/HEAD": enc("ref: refs/heads/main"),
    });
    expect([...readZip(zip).files.keys()].sort()).toEqual(["pkg/COMPANY.md", "pkg/agents/ceo/AGENTS.md"]);
    const file = path.join(tmp, "pkg.zip");
    fs.writeFileSync(file, zip);
    const { source, notes } = await resolveSource(file, { ref: null, path: null });
    expect(source).toEqual({ type: "inline", rootPath: null, files: { "COMPANY.md": "---\nname: Zipped\n---\n", "agents/ceo/AGENTS.md": "Zipped CEO" } });
    expect(notes).toEqual([{ path: "pkg/agents/ceo/LINK.md", reason: "symbolic link skipped" }]);
  });

  it("URLs: GitHub as github, others as git, with --ref and --path", async () => {
    expect((await resolveSource("https://github.com/paperclipai/companies/tree/main/x", { ref: null, path: null })).source).toEqual({ type: "github", url: "https://github.com/paperclipai/companies/tree/main/x" });
    expect((await resolveSource("https://git.example.com/acme.git", { ref: "v1", path: "acme" })).source).toEqual({ type: "git", url: "https://git.example.com/acme.git", ref: "v1", path: "acme" });
    expect((await resolveSource("git@github.com:acme/pkg.git", { ref: null, path: null })).source.type).toBe("git");
    expect((await resolveSource("file:///srv/pkg", { ref: null, path: null })).source.type).toBe("git");
  });

  it("refuses what is not a package source", async () => {
    await expect(resolveSource(path.join(tmp, "missing"), { ref: null, path: null })).rejects.toThrow(UsageError);
    const empty = path.join(tmp, "empty");
    fs.mkdirSync(empty);
    await expect(resolveSource(empty, { ref: null, path: null })).rejects.toThrow(/no COMPANY.md/);
    await expect(resolveSource(empty, { ref: "main", path: null })).rejects.toThrow(/--ref/);
  });

  it("packageRoot and toPackageFile", () => {
    expect(packageRoot(["b/COMPANY.md", "a/COMPANY.md", "a/x/COMPANY.md"])).toBe("a");
    expect(packageRoot(["x/y/COMPANY.md", "COMPANY.md"])).toBe("");
    expect(packageRoot(["README.md"])).toBeNull();
    expect(toPackageFile(new TextEncoder().encode("héllo 🚀"), "a.md")).toBe("héllo 🚀");
    expect(toPackageFile(new Uint8Array([0xff, 0xfe, 0x41]), "a.bin")).toMatchObject({ encoding: "base64", contentType: "application/octet-stream" });
  });
});

describe("printing", () => {
  it("a preview lists creates, skips, secrets and warnings; a refusal names each file", () => {
    const text = formatPreview({
      targetCompanyName: "Lumen Copy", source: { type: "inline" },
      plan: {
        companyAction: "create",
        agentPlans: [{ slug: "cto", action: "create", plannedName: "Ben", role: "manager", reportsToSlug: "ceo", status: "idle", adapterType: "claude_local" }],
        projectPlans: [{ slug: "web", action: "skip", plannedName: "Website", reason: "exists" }],
        issuePlans: [], goalPlans: [],
        routinePlans: [{ key: "daily", action: "create", plannedName: "Daily triage 2", assigneeSlug: "cto", reason: "renamed: Daily triage is taken" }],
      },
      requiredSecrets: [{ key: "GH_TOKEN", agentSlug: "cto", requirement: "required", declaredIn: ".paperclip.yaml" }],
      warnings: ["1 skill not imported"],
    }, "./lumen");
    expect(text.split("\n")).toEqual([
      'Import of ./lumen into a new company "Lumen Copy"',
      "Agents:", "  create  Ben [cto] — manager, reports to ceo, idle, claude_local",
      "Projects:", "  skip    Website [web]: exists",
      "Routines:", "  create  Daily triage 2 [daily] (renamed: Daily triage is taken)",
      "Required secrets (set them on the agents after the import):", "  GH_TOKEN (required) for cto, declared in .paperclip.yaml",
      "Warnings:", "  1 skill not imported",
    ]);
    expect(formatRefusal({ message: "The package cannot be imported", details: [{ path: "agents/a/AGENTS.md", message: "front matter is not YAML" }] }))
      .toBe("The package cannot be imported\n  agents/a/AGENTS.md: front matter is not YAML");
  });
});
