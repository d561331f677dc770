// The liveness limits travel in a package (lib/portability/liveness-limits.ts): the company's in the
// manifest's `company`, an agent's silenceLimitSec and retryBudget in its entry's `runtime` (as in
// .paperclip.yaml); defaults are left out; an import takes values in range and names the others.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { createWorld } from "../factories";

type World = Awaited<ReturnType<typeof createWorld>>;

async function withLimits(): Promise<World> {
  const w = await createWorld();
  const owner = client(w.tokens.owner);
  expect((await owner.patch(`/api/companies/${w.company.id}`, { staleCheckoutSec: 900, wakeCapPerHour: 30, waitLimitSec: 3600 })).status).toBe(200);
  expect((await owner.patch(`/api/agents/${w.engineer.id}`, { runtimeConfig: { silenceLimitSec: 120, retryBudget: 5 } })).status).toBe(200);
  return w;
}

const exportFiles = async (w: World) => {
  const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/exports`, {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.files as Record<string, string>;
};

const importNew = async (w: World, files: Record<string, unknown>, name: string) => {
  const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/imports/apply`, {
    source: { type: "inline", files }, target: { mode: "new_company", newCompanyName: name },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { company: { id: string }; agents: { id: string; name: string }[]; warnings: string[] };
};

const runtimeOf = async (agentId: string) => (await db().agent.findUniqueOrThrow({ where: { id: agentId } })).runtimeConfig;

describe("liveness limits in a package", () => {
  it("export writes the limits that differ from the defaults; import as a new company restores them", async () => {
    const w = await withLimits();
    const files = await exportFiles(w);
    const manifest = files[".charter.yaml"];
    expect(manifest).toMatch(/company:\n( {2}.*\n)* {2}staleCheckoutSec: 900\n {2}wakeCapPerHour: 30\n {2}waitLimitSec: 3600\n/);
    expect(manifest).toMatch(new RegExp(`  ${w.engineer.urlKey}:\\n(    .*\\n)*    runtime:\\n      silenceLimitSec: 120\\n      retryBudget: 5\\n`));
    // an agent at the defaults carries no runtime
    expect(manifest.match(/runtime:/g)).toHaveLength(1);

    const imported = await importNew(w, files, "Limits Copy");
    expect(await db().company.findUniqueOrThrow({ where: { id: imported.company.id } })).toMatchObject({ staleCheckoutSec: 900, wakeCapPerHour: 30, waitLimitSec: 3600 });
    const byName = (name: string) => imported.agents.find((a) => a.name === name)!.id;
    expect(await runtimeOf(byName(w.engineer.name))).toEqual({ heartbeat: { enabled: false }, silenceLimitSec: 120, retryBudget: 5 });
    expect(await runtimeOf(byName(w.manager.name))).toEqual({ heartbeat: { enabled: false } });
    // and the copy exports the same limits again
    const again = await exportFiles({ ...w, company: { ...w.company, id: imported.company.id } });
    expect(again[".charter.yaml"]).toContain("staleCheckoutSec: 900");
  });

  it("a limit out of range or of the wrong type is a warning and the default; .paperclip.yaml's runtime is read too", async () => {
    const w = await withLimits();
    const files = await exportFiles(w);
    files[".charter.yaml"] = files[".charter.yaml"].replace("wakeCapPerHour: 30", "wakeCapPerHour: 0").replace("retryBudget: 5", "retryBudget: 21")
      .replace("silenceLimitSec: 120", "silenceLimitSec: \"soon\"");
    const imported = await importNew(w, files, "Bad Limits");
    expect(imported.warnings).toEqual(expect.arrayContaining([
      expect.stringMatching(/^\.charter\.yaml: company: wakeCapPerHour 0 not imported \(must be between 1 and 1000\)/),
      expect.stringMatching(new RegExp(`^\\.charter\\.yaml: agent ${w.engineer.urlKey}: runtime: retryBudget 21 not imported`)),
      expect.stringMatching(new RegExp(`^\\.charter\\.yaml: agent ${w.engineer.urlKey}: runtime: silenceLimitSec "soon" not imported`)),
    ]));
    expect(await db().company.findUniqueOrThrow({ where: { id: imported.company.id } })).toMatchObject({ staleCheckoutSec: 900, wakeCapPerHour: 12 });
    const engineer = imported.agents.find((a) => a.name === w.engineer.name)!.id;
    expect(await runtimeOf(engineer)).toEqual({ heartbeat: { enabled: false } });

    const paperclip = await importNew(w, {
      "COMPANY.md": "---\nname: Clip\n---\n",
      "agents/ceo/AGENTS.md": "---\nname: Clip Chief\n---\nLead.\n",
      ".paperclip.yaml": "schema: paperclip/v1\nagents:\n  ceo:\n    runtime:\n      silenceLimitSec: 600\n      heartbeat:\n        enabled: true\n",
    }, "Clip");
    expect(paperclip.warnings).toContain(".paperclip.yaml: agent ceo: keys not imported: runtime.heartbeat");
    expect(await runtimeOf(paperclip.agents[0].id)).toEqual({ heartbeat: { enabled: false }, silenceLimitSec: 600 });
  });
});
