// Company import from git, with the real git binary and repositories made in a temp dir (file://):
// clone, subfolder, branch, pinned commit, symbolic links skipped, hooks never run, failures that name
// the URL without user info, the time limit and the limit on fetches at once.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { POST as previewRoute } from "@/app/api/companies/[companyId]/imports/preview/route";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { client } from "../support/api";
import { createWorld } from "../factories";
import { fixture, git, gitEnv, gitRepo, tempDir } from "../support/packages";

const preview = (token: string, companyId: string, source: Record<string, unknown>) =>
  client(token).post(`/api/companies/${companyId}/imports/preview`, { source, target: { mode: "new_company" } });

afterEach(() => {
  delete process.env.GIT_TEMPLATE_DIR;
  delete process.env.CHARTER_GIT_TIMEOUT_SEC;
  resetEnvCache();
});

describe("git sources (file://, board callers)", () => {
  it("previews a clone with its commit, and applies pinned to that commit even after the branch moved", async () => {
    const w = await createWorld();
    const repo = gitRepo(fixture("lumen-studio"), "companies/lumen");
    const res = await preview(w.tokens.owner, w.company.id, { type: "git", url: repo.url, path: "companies/lumen" });
    expect(res.status).toBe(200);
    expect(res.body.source).toEqual({ type: "git", url: repo.url, ref: null, path: "companies/lumen", commit: repo.commit });
    expect(res.body.plan.agentPlans.map((a: { slug: string }) => a.slug)).toEqual(["ceo", "cto", "qa"]);
    fs.writeFileSync(path.join(repo.dir, "companies/lumen/agents/qa/AGENTS.md"), "---\nname: Changed\n---\n");
    git(repo.dir, "commit", "-qam", "change");
    const applied = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/imports/apply`, {
      source: { type: "git", url: repo.url, path: "companies/lumen", ref: repo.commit }, target: { mode: "new_company" },
    });
    expect(applied.status).toBe(201);
    expect(applied.body.source.commit).toBe(repo.commit);
    expect(applied.body.agents.map((a: { name: string }) => a.name)).toEqual(["Ada", "Ben", "Quinn"]);
  });

  it("reads a branch by name, binaries as base64, and skips symbolic links", async () => {
    const w = await createWorld();
    const repo = gitRepo(fixture("figurio-shape"));
    git(repo.dir, "checkout", "-q", "-b", "release");
    fs.symlinkSync("/etc/passwd", path.join(repo.dir, "agents/ceo/SECRETS.md"));
    fs.mkdirSync(path.join(repo.dir, "agents/linked"));
    fs.symlinkSync("/etc/hostname", path.join(repo.dir, "agents/linked/AGENTS.md"));
    git(repo.dir, "add", "-A");
    git(repo.dir, "commit", "-qm", "links");
    const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/imports/apply`, {
      source: { type: "git", url: repo.url, ref: "release" }, target: { mode: "new_company" },
    });
    expect(res.status).toBe(201);
    expect(res.body.agents.map((a: { slug: string }) => a.slug).sort()).toEqual(["builder", "ceo", "ops"]);
    const company = await db().company.findUniqueOrThrow({ where: { id: res.body.company.id } });
    expect(company.logoAssetId).not.toBeNull();
    const ceo = res.body.agents.find((a: { slug: string }) => a.slug === "ceo");
    const files = await db().agentInstructionsFile.findMany({ where: { agentId: ceo.id } });
    expect(files.map((f) => f.path).sort()).toEqual(["AGENTS.md", "HEARTBEAT.md"]);
  });

  it("never runs a hook or anything else from the package", async () => {
    const w = await createWorld();
    const marker = path.join(tempDir("charter-marker-"), "ran");
    const template = tempDir("charter-template-");
    fs.mkdirSync(path.join(template, "hooks"));
    for (const hook of ["post-checkout", "post-merge", "reference-transaction", "post-index-change"]) {
      fs.writeFileSync(path.join(template, "hooks", hook), `#!/bin/sh\ntouch ${marker}\n`, { mode: 0o755 });
    }
    const repo = gitRepo({ ...fixture("lumen-studio"), "scripts/install.sh": `#!/bin/sh\ntouch ${marker}\n` });
    // the hooks work: an ordinary clone with this template runs them
    const probe = path.join(tempDir(), "probe");
    execFileSync("git", ["clone", "-q", repo.url, probe], { env: { ...process.env, ...gitEnv, GIT_TEMPLATE_DIR: template } });
    expect(fs.existsSync(marker)).toBe(true);
    fs.rmSync(marker);
    process.env.GIT_TEMPLATE_DIR = template;
    const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/imports/apply`, { source: { type: "git", url: repo.url }, target: { mode: "new_company" } });
    expect(res.status).toBe(201);
    expect(res.body.warnings).toContain("executable content not imported: 1 file (scripts/install.sh)");
    expect(fs.existsSync(marker)).toBe(false);
  });

  it("answers 422 source_unavailable for a missing repository, a missing ref and a host that refuses, naming the URL without user info", async () => {
    const w = await createWorld();
    const before = await db().company.count();
    const repo = gitRepo(fixture("lumen-studio"));
    const started = Date.now();
    for (const source of [
      { type: "git", url: `file://${tempDir()}/nothing-here` },
      { type: "git", url: repo.url, ref: "no-such-branch" },
      { type: "git", url: "https://someone:hunter2@127.0.0.1:1/acme.git" },
    ]) {
      const res = await preview(w.tokens.owner, w.company.id, source);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.code).toBe("source_unavailable");
      expect(res.text).not.toContain("hunter2");
      expect(res.text).not.toContain("fatal");
    }
    expect(Date.now() - started).toBeLessThan(20_000);
    const last = await preview(w.tokens.owner, w.company.id, { type: "git", url: "https://someone:hunter2@127.0.0.1:1/acme.git" });
    expect(last.body.error).toBe("Could not fetch https://127.0.0.1:1/acme.git");
    expect(await db().company.count()).toBe(before);
  });
});

/** A TCP server that accepts and never answers: a git fetch against it hangs until killed. */
async function silentServer(): Promise<{ port: number; close: () => void }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => {
      sockets.forEach((s) => s.destroy());
      server.close();
    },
  };
}

describe("time and concurrency limits", () => {
  it("kills a fetch past CHARTER_GIT_TIMEOUT_SEC", async () => {
    const w = await createWorld();
    const server = await silentServer();
    process.env.CHARTER_GIT_TIMEOUT_SEC = "2";
    resetEnvCache();
    try {
      const started = Date.now();
      const res = await preview(w.tokens.owner, w.company.id, { type: "git", url: `git://127.0.0.1:${server.port}/slow.git` });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: "source_unavailable", error: `Fetching git://127.0.0.1:${server.port}/slow.git took too long` });
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      server.close();
    }
  });

  it("answers 503 with Retry-After past four fetches at once", async () => {
    const w = await createWorld();
    const server = await silentServer();
    process.env.CHARTER_GIT_TIMEOUT_SEC = "20";
    resetEnvCache();
    try {
      const slow = Array.from({ length: 4 }, (_, i) => preview(w.tokens.owner, w.company.id, { type: "git", url: `git://127.0.0.1:${server.port}/r${i}.git` }));
      await new Promise((r) => setTimeout(r, 300));
      // called directly: the shared test client refuses every 5xx
      const req = new NextRequest(`http://charter.test/api/companies/${w.company.id}/imports/preview`, {
        method: "POST", headers: { authorization: `Bearer ${w.tokens.owner}`, "content-type": "application/json" },
        body: JSON.stringify({ source: { type: "git", url: `git://127.0.0.1:${server.port}/r5.git` }, target: { mode: "new_company" } }),
      });
      const fifth = await previewRoute(req, { params: Promise.resolve({ companyId: w.company.id }) });
      expect(fifth.status).toBe(503);
      expect((await fifth.json()).code).toBe("unavailable");
      expect(Number(fifth.headers.get("retry-after"))).toBeGreaterThan(0);
      server.close();
      for (const res of await Promise.all(slow)) expect(res.body.code).toBe("source_unavailable");
    } finally {
      server.close();
    }
  });
});
