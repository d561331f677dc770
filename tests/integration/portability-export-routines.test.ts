// Routines in a company export: in .charter.yaml with their schedule (and api) triggers, by agent
// slug; a webhook trigger and its secret never leave (a warning says so).
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { client } from "../support/api";
import { createWorld } from "../factories";
import { makeRoutine } from "../support/routines";

describe("routines in an export", () => {
  it("travel in the manifest with their schedule triggers, never a webhook secret", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const r = await makeRoutine(w, { description: "Sort new issues", concurrencyPolicy: "always_create", titleTemplate: "Triage {{date}}" });
    expect((await api.post(`/api/routines/${r.id}/triggers`, { kind: "schedule", cron: "0 9 * * 1-5", timezone: "Europe/Paris" })).status).toBe(201);
    const hook = await api.post(`/api/routines/${r.id}/triggers`, { kind: "webhook" });
    await makeRoutine(w, { name: "Weekly report", assigneeAgentId: w.manager.id, status: "paused" });
    const res = await api.post(`/api/companies/${w.company.id}/exports/preview`, {});
    expect(res.status, res.text).toBe(200);
    const manifest = parse(String(res.body.files[".charter.yaml"]));
    expect(manifest.routines).toEqual({
      "daily-triage": {
        name: "Daily triage", description: "Sort new issues", assignee: w.engineer.urlKey, titleTemplate: "Triage {{date}}",
        concurrencyPolicy: "always_create", triggers: [{ kind: "schedule", cron: "0 9 * * 1-5", timezone: "Europe/Paris" }],
      },
      "weekly-report": { name: "Weekly report", assignee: w.manager.urlKey, titleTemplate: "{{routine}} {{date}}", status: "paused" },
    });
    expect(res.body.warnings).toContain("routine daily-triage: 1 webhook trigger not exported (a webhook's secret never leaves); add it again after import");
    expect(res.text).not.toContain(hook.body.secret);
    expect(res.text).not.toContain(hook.body.url.split("/").at(-2));
    const noAgents = await api.post(`/api/companies/${w.company.id}/exports/preview`, { include: { agents: false } });
    expect(parse(String(noAgents.body.files[".charter.yaml"])).routines).toBeUndefined();
  });
});
