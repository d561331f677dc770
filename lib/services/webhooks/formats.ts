// The body a subscription's format sends: the standard envelope as is, or a chat message (Slack's
// blocks, Discord's embeds) that names the event and links to the board page of its subject.

export type WebhookFormatName = "standard" | "slack" | "discord";

export interface Envelope {
  id: string;
  type: string;
  companyId: string;
  occurredAt: string;
  data: unknown;
}

const boardPaths: Record<string, string> = {
  issue: "issues", approval: "approvals", agent: "agents", run: "runs", heartbeat_run: "runs", routine: "routines", question: "inbox",
};

/** The board page of an event's subject (under the company's board address), or its inbox when it has none of its own. */
export function subjectLink(companyBase: string, subject: { type: string | null; id: string | null }): string {
  const section = subject.type ? boardPaths[subject.type] : undefined;
  if (!section || !subject.id || section === "inbox") return `${companyBase}/inbox`;
  return `${companyBase}/${section}/${subject.id}`;
}

function summary(envelope: Envelope): string {
  const data = (envelope.data ?? {}) as Record<string, unknown>;
  const title = [data.title, data.prompt, data.name, data.message].find((v) => typeof v === "string" && v);
  return title ? `${envelope.type}: ${String(title).slice(0, 200)}` : envelope.type;
}

const wantsAction = (type: string) => type.startsWith("approval.") || type.startsWith("question.");

function slackBody(envelope: Envelope, link: string) {
  const text = summary(envelope);
  const blocks: unknown[] = [{ type: "section", text: { type: "mrkdwn", text: `*${text}*\n<${link}|Open in Charter>` } }];
  if (wantsAction(envelope.type)) {
    blocks.push({ type: "actions", elements: [{ type: "button", text: { type: "plain_text", text: "Open in Charter" }, url: link }] });
  }
  return { text, blocks };
}

function discordBody(envelope: Envelope, link: string) {
  return { content: summary(envelope), embeds: [{ title: envelope.type, url: link, timestamp: envelope.occurredAt }] };
}

export function formatBody(format: WebhookFormatName, envelope: Envelope, link: string): string {
  if (format === "slack") return JSON.stringify(slackBody(envelope, link));
  if (format === "discord") return JSON.stringify(discordBody(envelope, link));
  return JSON.stringify(envelope);
}
