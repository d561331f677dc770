// GET/PUT /api/agents/:agentId/instructions: an agent's managed instructions bundle, its limits, who
// may read and write it, and how config revisions and rollback cover it.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { fitBundle } from "@/lib/services/agents/instructions-bundle";
import { client } from "../support/api";
import { createAgentWithKey, createBoardUser, createWorld } from "../factories";

const url = (id: string) => `/api/agents/${id}/instructions`;
const stored = async (agentId: string) =>
  (await db().agentInstructionsFile.findMany({ where: { agentId }, orderBy: { path: "asc" } })).map((f) => ({ path: f.path, content: f.content }));

const tricky = [
  "# Engineer\r\n\r\nYou ship things.   \r\n",
  "Unicode: héllo wörld, 日本語, emoji 🚀🧪, combining é, RTL שלום, zero-width \u200b.\n",
  "Trailing whitespace and tabs\t \n\n\n   ",
].join("");

describe("round trip", () => {
  it("stores and returns every byte: CRLF, unicode, trailing whitespace; AGENTS.md first, then by name", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const empty = await api.get(url(w.engineer.id));
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ files: [], updatedAt: null });

    const files = [
      { path: "SOUL.md", content: "soul\n" },
      { path: "AGENTS.md", content: tricky },
      { path: "HEARTBEAT.md", content: "" },
    ];
    const put = await api.put(url(w.engineer.id), { files });
    expect(put.status).toBe(200);
    const expected = [files[1], files[2], files[0]];
    expect(put.body.files).toEqual(expected);
    expect(typeof put.body.updatedAt).toBe("string");

    const got = await client(w.tokens.engineer).get(url(w.engineer.urlKey));
    expect(got.status).toBe(200);
    expect(got.body.files).toEqual(expected);
    expect(Buffer.from(got.body.files[0].content, "utf8").equals(Buffer.from(tricky, "utf8"))).toBe(true);

    const cleared = await api.put(url(w.engineer.id), { files: [] });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({ files: [], updatedAt: null });
    expect(await stored(w.engineer.id)).toEqual([]);
  });

  it("writes an activity row naming the files", async () => {
    const w = await createWorld();
    await client(w.tokens.engineer).put(url(w.engineer.id), { files: [{ path: "AGENTS.md", content: "hi" }, { path: "TOOLS.md", content: "x" }] });
    const rows = await db().activityLog.findMany({ where: { companyId: w.company.id, action: "agent.instructions_updated" } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorType: "agent", actorId: w.engineer.id, entityType: "agent", entityId: w.engineer.id });
    expect(rows[0].details).toMatchObject({ files: ["AGENTS.md", "TOOLS.md"], bytes: 3 });
  });
});

describe("limits and names: 400 naming the file, nothing changes", () => {
  const bad: [string, unknown[], RegExp][] = [
    ["a folder in the name", [{ path: "AGENTS.md", content: "" }, { path: "docs/x.md", content: "" }], /docs\/x\.md/],
    ["a dot-dot name", [{ path: "AGENTS.md", content: "" }, { path: "../evil.md", content: "" }], /\.\.\/evil\.md/],
    ["not markdown", [{ path: "AGENTS.md", content: "" }, { path: "run.sh", content: "" }], /run\.sh/],
    ["a space in the name", [{ path: "AGENTS.md", content: "" }, { path: "MY NOTES.md", content: "" }], /MY NOTES\.md/],
    ["no AGENTS.md", [{ path: "SOUL.md", content: "" }], /AGENTS\.md/],
    ["a duplicate, case-insensitive", [{ path: "AGENTS.md", content: "" }, { path: "agents.md", content: "" }], /agents\.md/],
    ["33 files", [{ path: "AGENTS.md", content: "" }, ...Array.from({ length: 32 }, (_, i) => ({ path: `F${i}.md`, content: "" }))], /32 files/],
    ["over 512 KiB", [{ path: "AGENTS.md", content: "a".repeat(300 * 1024) }, { path: "BIG.md", content: "é".repeat(110 * 1024) }], /512 KiB/],
  ];
  it.each(bad)("%s", async (_name, files, message) => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    await api.put(url(w.engineer.id), { files: [{ path: "AGENTS.md", content: "keep me" }] });
    const revisions = await db().agentConfigRevision.count({ where: { agentId: w.engineer.id } });
    const res = await api.put(url(w.engineer.id), { files });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_error");
    expect(JSON.stringify(res.body.details)).toMatch(message);
    expect(await stored(w.engineer.id)).toEqual([{ path: "AGENTS.md", content: "keep me" }]);
    expect(await db().agentConfigRevision.count({ where: { agentId: w.engineer.id } })).toBe(revisions);
  });

  it("NUL in a file or a malformed body is 400", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    for (const body of [
      { files: [{ path: "AGENTS.md", content: "a\u0000b" }] },
      { files: [{ path: "AGENTS.md" }] },
      { files: [{ path: "AGENTS.md", content: "x", extra: 1 }] },
      { files: "AGENTS.md" },
      {},
    ]) {
      const res = await api.put(url(w.engineer.id), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await stored(w.engineer.id)).toEqual([]);
  });

  it("exactly 32 files and 512 KiB fit", async () => {
    const w = await createWorld();
    const files = [{ path: "AGENTS.md", content: "a".repeat(512 * 1024 - 31) }, ...Array.from({ length: 31 }, (_, i) => ({ path: `F${String(i).padStart(2, "0")}.md`, content: "b" }))];
    const res = await client(w.tokens.owner).put(url(w.engineer.id), { files });
    expect(res.status).toBe(200);
    expect(res.body.files).toHaveLength(32);
  });
});

describe("fitBundle keeps what fits", () => {
  it("drops bad names, NUL, duplicates and what passes the limits, AGENTS.md first", () => {
    const { kept, dropped } = fitBundle([
      { path: "Z.md", content: "z" },
      { path: "bad name.md", content: "" },
      { path: "NUL.md", content: "\u0000" },
      { path: "AGENTS.md", content: "a".repeat(512 * 1024 - 1) },
      { path: "B.md", content: "bb" },
      { path: "A.md", content: "" },
    ]);
    expect(kept.map((f) => f.path)).toEqual(["AGENTS.md", "A.md", "Z.md"]);
    expect(dropped.map((d) => d.path).sort()).toEqual(["B.md", "NUL.md", "bad name.md"]);
    expect(dropped.find((d) => d.path === "B.md")!.reason).toMatch(/512 KiB/);
  });

  it("keeps nothing without AGENTS.md, and at most 32 files", () => {
    expect(fitBundle([{ path: "SOUL.md", content: "" }]).kept).toEqual([]);
    const many = fitBundle([{ path: "AGENTS.md", content: "" }, ...Array.from({ length: 40 }, (_, i) => ({ path: `F${i}.md`, content: "" }))]);
    expect(many.kept).toHaveLength(32);
    expect(many.dropped).toHaveLength(9);
  });
});

describe("who may", () => {
  it("the agent itself, its managers, board members and admins write; a viewer reads", async () => {
    const w = await createWorld();
    const member = await createBoardUser({ companyId: w.company.id, role: "member" });
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    for (const [i, token] of [w.tokens.engineer, w.tokens.manager, w.tokens.ceo, member.token, w.tokens.owner].entries()) {
      const res = await client(token).put(url(w.engineer.id), { files: [{ path: "AGENTS.md", content: `v${i}` }] });
      expect(res.status).toBe(200);
      expect((await client(token).get(url(w.engineer.id))).status).toBe(200);
    }
    expect((await client(viewer.token).get(url(w.engineer.id))).body.files).toEqual([{ path: "AGENTS.md", content: "v4" }]);
    const denied = await client(viewer.token).put(url(w.engineer.id), { files: [] });
    expect(denied.status).toBe(403);
    expect(await stored(w.engineer.id)).toEqual([{ path: "AGENTS.md", content: "v4" }]);
  });

  it("a peer engineer or a subordinate gets 403 on read and write; nothing changes", async () => {
    const w = await createWorld();
    await client(w.tokens.owner).put(url(w.manager.id), { files: [{ path: "AGENTS.md", content: "manager" }] });
    await client(w.tokens.owner).put(url(w.engineer.id), { files: [{ path: "AGENTS.md", content: "engineer" }] });
    const peer = await createAgentWithKey(w.company.id, { name: "Peer", role: "engineer", reportsToId: w.manager.id });
    for (const [token, target] of [[peer.token, w.engineer.id], [w.tokens.engineer, w.manager.id]] as const) {
      expect((await client(token).get(url(target))).status).toBe(403);
      const res = await client(token).put(url(target), { files: [{ path: "AGENTS.md", content: "pwned" }] });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("forbidden");
    }
    expect(await stored(w.manager.id)).toEqual([{ path: "AGENTS.md", content: "manager" }]);
    expect(await stored(w.engineer.id)).toEqual([{ path: "AGENTS.md", content: "engineer" }]);
  });

  it("another company's caller gets 404; no credentials 401", async () => {
    const w = await createWorld();
    const other = await createWorld();
    for (const token of [other.tokens.owner, other.tokens.ceo]) {
      expect((await client(token).get(url(w.engineer.id))).status).toBe(404);
      expect((await client(token).put(url(w.engineer.id), { files: [] })).status).toBe(404);
    }
    expect((await client(null).get(url(w.engineer.id))).status).toBe(401);
    expect((await client(null).put(url(w.engineer.id), { files: [] })).status).toBe(401);
  });

  it("a terminated agent's bundle is read-only (422)", async () => {
    const w = await createWorld();
    await db().agent.update({ where: { id: w.engineer.id }, data: { status: "terminated" } });
    const res = await client(w.tokens.owner).put(url(w.engineer.id), { files: [{ path: "AGENTS.md", content: "x" }] });
    expect(res.status).toBe(422);
    expect((await client(w.tokens.owner).get(url(w.engineer.id))).status).toBe(200);
  });
});

describe("config revisions", () => {
  it("each write is a revision; rollback restores the bundle of that revision", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    const v1 = [{ path: "AGENTS.md", content: tricky }, { path: "SOUL.md", content: "calm\r\n" }];
    await api.put(url(w.engineer.id), { files: v1 });
    await api.put(url(w.engineer.id), { files: [{ path: "AGENTS.md", content: "v2" }] });
    await api.patch(`/api/agents/${w.engineer.id}`, { adapterConfig: { command: "echo" } });

    const list = await api.get(`/api/agents/${w.engineer.id}/config-revisions`);
    expect(list.status).toBe(200);
    const [patched, second, first] = list.body;
    expect(first).toMatchObject({ reason: "instructions", changedKeys: ["instructions"] });
    expect(first.config.instructions.files.map((f: { path: string }) => f.path)).toEqual(["AGENTS.md", "SOUL.md"]);
    expect(first.config.instructions.files[0]).toMatchObject({ bytes: Buffer.byteLength(tricky), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(first.config.instructions.files[0].content).toBeUndefined();
    expect(second.config.instructions.files).toHaveLength(1);
    expect(patched.config.instructions.files).toHaveLength(1);

    const rolled = await api.post(`/api/agents/${w.engineer.id}/config-revisions/${first.id}/rollback`);
    expect(rolled.status).toBe(200);
    const after = await api.get(url(w.engineer.id));
    expect(after.body.files).toEqual(v1);
    const latest = (await api.get(`/api/agents/${w.engineer.id}/config-revisions`)).body[0];
    expect(latest).toMatchObject({ reason: "rollback", rolledBackFromId: first.id });
    expect(latest.changedKeys).toContain("instructions");
  });

  it("a revision from before bundles existed leaves the bundle alone on rollback", async () => {
    const w = await createWorld();
    const api = client(w.tokens.owner);
    await api.patch(`/api/agents/${w.engineer.id}`, { adapterConfig: { command: "old" } });
    const old = await db().agentConfigRevision.findFirstOrThrow({ where: { agentId: w.engineer.id }, orderBy: { revision: "desc" } });
    const { instructions: _dropped, ...legacy } = old.config as Record<string, unknown>;
    await db().agentConfigRevision.update({ where: { id: old.id }, data: { config: legacy as object } });
    await api.put(url(w.engineer.id), { files: [{ path: "AGENTS.md", content: "kept" }] });
    expect((await api.post(`/api/agents/${w.engineer.id}/config-revisions/${old.id}/rollback`)).status).toBe(200);
    expect(await stored(w.engineer.id)).toEqual([{ path: "AGENTS.md", content: "kept" }]);
  });

  it("deleting the agent removes its bundle", async () => {
    const w = await createWorld();
    await client(w.tokens.owner).put(url(w.engineer.id), { files: [{ path: "AGENTS.md", content: "x" }] });
    await db().agent.delete({ where: { id: w.engineer.id } });
    expect(await db().agentInstructionsFile.count({ where: { agentId: w.engineer.id } })).toBe(0);
  });
});
