import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { expireQuestions } from "@/lib/runtime/question-expiry";
import { loadWakeContext } from "@/lib/runtime/wake-context";
import type { ClaimedRun } from "@/lib/runtime/queue";
import { client } from "../support/api";
import { createBoardUser, createWorld } from "../factories";

type World = Awaited<ReturnType<typeof createWorld>>;

async function issueOf(w: World, body: Record<string, unknown> = {}) {
  const res = await client(w.tokens.owner).post(`/api/companies/${w.company.id}/issues`, { title: "Pick a database", assigneeAgentId: w.engineer.id, ...body });
  expect(res.status).toBe(201);
  return res.body as { id: string; identifier: string };
}

async function ask(w: World, issueId: string, body: Record<string, unknown>, token = w.tokens.engineer) {
  return client(token).post(`/api/issues/${issueId}/questions`, { prompt: "Which one?", ...body });
}

const wakesOf = (agentId: string) => db().wakeRequest.findMany({ where: { agentId, reason: "question_answered" }, orderBy: { createdAt: "asc" } });

describe("questions to the board", () => {
  it("an agent asks, the board answers once: the option's effect applies, the asker is woken with the answer; a second answer is 409", async () => {
    const w = await createWorld();
    const issue = await issueOf(w);
    const asked = await ask(w, issue.id, {
      options: [{ id: "pg", label: "PostgreSQL", effect: { kind: "comment", body: "Use PostgreSQL." } }, { id: "sqlite", label: "SQLite" }],
      allowText: true,
    });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ status: "open", issueId: issue.id, issueIdentifier: issue.identifier, askedByAgentId: w.engineer.id, answerOptionId: null });
    const open = await client(w.tokens.owner).get(`/api/companies/${w.company.id}/questions?status=open`);
    expect(open.body.map((q: { id: string }) => q.id)).toEqual([asked.body.id]);
    expect((await client(w.tokens.manager).get(`/api/issues/${issue.identifier}/questions`)).body).toHaveLength(1);

    const answered = await client(w.tokens.owner).post(`/api/questions/${asked.body.id}/answer`, { optionId: "pg", text: "It is what we run." });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ status: "answered", answerOptionId: "pg", answerText: "It is what we run.", answeredByUserId: w.owner.id, effectResult: { kind: "comment", applied: true } });
    const comments = await db().issueComment.findMany({ where: { issueId: issue.id } });
    expect(comments.map((c) => [c.body, c.authorUserId])).toEqual([["Use PostgreSQL.", w.owner.id]]);
    const wakes = await wakesOf(w.engineer.id);
    expect(wakes).toHaveLength(1);
    expect(wakes[0]).toMatchObject({ issueId: issue.id, payload: { questionId: asked.body.id, outcome: "answered", optionId: "pg", text: "It is what we run." } });
    const context = await loadWakeContext({
      companyId: w.company.id, wakeId: wakes[0].id, issueId: issue.id, commentId: null, approvalId: null, reason: "question_answered", payload: wakes[0].payload,
    } as unknown as ClaimedRun);
    expect(context.question).toMatchObject({ id: asked.body.id, prompt: "Which one?", options: [{ id: "pg", label: "PostgreSQL" }, { id: "sqlite", label: "SQLite" }] });

    const events = await db().event.findMany({ where: { companyId: w.company.id, type: { startsWith: "question." } }, orderBy: { id: "asc" } });
    expect(events.map((e) => [e.type, e.subjectType, e.subjectId, e.data])).toEqual([
      ["question.asked", "question", asked.body.id, expect.objectContaining({ questionId: asked.body.id, askedByAgentId: w.engineer.id, options: [{ id: "pg", label: "PostgreSQL" }, { id: "sqlite", label: "SQLite" }] })],
      ["question.answered", "question", asked.body.id, { questionId: asked.body.id, issueId: issue.id, outcome: "answered", optionId: "pg", text: "It is what we run." }],
    ]);
    expect(events[1].actorId).toBe(w.owner.id);

    const again = await client(w.tokens.owner).post(`/api/questions/${asked.body.id}/answer`, { optionId: "sqlite" });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("already_answered");
    expect((await db().question.findUniqueOrThrow({ where: { id: asked.body.id } })).answerOptionId).toBe("pg");
    expect((await client(w.tokens.owner).post(`/api/questions/${asked.body.id}/decline`, {})).status).toBe(409);
    expect(await wakesOf(w.engineer.id)).toHaveLength(1);
    expect((await client(w.tokens.owner).get(`/api/companies/${w.company.id}/questions?status=open`)).body).toEqual([]);
  });

  it("agents and board viewers cannot answer or decline (403); nothing changes", async () => {
    const w = await createWorld();
    const issue = await issueOf(w);
    const q = (await ask(w, issue.id, { options: [{ id: "a", label: "A", effect: { kind: "cancel" } }] })).body;
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    for (const token of [w.tokens.ceo, w.tokens.engineer, viewer.token]) {
      expect((await client(token).post(`/api/questions/${q.id}/answer`, { optionId: "a" })).status).toBe(403);
      expect((await client(token).post(`/api/questions/${q.id}/decline`, {})).status).toBe(403);
    }
    expect((await db().question.findUniqueOrThrow({ where: { id: q.id } })).status).toBe("open");
    expect((await db().issue.findUniqueOrThrow({ where: { id: issue.id } })).status).toBe("todo");
  });

  it("each effect goes through the issue's own write path", async () => {
    const w = await createWorld();
    const issue = await issueOf(w);
    const owner = client(w.tokens.owner);
    const q = (await ask(w, issue.id, {
      options: [
        { id: "assign", label: "Give it to the manager", effect: { kind: "assign", agentId: w.manager.id } },
        { id: "split", label: "Split it", effect: { kind: "create_subissue", title: "Benchmark both", description: "Numbers first", assigneeAgentId: w.engineer.id } },
        { id: "status", label: "Start", effect: { kind: "set_status", status: "in_progress" } },
        { id: "drop", label: "Drop it", effect: { kind: "cancel" } },
      ],
    })).body;
    const res = await owner.post(`/api/questions/${q.id}/answer`, { optionId: "split" });
    expect(res.body.effectResult).toMatchObject({ kind: "create_subissue", applied: true });
    const sub = await db().issue.findFirstOrThrow({ where: { companyId: w.company.id, parentId: issue.id } });
    expect(sub).toMatchObject({ title: "Benchmark both", description: "Numbers first", assigneeAgentId: w.engineer.id, status: "todo", createdByUserId: w.owner.id });

    for (const [optionId, check] of [
      ["assign", (i: { assigneeAgentId: string | null }) => expect(i.assigneeAgentId).toBe(w.manager.id)],
      ["status", (i: { status: string }) => expect(i.status).toBe("in_progress")],
      ["drop", (i: { status: string }) => expect(i.status).toBe("cancelled")],
    ] as const) {
      const again = (await ask(w, issue.id, { options: q.options })).body;
      const answered = await owner.post(`/api/questions/${again.id}/answer`, { optionId });
      expect(answered.status).toBe(200);
      expect(answered.body.effectResult.applied, optionId).toBe(true);
      check(await db().issue.findUniqueOrThrow({ where: { id: issue.id } }) as never);
    }
    const acts = await db().activityLog.findMany({ where: { companyId: w.company.id, action: { startsWith: "question." } } });
    expect(acts.filter((a) => a.action === "question.answered")).toHaveLength(4);
  });

  it("an effect the issue no longer allows is skipped with why, and the answer stands", async () => {
    const w = await createWorld();
    const issue = await issueOf(w);
    const q = (await ask(w, issue.id, { options: [{ id: "start", label: "Start", effect: { kind: "set_status", status: "in_review" } }] })).body;
    const res = await client(w.tokens.owner).post(`/api/questions/${q.id}/answer`, { optionId: "start" });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("answered");
    expect(res.body.effectResult).toEqual({ kind: "set_status", applied: false, skipped: "An issue cannot move from todo to in_review" });
    expect((await db().issue.findUniqueOrThrow({ where: { id: issue.id } })).status).toBe("todo");
    expect(await wakesOf(w.engineer.id)).toHaveLength(1);
  });

  it("bad input is 422 and creates nothing", async () => {
    const w = await createWorld();
    const other = await createWorld();
    const issue = await issueOf(w);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ id: `o${i}`, label: `Option ${i}` }));
    const bodies: Array<[Record<string, unknown>, string]> = [
      [{ options: [] }, "unprocessable"],
      [{ options: eleven }, "unprocessable"],
      [{ options: [{ id: "a", label: "A" }, { id: "a", label: "B" }] }, "unprocessable"],
      [{ options: [{ id: "a", label: "A" }], defaultOptionId: "b" }, "unprocessable"],
      [{ options: [{ id: "a", label: "A" }], expiresAt: new Date(Date.now() - 60_000).toISOString() }, "unprocessable"],
      [{ options: [{ id: "a", label: "A", effect: { kind: "assign", agentId: other.engineer.id } }] }, "invalid_reference"],
      [{ options: [{ id: "a", label: "A", effect: { kind: "create_subissue", title: "x", assigneeAgentId: other.engineer.id } }] }, "invalid_reference"],
    ];
    const events = await db().event.count({ where: { companyId: w.company.id } });
    for (const [body, code] of bodies) {
      const res = await ask(w, issue.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe(code);
    }
    expect(await db().question.count({ where: { companyId: w.company.id } })).toBe(0);
    expect(await db().event.count({ where: { companyId: w.company.id } })).toBe(events);
    const q = (await ask(w, issue.id, { options: [{ id: "a", label: "A" }] })).body;
    for (const body of [{ optionId: "nope" }, {}, { text: "no text allowed here" }]) {
      const res = await client(w.tokens.owner).post(`/api/questions/${q.id}/answer`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe("unprocessable");
    }
    expect((await db().question.findUniqueOrThrow({ where: { id: q.id } })).status).toBe("open");
  });

  it("declined: the asker is woken with the outcome and the reason", async () => {
    const w = await createWorld();
    const issue = await issueOf(w);
    const q = (await ask(w, issue.id, { options: [{ id: "a", label: "A", effect: { kind: "cancel" } }] })).body;
    const res = await client(w.tokens.owner).post(`/api/questions/${q.id}/decline`, { reason: "Decide yourself." });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "declined", declineReason: "Decide yourself.", effectResult: null });
    expect((await db().issue.findUniqueOrThrow({ where: { id: issue.id } })).status).toBe("todo");
    expect((await wakesOf(w.engineer.id)).map((x) => x.payload)).toEqual([{ questionId: q.id, outcome: "declined", text: "Decide yourself." }]);
    expect((await db().event.findFirstOrThrow({ where: { companyId: w.company.id, type: "question.answered" } })).data).toMatchObject({ outcome: "declined", text: "Decide yourself." });
  });

  it("cancelled by its asker only: others get 403; the asker is woken with the outcome", async () => {
    const w = await createWorld();
    const issue = await issueOf(w);
    const q = (await ask(w, issue.id, { options: [{ id: "a", label: "A" }] })).body;
    for (const token of [w.tokens.manager, w.tokens.owner]) expect((await client(token).post(`/api/questions/${q.id}/cancel`)).status).toBe(403);
    const res = await client(w.tokens.engineer).post(`/api/questions/${q.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("cancelled");
    expect((await wakesOf(w.engineer.id)).map((x) => x.payload)).toEqual([{ questionId: q.id, outcome: "cancelled" }]);
    expect((await client(w.tokens.owner).post(`/api/questions/${q.id}/answer`, { optionId: "a" })).body.code).toBe("already_answered");
  });

  it("expired: the default option applies on the asker's behalf, or none; each asker is woken", async () => {
    const w = await createWorld();
    const issue = await issueOf(w);
    const soon = new Date(Date.now() + 60_000).toISOString();
    const withDefault = (await ask(w, issue.id, {
      options: [{ id: "go", label: "Go ahead", effect: { kind: "comment", body: "Going ahead by default." } }, { id: "stop", label: "Stop" }],
      defaultOptionId: "go", expiresAt: soon,
    })).body;
    const bare = (await ask(w, issue.id, { options: [{ id: "x", label: "X" }], expiresAt: soon }, w.tokens.manager)).body;
    const later = (await ask(w, issue.id, { options: [{ id: "y", label: "Y" }], expiresAt: new Date(Date.now() + 3_600_000).toISOString() })).body;
    await db().question.updateMany({ where: { id: { in: [withDefault.id, bare.id] } }, data: { expiresAt: new Date(Date.now() - 1000) } });

    const expired = await expireQuestions();
    expect(expired).toEqual(expect.arrayContaining([withDefault.id, bare.id]));
    expect(expired).not.toContain(later.id);
    const rows = await db().question.findMany({ where: { companyId: w.company.id }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => [r.status, r.answerOptionId])).toEqual([["expired", "go"], ["expired", null], ["open", null]]);
    expect(rows[0].effectResult).toMatchObject({ kind: "comment", applied: true });
    const comment = await db().issueComment.findFirstOrThrow({ where: { issueId: issue.id } });
    expect(comment).toMatchObject({ body: "Going ahead by default.", authorAgentId: w.engineer.id });
    expect((await wakesOf(w.engineer.id)).map((x) => x.payload)).toEqual([{ questionId: withDefault.id, outcome: "expired", optionId: "go" }]);
    expect((await wakesOf(w.manager.id)).map((x) => x.payload)).toEqual([{ questionId: bare.id, outcome: "expired" }]);
    expect(await expireQuestions()).not.toContain(withDefault.id);
    const outcomes = await db().event.findMany({ where: { companyId: w.company.id, type: "question.answered" }, orderBy: { id: "asc" } });
    expect(outcomes.map((e) => e.data)).toEqual(expect.arrayContaining([
      { questionId: withDefault.id, issueId: issue.id, outcome: "expired", optionId: "go", text: null },
      { questionId: bare.id, issueId: issue.id, outcome: "expired", optionId: null, text: null },
    ]));
    expect(outcomes).toHaveLength(2);
  });

  it("an open question is an inbox item of its company's board (kind question) until it is answered", async () => {
    const w = await createWorld();
    const issue = await issueOf(w);
    const q = (await ask(w, issue.id, { prompt: "Ship on Friday?", options: [{ id: "y", label: "Yes" }] })).body;
    const owner = client(w.tokens.owner);
    const inbox = await owner.get(`/api/companies/${w.company.id}/inbox?kind=question`);
    expect(inbox.status).toBe(200);
    expect(inbox.body).toEqual([expect.objectContaining({
      key: `question:${q.id}`, kind: "question", read: false, href: `/${w.company.issuePrefix}/issues/${issue.identifier}`,
      title: `${w.engineer.name} asks on ${issue.identifier}: Ship on Friday?`,
    })]);
    expect((await owner.post(`/api/companies/${w.company.id}/inbox/read`, { keys: [`question:${q.id}`] })).status).toBe(200);
    await owner.post(`/api/questions/${q.id}/answer`, { optionId: "y" });
    expect((await owner.get(`/api/companies/${w.company.id}/inbox?kind=question`)).body).toEqual([]);
  });

  it("two answers at once: one wins, the other is 409, one effect and one wake", async () => {
    const w = await createWorld();
    const issue = await issueOf(w);
    const q = (await ask(w, issue.id, { options: [{ id: "a", label: "A", effect: { kind: "comment", body: "A it is." } }, { id: "b", label: "B", effect: { kind: "comment", body: "B it is." } }] })).body;
    const other = await createBoardUser({ companyId: w.company.id, role: "member" });
    const [one, two] = await Promise.all([
      client(w.tokens.owner).post(`/api/questions/${q.id}/answer`, { optionId: "a" }),
      client(other.token).post(`/api/questions/${q.id}/answer`, { optionId: "b" }),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    expect(await db().issueComment.count({ where: { issueId: issue.id } })).toBe(1);
    expect(await wakesOf(w.engineer.id)).toHaveLength(1);
    expect(await db().event.count({ where: { companyId: w.company.id, type: "question.answered" } })).toBe(1);
  });
});
