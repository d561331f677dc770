// The question tools: an agent asks the board on an issue, lists questions, cancels its own; the board
// answers or declines. The services behind /api/issues/:issueId/questions and /api/questions/:questionId,
// with the API's own schemas.
import { z } from "zod";
import { issueParams } from "@/lib/schemas/issues";
import { answerQuestionSchema, createQuestionSchema, declineQuestionSchema, listQuestionsQuery, questionParams } from "@/lib/schemas/questions";
import { createQuestion } from "@/lib/services/questions/ask";
import { listCompanyQuestions, listIssueQuestions } from "@/lib/services/questions/queries";
import { answerQuestion, cancelQuestion, declineQuestion } from "@/lib/services/questions/resolve";
import { companyOf, companyRef, listQuery, page, readOnly, tool } from "@/lib/mcp/tools";

const issueId = issueParams.shape.issueId.describe("Issue id or identifier such as ACME-12");
const questionId = questionParams.shape.questionId.describe("The question's id");

export const questionTools = [
  tool({
    name: "ask_board",
    title: "Ask the board a question",
    description: "Asks the board a decision you cannot make yourself, on an issue: 1 to 10 options, each optionally with an effect on the issue applied when chosen (set_status, assign, comment, create_subissue, cancel). You are woken with reason question_answered and the outcome. Do not ask what you can decide or look up.",
    mirrors: { route: "app/api/issues/[issueId]/questions/route.ts", method: "POST" },
    input: z.object({ issueId, ...createQuestionSchema.shape }),
    call: (ctx, { issueId: ref, ...input }) => createQuestion(ctx, ref, createQuestionSchema.parse(input)),
  }),
  tool({
    name: "list_questions",
    title: "List questions to the board",
    description: "Questions asked to the board, newest first: an issue's when issueId is given, else the company's; filter by status (open: waiting for an answer).",
    mirrors: { route: "app/api/companies/[companyId]/questions/route.ts", method: "GET", differs: { issueId: "one tool for the issue's list (GET /api/issues/:issueId/questions) and the company's" } },
    input: z.object({ companyId: companyRef, issueId: issueId.optional(), ...listQuestionsQuery.shape, ...page }),
    annotations: readOnly,
    call: (ctx, { companyId, issueId: ref, limit, cursor, ...filter }) => ref
      ? listIssueQuestions(ctx, ref, { ...filter, ...listQuery({ limit, cursor }) })
      : listCompanyQuestions(ctx, companyOf(ctx, companyId), { ...filter, ...listQuery({ limit, cursor }) }),
  }),
  tool({
    name: "answer_question",
    title: "Answer a question (board)",
    description: "Answers an open question once: the chosen option's effect applies to the issue in the same transaction (or is recorded as skipped with why), and the asking agent is woken with the answer. Board users only; a second answer is already_answered.",
    mirrors: { route: "app/api/questions/[questionId]/answer/route.ts", method: "POST" },
    input: z.object({ questionId, ...answerQuestionSchema.shape }),
    call: (ctx, { questionId: id, ...input }) => answerQuestion(ctx, id, answerQuestionSchema.parse(input)),
  }),
  tool({
    name: "decline_question",
    title: "Decline a question (board)",
    description: "Declines an open question without choosing; the asking agent is woken with the reason.",
    mirrors: { route: "app/api/questions/[questionId]/decline/route.ts", method: "POST" },
    input: z.object({ questionId, ...declineQuestionSchema.shape }),
    call: (ctx, { questionId: id, reason }) => declineQuestion(ctx, id, reason),
  }),
  tool({
    name: "cancel_question",
    title: "Cancel your question",
    description: "Withdraws an open question you asked (the asker only), e.g. once you found the answer yourself.",
    mirrors: { route: "app/api/questions/[questionId]/cancel/route.ts", method: "POST" },
    input: z.object({ questionId }),
    call: (ctx, { questionId: id }) => cancelQuestion(ctx, id),
  }),
];
