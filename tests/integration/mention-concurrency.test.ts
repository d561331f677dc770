import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { client } from "../support/api";
import { createWorld } from "../factories";

describe("concurrent mentions", () => {
  it("comments mentioning the same agents in opposite orders all succeed, one wake each", async () => {
    const w = await createWorld();
    const board = client(w.tokens.owner);
    const issues = await Promise.all(
      Array.from({ length: 4 }, (_, i) => board.post(`/api/companies/${w.company.id}/issues`, { title: `Race ${i}` })),
    );
    const a = `@${w.manager.name}`;
    const b = `@${w.engineer.name}`;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        board.post(`/api/issues/${issues[i % 4].body.id}/comments`, { body: i % 2 ? `${a} ${b}` : `${b} ${a}` })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const wakes = await db().wakeRequest.count({ where: { companyId: w.company.id, reason: "mention" } });
    expect(wakes).toBe(40);
  });
});
