// The words of a notification email: a line per event naming its subject and linking to the subject's
// board page, in plain text and HTML, for one event or a digest of several.
import type { Db } from "@/lib/db/client";
import type { Tx } from "@/lib/services/context";
import { activitySubjects } from "@/lib/services/activity-subjects";

/** What an email says about an event: the columns of the outbox's Event row it reads. */
export type MailEvent = { id: string; companyId: string; type: string; occurredAt: Date; subjectType: string; subjectId: string };

type MailLine = { text: string; url: string; companyName: string };

/** How an email (and the notifications page) names each event type. */
export const eventPhrases: Record<string, string> = {
  "approval.created": "Approval waiting for the board",
  "approval.decided": "Approval decided",
  "issue.created": "Issue created",
  "issue.status_changed": "Issue status changed",
  "issue.assigned": "Issue assigned",
  "issue.stalled": "An issue is not moving",
  "comment.created": "New comment",
  "mention.created": "You were mentioned",
  "run.failed": "A run failed",
  "budget.warning": "Budget at 80%",
  "budget.exceeded": "Budget exceeded: work stopped",
  "agent.paused": "Agent paused",
  "routine.run_failed": "A routine's run failed",
  "question.asked": "An agent asks the board",
  "question.answered": "Question answered",
  "webhook.disabled": "A webhook was disabled after 3 days of failures",
};

// The board page of each kind of subject (the activity feed's routes); a subject without a page goes to the inbox.
const resolverKind: Record<string, string> = { run: "heartbeat_run", heartbeat_run: "heartbeat_run" };
const pagePath: Record<string, (ref: string) => string> = {
  issue: (r) => `issues/${r}`, approval: (r) => `approvals/${r}`, agent: (r) => `agents/${r}`,
  heartbeat_run: (r) => `runs/${r}`, routine: (r) => `routines/${r}`, project: (r) => `projects/${r}`,
};

/** One line and link per event, in the order given; events of several companies may be mixed. */
export async function mailLines(db: Db | Tx, events: MailEvent[], baseUrl: string): Promise<MailLine[]> {
  const companyIds = [...new Set(events.map((e) => e.companyId))];
  const companies = new Map((await db.company.findMany({ where: { id: { in: companyIds } }, select: { id: true, name: true, issuePrefix: true } })).map((c) => [c.id, c]));
  const subjects = new Map<string, Awaited<ReturnType<typeof activitySubjects>>>();
  for (const companyId of companyIds) {
    const rows = events.filter((e) => e.companyId === companyId).map((e) => ({ entityType: resolverKind[e.subjectType] ?? e.subjectType, entityId: e.subjectId }));
    subjects.set(companyId, await activitySubjects(db, companyId, rows));
  }
  return events.map((e) => {
    const company = companies.get(e.companyId);
    const kind = resolverKind[e.subjectType] ?? e.subjectType;
    const subject = subjects.get(e.companyId)?.get(`${kind}:${e.subjectId}`);
    const page = subject?.ref && pagePath[kind] ? pagePath[kind](subject.ref) : "inbox";
    const name = subject ? [subject.label, subject.title].filter(Boolean).join(" ") : "";
    return {
      text: `${eventPhrases[e.type] ?? e.type}${name ? `: ${name}` : ""}`,
      url: `${baseUrl}/${company?.issuePrefix ?? ""}/${page}`,
      companyName: company?.name ?? "",
    };
  });
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Subject, plain text and HTML of an email holding these lines; `unsubscribeUrl` ends both bodies. */
export function renderMail(lines: MailLine[], heading: string, unsubscribeUrl: string): { subject: string; text: string; html: string } {
  const subject = lines.length === 1 ? `[${lines[0].companyName}] ${lines[0].text}` : `${heading}: ${lines.length} events`;
  const text = [
    heading, "",
    ...lines.map((l) => `- [${l.companyName}] ${l.text}\n  ${l.url}`), "",
    `Stop these emails: ${unsubscribeUrl}`, "",
  ].join("\n");
  const items = lines.map((l) => `<li>[${escapeHtml(l.companyName)}] <a href="${escapeHtml(l.url)}">${escapeHtml(l.text)}</a></li>`).join("");
  const html = `<!doctype html><html><body style="font-family:sans-serif"><p>${escapeHtml(heading)}</p><ul>${items}</ul>`
    + `<p style="font-size:12px;color:#666"><a href="${escapeHtml(unsubscribeUrl)}">Stop these emails</a></p></body></html>`;
  return { subject, text, html };
}
