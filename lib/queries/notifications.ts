// The signed-in board user's notification preferences: query key and fetchers.
import type { z } from "zod";
import type { notificationPreferencesSchema, PutNotificationPreferencesInput, testEmailResponseSchema } from "@/lib/schemas/notifications";
import { apiGet, apiSend } from "@/lib/queries/fetcher";

export type NotificationPreferences = z.output<typeof notificationPreferencesSchema>;

export const notificationKeys = { mine: () => ["board", "me", "notifications"] as const };

export const fetchMyNotifications = () => apiGet<NotificationPreferences>("/api/board/me/notifications");
export const saveMyNotifications = (input: PutNotificationPreferencesInput) => apiSend<NotificationPreferences>("PUT", "/api/board/me/notifications", input);
export const sendTestEmail = () => apiSend<z.output<typeof testEmailResponseSchema>>("POST", "/api/board/me/notifications/test");
export const saveMyCompanyNotifications = (companyId: string, input: PutNotificationPreferencesInput) =>
  apiSend<NotificationPreferences>("PUT", `/api/board/me/notifications/companies/${companyId}`, input);
export const resetMyCompanyNotifications = (companyId: string) => apiSend<NotificationPreferences>("DELETE", `/api/board/me/notifications/companies/${companyId}`);
