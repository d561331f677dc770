import { z } from "zod";
import { dateTimeSchema, uuidSchema } from "@/lib/schemas/common";
import { issueStatusSchema } from "@/lib/schemas/issues";

const questionStatuses = ["open", "answered", "declined", "expired", "cancelled"] as const;

/** What choosing an option does to the question's issue: one of the existing mutations on it. */
const questionEffectSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("set_status"), status: issueStatusSchema }),
  z.strictObject({ kind: z.literal("assign"), agentId: uuidSchema.describe("An agent of the issue's company") }),
  z.strictObject({ kind: z.literal("comment"), body: z.string().trim().min(1).max(100_000).describe("Markdown, posted on the issue by the answering board user") }),
  z.strictObject({
    kind: z.literal("create_subissue"), title: z.string().trim().min(1).max(500),
    description: z.string().max(100_000).optional(), assigneeAgentId: uuidSchema.optional(),
  }),
  z.strictObject({ kind: z.literal("cancel") }),
]).meta({ id: "QuestionEffect" });
export type QuestionEffect = z.infer<typeof questionEffectSchema>;

const questionOptionSchema = z.strictObject({
  id: z.string().trim().min(1).max(64).describe("The option's id, unique in the question"),
  label: z.string().trim().min(1).max(200),
  effect: questionEffectSchema.optional().describe("Applied to the issue when this option is chosen, in the answer's transaction"),
});
export type QuestionOption = z.infer<typeof questionOptionSchema>;

// the count rule (1 to 10) is the service's, a 422 as the issue says; the schema only bounds the body
export const createQuestionSchema = z.strictObject({
  prompt: z.string().trim().min(1).max(10_000).describe("The question, markdown"),
  options: z.array(questionOptionSchema).max(100).describe("1 to 10 choices"),
  allowText: z.boolean().optional().describe("Whether the board may answer in its own words (with or without an option)"),
  expiresAt: dateTimeSchema.optional().describe("After this the question expires: the default option applies, if any"),
  defaultOptionId: z.string().trim().min(1).max(64).optional().describe("The option taken on expiry"),
});
export type CreateQuestionInput = z.infer<typeof createQuestionSchema>;

export const answerQuestionSchema = z.strictObject({
  optionId: z.string().trim().min(1).max(64).optional().describe("One of the question's options"),
  text: z.string().trim().min(1).max(10_000).optional().describe("Free text, when the question allows it"),
});
export type AnswerQuestionInput = z.infer<typeof answerQuestionSchema>;

export const declineQuestionSchema = z.strictObject({
  reason: z.string().trim().min(1).max(10_000).optional().describe("Why; shown to the asking agent"),
});

export const listQuestionsQuery = z.object({ status: z.enum(questionStatuses).optional().describe("Only questions in this status (open: waiting for an answer)") });

export const questionParams = z.object({ questionId: uuidSchema });

export const questionResponseSchema = z.object({
  id: uuidSchema,
  companyId: uuidSchema,
  issueId: uuidSchema,
  issueIdentifier: z.string(),
  askedByAgentId: uuidSchema.nullable(),
  askedByUserId: uuidSchema.nullable(),
  prompt: z.string(),
  options: z.array(questionOptionSchema),
  allowText: z.boolean(),
  defaultOptionId: z.string().nullable(),
  expiresAt: dateTimeSchema.nullable(),
  status: z.enum(questionStatuses),
  answerOptionId: z.string().nullable().describe("The chosen option (on expiry: the default one)"),
  answerText: z.string().nullable(),
  declineReason: z.string().nullable(),
  effectResult: z.looseObject({
    kind: z.string(),
    applied: z.boolean(),
    skipped: z.string().optional().describe("Why the effect no longer applied; the answer stands"),
  }).nullable().describe("What the chosen option's effect did (with the ids it made), or why it was skipped"),
  answeredByUserId: uuidSchema.nullable(),
  answeredAt: dateTimeSchema.nullable().describe("When it was answered, declined, expired or cancelled"),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
}).meta({ id: "Question" });
