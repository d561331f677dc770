import { apiHandler } from "@/lib/http/api-handler";
import { notificationCompanyParams, notificationPreferencesSchema, putNotificationPreferencesSchema } from "@/lib/schemas/notifications";
import { deleteMyCompanyNotifications, putMyCompanyNotifications } from "@/lib/services/notifications/preferences";

export const PUT = apiHandler(
  {
    params: notificationCompanyParams, body: putNotificationPreferencesSchema, response: notificationPreferencesSchema,
    summary: "Give one of the signed-in board user's companies email settings of its own",
    description: "The same body as PUT /api/board/me/notifications; the settings replace the user's defaults for that company's mail. A company whose board the user is not on is 404.",
  },
  ({ ctx, params, body }) => putMyCompanyNotifications(ctx, params.companyId, body),
);

export const DELETE = apiHandler(
  {
    params: notificationCompanyParams, response: notificationPreferencesSchema,
    summary: "Drop a company's own email settings: it follows the user's defaults again",
  },
  ({ ctx, params }) => deleteMyCompanyNotifications(ctx, params.companyId),
);
