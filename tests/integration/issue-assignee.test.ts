import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { createWorld } from "../factories";

describe("one assignee per issue", () => {
  it("refuses both kinds at once, and naming one kind clears the other", async () => {
    const w = await createWorld();
    const board = client(w.tokens.owner);
    const both = await board.post(`/api/companies/${w.company.id}/issues`, { title: "Both", assigneeAgentId: w.engineer.id, assigneeUserId: w.owner.id });
    expect(both.status).toBe(400);
    expect(both.body.details).toEqual([expect.objectContaining({ path: "body.assigneeUserId" })]);

    const issue = (await board.post(`/api/companies/${w.company.id}/issues`, { title: "Human first", assigneeUserId: w.owner.id })).body;
    const toAgent = await board.patch(`/api/issues/${issue.id}`, { assigneeAgentId: w.engineer.id });
    expect(toAgent.body).toMatchObject({ assigneeAgentId: w.engineer.id, assigneeUserId: null });
    const toUser = await board.patch(`/api/issues/${issue.id}`, { assigneeUserId: w.owner.id });
    expect(toUser.body).toMatchObject({ assigneeAgentId: null, assigneeUserId: w.owner.id });

    const co = await client(w.tokens.engineer).post(`/api/issues/${issue.id}/checkout`, { agentId: w.engineer.id, expectedStatuses: ["todo"] });
    expect(co.status).toBe(200);
    const row = await db().issue.findUniqueOrThrow({ where: { id: issue.id } });
    expect([row.assigneeAgentId, row.assigneeUserId]).toEqual([w.engineer.id, null]);
  });
});
