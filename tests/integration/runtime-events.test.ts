// Live events: GET /api/companies/:companyId/events streams every committed change of the company,
// fed by PostgreSQL LISTEN/NOTIFY, so a change made through any connection (any app instance)
// reaches every instance's browsers.
import { afterAll, describe, expect, it } from "vitest";
import { env } from "@/lib/env";
import { EventHub, resetEventHub, type LiveEvent } from "@/lib/runtime/events";
import { client } from "../support/api";
import { openEvents } from "../support/sse";
import { createWorld } from "../factories";

afterAll(async () => {
  await resetEventHub();
});

describe("GET /api/companies/:companyId/events", () => {
  it("streams a change committed by a board user to the company's SSE clients, with a small payload", async () => {
    const w = await createWorld();
    const sse = await openEvents(w.company.id, w.tokens.owner);
    expect(sse.res.headers.get("content-type")).toContain("text/event-stream");
    const issue = (await client(w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, { title: "Live" })).body;
    const got = await sse.waitFor((e) => e.event === "change" && e.data.entityId === issue.id, "issue.created");
    expect(got.data).toMatchObject({ companyId: w.company.id, entityType: "issue", entityId: issue.id, action: "issue.created" });
    expect(Object.keys(got.data).sort()).toEqual(["action", "activityId", "companyId", "entityId", "entityType"]);
    await sse.close();
  });

  it("is open to an agent of the company (by prefix too), and carries nothing of another company", async () => {
    const w = await createWorld();
    const other = await createWorld();
    const sse = await openEvents(w.company.issuePrefix, w.tokens.engineer);
    expect(sse.res.status).toBe(200);
    await client(other.tokens.owner).post(`/api/companies/${other.company.id}/issues`, { title: "Elsewhere" });
    const mine = (await client(w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, { title: "Mine" })).body;
    await sse.waitFor((e) => e.data.entityId === mine.id, "own change");
    expect(sse.events.filter((e) => e.event === "change").every((e) => e.data.companyId === w.company.id)).toBe(true);
    await sse.close();
  });

  it("answers 404 to another company's board user and agent, and 401 without credentials", async () => {
    const w = await createWorld();
    const other = await createWorld();
    for (const token of [other.tokens.owner, other.tokens.engineer]) {
      const sse = await openEvents(w.company.id, token);
      expect(sse.res.status).toBe(404);
      expect(JSON.parse(await sse.res.text())).toMatchObject({ code: "not_found" });
    }
    const anon = await client(null).get(`/api/companies/${w.company.id}/events`);
    expect(anon.status).toBe(401);
  });

  it("two instances: a change committed through one reaches the listener of another (two LISTEN connections)", async () => {
    const w = await createWorld();
    // instance B: its own hub on its own connection, as another app process would have
    const hubB = new EventHub(() => env().DATABASE_URL!);
    const seen: LiveEvent[] = [];
    const unsubscribe = await hubB.subscribe(w.company.id, (e) => seen.push(e));
    // instance A: this process's SSE clients and API
    const sseA = await openEvents(w.company.id, w.tokens.owner);
    await client(w.tokens.owner).post(`/api/agents/${w.engineer.id}/pause`);
    await sseA.waitFor((e) => e.data.action === "agent.paused", "agent.paused on A");
    const deadline = Date.now() + 5000;
    while (!seen.some((e) => e.action === "agent.paused") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect(seen.find((e) => e.action === "agent.paused")).toMatchObject({ companyId: w.company.id, entityType: "agent", entityId: w.engineer.id });
    unsubscribe();
    await hubB.close();
    await sseA.close();
  });
});
