import { apiHandler } from "@/lib/http/api-handler";
import { testEmailResponseSchema } from "@/lib/schemas/notifications";
import { sendTestEmail } from "@/lib/services/notifications/test-email";

export const POST = apiHandler(
  {
    summary: "Send a test email to the signed-in board user (422 while mail is off or when the mail server refuses it, naming why)",
    response: testEmailResponseSchema,
    errors: ["unprocessable"],
  },
  ({ ctx }) => sendTestEmail(ctx),
);
