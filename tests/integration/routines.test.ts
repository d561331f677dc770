import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { createAgent, createWorld } from "../factories";

type World = Awaited<ReturnType<typeof createWorld>>;

async function routine(w: World, fields: Record<string, unknown> = {}) {
  const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/routines`, { name: "Daily triage", assigneeAgentId: w.engineer.id, ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe("routines: create, read, change, delete", () => {
  it("creates a routine with the defaults and an activity row, and lists it", async () => {
    const w = await createWorld();
    const r = await routine(w, { description: "Look at new issues" });
    expect(r).toMatchObject({
      companyId: w.company.id, name: "Daily triage", description: "Look at new issues", assigneeAgentId: w.engineer.id,
      titleTemplate: "{{routine}} {{date}}", priority: "medium", status: "active", concurrencyPolicy: "skip_if_active",
      catchUpPolicy: "skip_missed", triggers: [], nextFireAt: null, lastRun: null, projectId: null, goalId: null, parentIssueId: null,
    });
    const activity = await db().activityLog.findMany({ where: { companyId: w.company.id, entityId: r.id } });
    expect(activity.map((a) => a.action)).toEqual(["routine.created"]);
    const list = await client(w.tokens.engineer).get(`/api/companies/${w.company.id}/routines`);
    expect(list.status).toBe(200);
    expect(list.body.map((x: { id: string }) => x.id)).toEqual([r.id]);
  });

  it("answers 404 for an assignee of another company and 422 for a terminated one, creating nothing", async () => {
    const w = await createWorld();
    const other = await createWorld();
    const api = client(w.tokens.owner);
    const foreign = await api.post(`/api/companies/${w.company.id}/routines`, { name: "x", assigneeAgentId: other.engineer.id });
    expect(foreign.status).toBe(404);
    const gone = await createAgent(w.company.id, { name: "Gone", status: "terminated" });
    const dead = await api.post(`/api/companies/${w.company.id}/routines`, { name: "x", assigneeAgentId: gone.id });
    expect(dead.status).toBe(422);
    expect(dead.body.code).toBe("invalid_reference");
    expect(await db().routine.count({ where: { companyId: w.company.id } })).toBe(0);
  });

  it("adds a schedule trigger with its next five windows and words; bad cron or zone is 422 naming the field", async () => {
    const w = await createWorld();
    const r = await routine(w);
    const api = client(w.tokens.owner);
    const t = await api.post(`/api/routines/${r.id}/triggers`, { kind: "schedule", cron: "0 9 * * 1-5", timezone: "Europe/Paris" });
    expect(t.status, JSON.stringify(t.body)).toBe(201);
    expect(t.body).toMatchObject({ kind: "schedule", cron: "0 9 * * 1-5", timezone: "Europe/Paris", url: null, secret: null, description: "At 09:00, Monday through Friday" });
    expect(t.body.nextFireTimes).toHaveLength(5);
    for (const [body, path] of [
      [{ kind: "schedule", cron: "0 9 * *", timezone: "UTC" }, "cron"],
      [{ kind: "schedule", cron: "*/5 * * * * *", timezone: "UTC" }, "cron"],
      [{ kind: "schedule", cron: "0 0 30 2 *", timezone: "UTC" }, "cron"],
      [{ kind: "schedule", cron: "61 * * * *", timezone: "UTC" }, "cron"],
      [{ kind: "schedule", cron: "0 9 * * *", timezone: "Mars/Olympus" }, "timezone"],
      [{ kind: "schedule", cron: "0 9 * * *", timezone: "+05:00" }, "timezone"],
    ] as const) {
      const res = await api.post(`/api/routines/${r.id}/triggers`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body).toMatchObject({ code: "invalid_schedule", details: [{ path }] });
    }
    expect(await db().routineTrigger.count({ where: { routineId: r.id } })).toBe(1);
    const read = await api.get(`/api/routines/${r.id}`);
    expect(read.body.triggers).toHaveLength(1);
    expect(read.body.nextFireAt).toBe(t.body.nextFireTimes[0]);
  });

  it("runs a routine now: an issue for the assignee, a routine wake carrying name and description, the run 202", async () => {
    const w = await createWorld();
    const r = await routine(w, { description: "Sort the **new** issues", titleTemplate: "{{routine}} on {{date}} at {{time}}" });
    const res = await client(w.tokens.owner).post(`/api/routines/${r.id}/run`);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ routineId: r.id, source: "api", status: "issue_created", triggerId: null, reason: null });
    const issue = await db().issue.findUniqueOrThrow({ where: { id: res.body.issueId } });
    expect(issue).toMatchObject({ assigneeAgentId: w.engineer.id, status: "todo", description: "Sort the **new** issues" });
    expect(issue.title).toMatch(/^Daily triage on \d{4}-\d{2}-\d{2} at \d{2}:\d{2}$/);
    const wakes = await client(w.tokens.owner).get(`/api/agents/${w.engineer.id}/wakeups`);
    expect(wakes.body[0]).toMatchObject({ reason: "routine", issueId: issue.id, payload: { routineName: "Daily triage", routineDescription: "Sort the **new** issues", routineId: r.id } });
  });
});
