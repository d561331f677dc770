// A real SMTP receiver for tests (smtp-server on a free loopback port), every message parsed with
// mailparser; and the settings that point Charter's mail at it.
import { SMTPServer } from "smtp-server";
import { simpleParser, type ParsedMail } from "mailparser";
import type { AddressInfo } from "node:net";
import { resetEnvCache } from "@/lib/env";

export type SmtpReceiver = { url: string; messages: ParsedMail[]; close: () => Promise<void> };

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ["STARTTLS"], logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then((m) => { messages.push(m); done(); }, done);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, messages, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Points mail at `url` (or turns it off with null). */
export function setMail(url: string | null): void {
  if (url) {
    process.env.SMTP_URL = url;
    process.env.MAIL_FROM = "Charter <charter@example.test>";
  } else {
    delete process.env.SMTP_URL;
    delete process.env.MAIL_FROM;
  }
  resetEnvCache();
}

/** Waits until `n` messages arrived (or fails after a few seconds). */
export async function waitForMessages(rx: SmtpReceiver, n: number, ms = 10_000): Promise<ParsedMail[]> {
  const until = Date.now() + ms;
  while (rx.messages.length < n) {
    if (Date.now() > until) throw new Error(`expected ${n} messages, got ${rx.messages.length}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return rx.messages;
}
