// The issue JSON shows its execution lock (`lockedAt`, `checkoutRunId`), which the board's issue page
// uses to name who holds it and since when: set by checkout, the same on every read, cleared by release.
import { describe, expect, it } from "vitest";
import { client } from "../support/api";
import { createWorld, mintRunKey } from "../factories";

describe("the lock in the issue JSON", () => {
  it("checkout from a run sets lockedAt and checkoutRunId; reads agree; release clears both", async () => {
    const w = await createWorld();
    const created = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, { title: "Locked work", status: "todo" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ lockedAt: null, checkoutRunId: null });

    const { run, token } = await mintRunKey(w.engineer);
    const out = await client(token).post(`/api/issues/${created.body.id}/checkout`, { agentId: w.engineer.id, expectedStatuses: ["todo"] });
    expect(out.status).toBe(200);
    expect(out.body.checkoutRunId).toBe(run.id);
    expect(Date.parse(out.body.lockedAt)).not.toBeNaN();

    const detail = await client(w.tokens.owner).get(`/api/issues/${created.body.id}`);
    const list = await client(w.tokens.owner).get(`/api/companies/${w.company.id}/issues?status=in_progress`);
    expect(detail.body).toMatchObject({ lockedAt: out.body.lockedAt, checkoutRunId: run.id });
    expect(list.body).toEqual([expect.objectContaining({ id: created.body.id, lockedAt: out.body.lockedAt, checkoutRunId: run.id })]);

    const released = await client(w.tokens.owner).post(`/api/issues/${created.body.id}/release`);
    expect(released.status).toBe(200);
    expect(released.body).toMatchObject({ status: "todo", assigneeAgentId: null, lockedAt: null, checkoutRunId: null });
  });

  it("a checkout by the board locks without a run", async () => {
    const w = await createWorld();
    const created = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, { title: "Board-started work", status: "todo" });
    const out = await client(w.tokens.owner).post(`/api/issues/${created.body.id}/checkout`, { agentId: w.engineer.id, expectedStatuses: ["todo"] });
    expect(out.status).toBe(200);
    expect(out.body.lockedAt).not.toBeNull();
    expect(out.body.checkoutRunId).toBeNull();
  });
});
