// The board's "send a test email": straight to the caller's address, so a wrong SMTP_URL shows at once.
import { requireBoard } from "@/lib/auth/permissions";
import { AppError } from "@/lib/http/errors";
import { log } from "@/lib/log";
import type { ServiceContext } from "@/lib/services/context";
import { mailEnabled, sendMail } from "@/lib/services/notifications/mailer";
import { renderMail } from "@/lib/services/notifications/bodies";
import { unsubscribeLink } from "@/lib/services/notifications/send";
import { apiBaseUrl } from "@/lib/runtime/execute";

export async function sendTestEmail(ctx: ServiceContext): Promise<{ to: string }> {
  requireBoard(ctx.actor, "Test emails go to board users");
  if (!mailEnabled()) throw new AppError("unprocessable", "Mail is off: set SMTP_URL and MAIL_FROM");
  const to = ctx.actor.email;
  const { url, headers } = unsubscribeLink(ctx.actor.userId);
  const mail = renderMail([{ text: "Test email: notifications reach you", url: `${apiBaseUrl()}/`, companyName: "Charter" }], "This is a test email from Charter", url);
  try {
    await sendMail({ to, ...mail, headers });
  } catch (err) {
    log.warn("the test email was not sent", { error: err instanceof Error ? err.message : String(err) });
    throw new AppError("unprocessable", `The mail server refused the test email: ${err instanceof Error ? err.message : String(err)}`);
  }
  return { to };
}
