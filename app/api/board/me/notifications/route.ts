import { apiHandler } from "@/lib/http/api-handler";
import { notificationPreferencesSchema, putNotificationPreferencesSchema } from "@/lib/schemas/notifications";
import { getMyNotifications, putMyNotifications } from "@/lib/services/notifications/preferences";

export const GET = apiHandler(
  { summary: "The signed-in board user's notification preferences, and whether the instance can send mail", response: notificationPreferencesSchema },
  ({ ctx }) => getMyNotifications(ctx),
);

export const PUT = apiHandler(
  { summary: "Replace the signed-in board user's notification preferences", body: putNotificationPreferencesSchema, response: notificationPreferencesSchema },
  ({ ctx, body }) => putMyNotifications(ctx, body),
);
