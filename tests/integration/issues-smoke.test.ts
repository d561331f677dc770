import { describe, expect, it } from "vitest";
import { client } from "../support/api";
import { createWorld } from "../factories";

describe("issues smoke", () => {
  it("creates, lists, checks out, comments with a mention, searches, releases", async () => {
    const w = await createWorld();
    const board = client(w.tokens.owner);
    const eng = client(w.tokens.engineer);
    const a = await board.post(`/api/companies/${w.company.id}/issues`, { title: "Fix the flux capacitor", priority: "high", assigneeAgentId: w.engineer.id });
    expect(a.status).toBe(201);
    expect(a.body.identifier).toBe(`${w.company.issuePrefix}-1`);
    expect(a.body.status).toBe("todo");
    const b = await board.post(`/api/companies/${w.company.id}/issues`, { title: "Low thing", priority: "low" });
    expect(b.body.identifier).toBe(`${w.company.issuePrefix}-2`);
    const list = await eng.get(`/api/companies/${w.company.id}/issues`);
    expect(list.body.map((i: any) => i.identifier)).toEqual([a.body.identifier, b.body.identifier]);
    const co = await eng.post(`/api/issues/${a.body.identifier}/checkout`, { agentId: w.engineer.id, expectedStatuses: ["todo"] });
    expect(co.status).toBe(200);
    expect(co.body.status).toBe("in_progress");
    expect(co.body.started_at).toBeTruthy();
    const again = await eng.post(`/api/issues/${a.body.id}/checkout`, { agentId: w.engineer.id, expectedStatuses: ["todo"] });
    expect(again.status).toBe(200);
    const other = await client(w.tokens.manager).post(`/api/issues/${a.body.id}/checkout`, { agentId: w.manager.id, expectedStatuses: ["todo", "in_progress"] });
    expect(other.status).toBe(409);
    const c = await eng.post(`/api/issues/${a.body.id}/comments`, { body: `Half done, @${w.manager.name} please review` });
    expect(c.status).toBe(201);
    const wakes = await board.get(`/api/agents/${w.manager.id}/wakeups`);
    expect(wakes.body.map((x: any) => x.reason)).toEqual(["mention"]);
    const found = await board.get(`/api/companies/${w.company.id}/issues?q=please%20rev`);
    expect(found.body.map((i: any) => i.id)).toEqual([a.body.id]);
    const detail = await board.get(`/api/issues/${a.body.identifier}`);
    expect(detail.body).toMatchObject({ project: null, goal: null, ancestors: [] });
    const rel = await eng.post(`/api/issues/${a.body.id}/release`);
    expect(rel.body).toMatchObject({ status: "todo", assigneeAgentId: null });
    const bad = await board.patch(`/api/issues/${b.body.id}`, { status: "done" });
    expect(bad.status).toBe(422);
  });
});
