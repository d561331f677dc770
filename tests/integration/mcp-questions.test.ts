// The question tools over /mcp: the same services, rules and wakes as the API.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { callTool } from "../support/oauth";
import { createWorld } from "../factories";

describe("question tools over /mcp", () => {
  it("an agent asks, the board lists and answers, a second answer is already_answered; agents cannot answer", async () => {
    const w = await createWorld();
    const issue = (await callTool(w.tokens.owner, "create_issue", { companyId: w.company.id, title: "Pick a queue", assigneeAgentId: w.engineer.id })).value;
    const asked = await callTool(w.tokens.engineer, "ask_board", { issueId: issue.identifier, prompt: "pg-boss?", options: [{ id: "yes", label: "Yes" }, { id: "no", label: "No" }] });
    expect(asked.isError).toBe(false);
    expect(asked.value).toMatchObject({ status: "open", askedByAgentId: w.engineer.id });
    const listed = await callTool(w.tokens.owner, "list_questions", { companyId: w.company.id, status: "open" });
    expect(listed.value.items.map((q: { id: string }) => q.id)).toEqual([asked.value.id]);
    const byAgent = await callTool(w.tokens.manager, "answer_question", { questionId: asked.value.id, optionId: "yes" });
    expect(byAgent).toMatchObject({ isError: true, value: { code: "forbidden" } });
    const answered = await callTool(w.tokens.owner, "answer_question", { questionId: asked.value.id, optionId: "yes" });
    expect(answered.value).toMatchObject({ status: "answered", answerOptionId: "yes" });
    expect((await callTool(w.tokens.owner, "decline_question", { questionId: asked.value.id })).value.code).toBe("already_answered");
    const wakes = await db().wakeRequest.findMany({ where: { agentId: w.engineer.id, reason: "question_answered" } });
    expect(wakes.map((x) => x.payload)).toEqual([{ questionId: asked.value.id, outcome: "answered", optionId: "yes" }]);

    const other = await callTool(w.tokens.engineer, "ask_board", { issueId: issue.id, prompt: "Too many?", options: [] });
    expect(other).toMatchObject({ isError: true, value: { code: "unprocessable" } });
    const mine = (await callTool(w.tokens.engineer, "ask_board", { issueId: issue.id, prompt: "Later?", options: [{ id: "a", label: "A" }] })).value;
    expect((await callTool(w.tokens.engineer, "cancel_question", { questionId: mine.id })).value.status).toBe("cancelled");
  });
});
