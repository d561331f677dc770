import { apiHandler } from "@/lib/http/api-handler";
import { notificationCompanyParams, notificationPreferencesSchema, putNotificationPreferencesSchema } from "@/lib/schemas/notifications";
import { deleteMyCompanyNotifications, putMyCompanyNotifications } from "@/lib/services/notifications/preferences";

export const PUT = apiHandler(
  { params: notificationCompanyParams, summary: "Set the signed-in board user's own notification settings for one of their companies", body: putNotificationPreferencesSchema, response: notificationPreferencesSchema },
  ({ ctx, params, body }) => putMyCompanyNotifications(ctx, params.companyId, body),
);

export const DELETE = apiHandler(
  { params: notificationCompanyParams, summary: "Drop the override: the company follows the user's defaults again", response: notificationPreferencesSchema },
  ({ ctx, params }) => deleteMyCompanyNotifications(ctx, params.companyId),
);
