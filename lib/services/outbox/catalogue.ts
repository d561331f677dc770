// The one catalogue of outbox events (docs/events.md): every type Charter emits and the zod schema of
// its `data`. emitEvent validates against it when writing, the OpenAPI document publishes it (a
// component per payload and the envelope), and webhook subscriptions and email preferences name these.
import { z } from "zod";
import { dateTimeSchema, uuidSchema } from "@/lib/schemas/common";
import { stallFactsSchema, stallReasonSchema } from "@/lib/schemas/liveness";

const id = uuidSchema;
const issueRef = {
  issueId: id.describe("The issue's id"),
  identifier: z.string().describe("The issue's readable key (ENG-12)"),
  title: z.string(),
};
const agentOrNull = id.nullable();
const budgetCrossing = z.object({
  scope: z.enum(["company", "agent"]).describe("Whose monthly budget: the company's or one agent's"),
  agentId: agentOrNull.describe("The agent, for an agent's budget"),
  budgetCents: z.number().int(),
  spentCents: z.number().int().describe("Spent this month when the threshold was crossed"),
  month: z.string().describe("The budget month, YYYY-MM (UTC)"),
});


const payloads = {
  "approval.created": z.object({
    approvalId: id,
    approvalType: z.enum(["hire_agent", "approve_ceo_strategy"]),
    requestedByAgentId: agentOrNull,
    requestedByUserId: id.nullable(),
    subjectAgentId: agentOrNull.describe("The agent a hire would activate"),
  }),
  "approval.decided": z.object({
    approvalId: id,
    approvalType: z.enum(["hire_agent", "approve_ceo_strategy"]),
    status: z.enum(["approved", "rejected", "revision_requested"]),
    decidedByUserId: id.nullable(),
    decisionNote: z.string().nullable(),
  }),
  "issue.created": z.object({ ...issueRef, status: z.string(), priority: z.string(), assigneeAgentId: agentOrNull, parentId: id.nullable() }),
  "issue.status_changed": z.object({ ...issueRef, from: z.string(), to: z.string() }),
  "issue.assigned": z.object({
    ...issueRef,
    assigneeAgentId: agentOrNull,
    assigneeUserId: id.nullable(),
    previousAssigneeAgentId: agentOrNull,
    previousAssigneeUserId: id.nullable(),
  }),
  "issue.stalled": z.object({
    ...issueRef,
    reason: stallReasonSchema,
    since: dateTimeSchema.describe("Since when it has not moved"),
    facts: stallFactsSchema,
  }).describe("An open issue became stalled, or its reason changed"),
  "comment.created": z.object({
    ...issueRef,
    commentId: id,
    authorAgentId: agentOrNull,
    authorUserId: id.nullable(),
    excerpt: z.string().max(500).describe("The comment's first 500 characters"),
  }),
  "mention.created": z.object({
    ...issueRef,
    commentId: id.nullable().describe("The comment that mentions, or null when the issue's description does"),
    mentionedAgentId: agentOrNull,
    mentionedUserId: id.nullable(),
  }),
  "run.failed": z.object({
    runId: id,
    agentId: id,
    issueId: id.nullable(),
    status: z.enum(["failed", "timed_out"]),
    error: z.string().nullable(),
  }),
  "budget.warning": budgetCrossing.describe("Spend crossed 80% of a monthly budget"),
  "budget.exceeded": budgetCrossing.describe("Spend reached a monthly budget; the agents it covers are paused"),
  "agent.paused": z.object({ agentId: id, name: z.string(), reason: z.enum(["board", "budget", "loop"]) }),
  "routine.run_failed": z.object({ routineId: id, routineRunId: id, title: z.string(), error: z.string().nullable() }),
  "question.asked": z.object({
    questionId: id,
    issueId: id,
    askedByAgentId: agentOrNull,
    prompt: z.string(),
    options: z.array(z.object({ id: z.string(), label: z.string() })),
    expiresAt: dateTimeSchema.nullable(),
  }),
  "question.answered": z.object({
    questionId: id,
    issueId: id,
    outcome: z.enum(["answered", "declined", "expired", "cancelled"]),
    optionId: z.string().nullable(),
    text: z.string().nullable(),
  }),
  "webhook.test": z.object({ webhookId: id, message: z.string() }),
  "webhook.disabled": z.object({
    webhookId: id,
    url: z.string().describe("The subscription's target URL"),
    failingSince: dateTimeSchema.describe("When its attempts started failing"),
    disabledAt: dateTimeSchema,
    reason: z.enum(["failing"]).describe("failing: every attempt has failed for 3 days"),
  }),
} satisfies Record<string, z.ZodObject>;

export type EventType = keyof typeof payloads;
export type EventData<T extends EventType> = z.infer<(typeof payloads)[T]>;

export const eventTypes = Object.keys(payloads) as EventType[];

export const eventTypeSchema = z.enum(eventTypes as [EventType, ...EventType[]]).describe("An event type of the catalogue (docs/events.md)");

export function eventDataSchema<T extends EventType>(type: T): (typeof payloads)[T] {
  return payloads[type];
}

const componentName = (type: string) => `Event${type.replace(/(^|[._])(\w)/g, (_m, _s, c: string) => c.toUpperCase())}Data`;

/** The envelope every consumer sees (a webhook body, a digest line): `data` is the type's payload. */
const envelopeOf = (type: EventType) =>
  z.object({
    id: id.describe("The event's id (UUIDv7); a webhook delivery's webhook-id"),
    type: z.literal(type),
    companyId: id,
    occurredAt: dateTimeSchema,
    data: payloads[type].meta({ id: componentName(type) }),
  });

export const eventEnvelopeSchema = z
  .discriminatedUnion("type", eventTypes.map(envelopeOf) as unknown as [ReturnType<typeof envelopeOf>, ...ReturnType<typeof envelopeOf>[]])
  .meta({ id: "Event", description: "An outbox event as delivered: {id, type, companyId, occurredAt, data}" });
