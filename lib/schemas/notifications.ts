import { z } from "zod";
import { uuidSchema } from "@/lib/schemas/common";

// The catalogue's event types a board user may be mailed about (lib/services/outbox/catalogue.ts;
// webhook.test goes to one subscription only and is never mailed).
export const emailEventTypes = [
  "approval.created", "approval.decided", "issue.created", "issue.status_changed", "issue.assigned",
  "issue.stalled", "comment.created", "mention.created", "run.failed", "budget.warning", "budget.exceeded", "agent.paused",
  "routine.run_failed", "question.asked", "question.answered", "webhook.disabled",
] as const;
export type EmailEventType = (typeof emailEventTypes)[number];

const emailSettingsSchema = z.object({
  enabled: z.boolean().describe("Whether the user is mailed at all (one-click unsubscribe turns this off)"),
  mode: z.enum(["immediate", "hourly", "daily"]).describe("One email per event, or an hourly or daily digest"),
  eventTypes: z.array(z.enum(emailEventTypes)).max(emailEventTypes.length).describe("The event types the user is mailed about"),
});

export const notificationPreferencesSchema = z.object({
  email: emailSettingsSchema,
  companies: z.array(z.object({
    companyId: uuidSchema,
    companyName: z.string(),
    email: emailSettingsSchema.nullable().describe("This company's own settings (PUT …/companies/:companyId); null while it follows `email`, the user's defaults"),
  })).describe("Every company the user is a board member of, by name"),
  mailConfigured: z.boolean().describe("Whether the instance can send mail (SMTP_URL and MAIL_FROM set)"),
}).meta({ id: "NotificationPreferences" });

export const putNotificationPreferencesSchema = z.strictObject({
  email: z.strictObject(emailSettingsSchema.shape),
});
export type PutNotificationPreferencesInput = z.infer<typeof putNotificationPreferencesSchema>;

export const notificationCompanyParams = z.object({ companyId: uuidSchema });

export const testEmailResponseSchema = z.object({
  to: z.string().describe("The address the test email went to"),
}).meta({ id: "TestEmail" });
