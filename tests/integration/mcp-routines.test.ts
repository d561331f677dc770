// The routine tools over /mcp: the same services and permission checks as the API.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { callTool } from "../support/oauth";
import { createAgentWithKey, createWorld } from "../factories";
import { makeRoutine } from "../support/routines";

describe("routine tools over /mcp", () => {
  it("an agent lists its company's routines and its manager runs one; a peer may not; another company's is not_found", async () => {
    const w = await createWorld();
    const r = await makeRoutine(w, { description: "Look at the new issues" });
    const listed = await callTool(w.tokens.engineer, "list_routines", { status: "active" });
    expect(listed.isError).toBe(false);
    expect(listed.value.items.map((x: { id: string }) => x.id)).toEqual([r.id]);
    const ran = await callTool(w.tokens.manager, "run_routine", { routineId: r.id });
    expect(ran.isError).toBe(false);
    expect(ran.value).toMatchObject({ routineId: r.id, source: "api", status: "issue_created" });
    const peer = await createAgentWithKey(w.company.id, { name: "Peer" });
    const refused = await callTool(peer.token, "run_routine", { routineId: r.id });
    expect(refused.value.code).toBe("forbidden");
    const other = await createWorld();
    const foreign = await callTool(other.tokens.owner, "run_routine", { routineId: r.id });
    expect(foreign.value.code).toBe("not_found");
    expect(await db().routineRun.count({ where: { routineId: r.id } })).toBe(1);
  });
});
