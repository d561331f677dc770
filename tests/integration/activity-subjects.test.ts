import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { createWorld } from "../factories";

describe("activity subjects and the issue filter", () => {
  it("an issue's rows (its changes and comments) filter by entity and name the issue; other kinds name theirs", async () => {
    const w = await createWorld();
    const owner = client(w.tokens.owner);
    const issue = (await owner.post(`/api/companies/${w.company.id}/issues`, { title: "Fix the login" })).body;
    const other = (await owner.post(`/api/companies/${w.company.id}/issues`, { title: "Unrelated" })).body;
    expect((await owner.post(`/api/issues/${issue.id}/comments`, { body: "On it" })).status).toBe(201);
    expect((await owner.patch(`/api/issues/${issue.id}`, { status: "todo" })).status).toBe(200);
    expect((await owner.patch(`/api/agents/${w.engineer.id}`, { title: "Backend" })).status).toBe(200);

    const rows = (await owner.get(`/api/companies/${w.company.id}/activity?entityType=issue&entityId=${issue.id}`)).body;
    expect(rows.map((r: { action: string }) => r.action)).toEqual(["issue.status_changed", "issue.commented", "issue.created"]);
    for (const r of rows) expect(r.subject).toEqual({ label: issue.identifier, title: "Fix the login", ref: issue.identifier });
    expect(rows.some((r: { entityId: string }) => r.entityId === other.id)).toBe(false);

    const agentRow = (await owner.get(`/api/companies/${w.company.id}/activity?entityType=agent&entityId=${w.engineer.id}`)).body[0];
    expect(agentRow.subject).toEqual({ label: w.engineer.name, title: null, ref: w.engineer.urlKey });

    // a row whose entity is gone has no subject (and the feed does not fail)
    await db().issue.delete({ where: { id: other.id } });
    const gone = (await owner.get(`/api/companies/${w.company.id}/activity?entityType=issue&entityId=${other.id}`)).body;
    expect(gone.map((r: { subject: unknown }) => r.subject)).toEqual([null]);
  });

  it("a subject is named only from its own company's rows", async () => {
    const w = await createWorld();
    const outsider = await createWorld();
    // a forged row in w's log naming the outsider's agent must not leak its name
    await db().activityLog.create({ data: { companyId: w.company.id, actorType: "system", action: "agent.updated", entityType: "agent", entityId: outsider.ceo.id, details: {} } });
    const row = (await client(w.tokens.owner).get(`/api/companies/${w.company.id}/activity?entityType=agent&entityId=${outsider.ceo.id}`)).body[0];
    expect(row.subject).toBeNull();
    expect((await client(outsider.tokens.owner).get(`/api/companies/${w.company.id}/activity`)).status).toBe(404);
  });
});
