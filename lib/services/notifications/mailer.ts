// The one way out for email: nodemailer over SMTP_URL, from MAIL_FROM. Both unset (or either): mail is
// off, and senders leave their rows pending rather than failing them.
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/env";

type OutgoingMail = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> };

let transport: { url: string; t: Transporter } | undefined;

/** Whether mail is configured (SMTP_URL and MAIL_FROM both set). */
export function mailEnabled(): boolean {
  const e = env();
  return Boolean(e.SMTP_URL && e.MAIL_FROM);
}

function transporter(url: string): Transporter {
  // a changed SMTP_URL (tests point each file at its own receiver) gets a fresh transport
  if (transport?.url !== url) transport = { url, t: nodemailer.createTransport(url) };
  return transport.t;
}

/** Sends one message; throws when mail is off or the server refuses it. */
export async function sendMail(mail: OutgoingMail): Promise<void> {
  const { SMTP_URL, MAIL_FROM } = env();
  if (!SMTP_URL || !MAIL_FROM) throw new Error("mail is off: set SMTP_URL and MAIL_FROM");
  await transporter(SMTP_URL).sendMail({ from: MAIL_FROM, ...mail });
}
