// Activity rows as sentences: who did what to which entity. Unknown actions still read sensibly.
import Link from "next/link";
import type { ReactNode } from "react";
import type { ActivityDto } from "@/lib/dto/activity";
import type { ActivitySubject } from "@/lib/dto/activity-entry";
import { formatSpan, humanize, roleLabel } from "@/lib/format";
import { changedFields } from "@/components/activity/field-names";

/** A row as the API gives it; the subject is absent only in callers that build rows themselves. */
export type ActivityRow = ActivityDto & { subject?: ActivitySubject | null };

export interface AgentRef {
  name: string;
  urlKey: string;
}

export interface DescribeContext {
  prefix: string;
  companyName: string;
  viewerId: string;
  agents: Record<string, AgentRef>;
  users: Record<string, string>;
}

const details = (row: ActivityRow) => (row.details && typeof row.details === "object" && !Array.isArray(row.details) ? (row.details as Record<string, unknown>) : {});
const str = (v: unknown) => (typeof v === "string" ? v : undefined);

function AgentLink({ id, ctx, fallback }: { id: string | null; ctx: DescribeContext; fallback?: string }) {
  const ref = id ? ctx.agents[id] : undefined;
  if (!ref) return <span className="font-medium text-slate-900">{fallback ?? "an agent"}</span>;
  return <Link href={`/${ctx.prefix}/agents/${ref.urlKey}`} className="font-medium text-slate-900 hover:text-indigo-700 hover:underline">{ref.name}</Link>;
}

function userName(id: string | null, ctx: DescribeContext, self: string): string {
  if (id && id === ctx.viewerId) return self;
  return (id && ctx.users[id]) || (self === "You" ? "A board member" : "a board member");
}

function approvalLink(row: ActivityRow, ctx: DescribeContext, text: string) {
  return <Link href={`/${ctx.prefix}/approvals/${row.entityId}`} className={linkClass}>{row.subject?.label ?? text}</Link>;
}

const linkClass = "font-medium text-slate-900 hover:text-indigo-700 hover:underline";

/** The board page of a row's subject, if it has one. */
function subjectHref(row: ActivityRow, prefix: string): string | null {
  const ref = row.subject?.ref;
  if (!ref) return null;
  const path: Record<string, string> = {
    issue: `issues/${encodeURIComponent(ref)}`, agent: `agents/${encodeURIComponent(ref)}`, project: `projects/${ref}`, workspace: `projects/${ref}`,
    approval: `approvals/${ref}`, heartbeat_run: `runs/${ref}`, goal: "goals", label: "issues/labels", routine: `routines/${ref}`,
  };
  return path[row.entityType] ? `/${prefix}/${path[row.entityType]}` : null;
}

/** The row's subject by name, linked to its page: "ACME-12 Fix the login", "Fleet dashboard"… */
function Subject({ row, ctx, fallback }: { row: ActivityRow; ctx: DescribeContext; fallback: string }) {
  const subject = row.subject;
  if (!subject) return <span className="font-medium text-slate-900">{fallback}</span>;
  const href = subjectHref(row, ctx.prefix);
  const label = row.entityType === "issue" && subject.ref
    ? <><span className="font-mono text-xs">{subject.label}</span>{subject.title ? <> {subject.title}</> : null}</>
    : subject.label;
  return href ? <Link href={href} className={linkClass} data-testid="activity-subject">{label}</Link> : <span className="font-medium text-slate-900">{label}</span>;
}

export function Actor({ row, ctx }: { row: ActivityRow; ctx: DescribeContext }) {
  if (row.actorType === "agent") return <AgentLink id={row.actorId} ctx={ctx} />;
  if (row.actorType === "system") return <span className="font-medium text-slate-900">Charter</span>;
  return <span className="font-medium text-slate-900">{userName(row.actorId, ctx, "You")}</span>;
}

/** The sentence after the actor's name. */
export function describe(row: ActivityRow, ctx: DescribeContext): ReactNode {
  const d = details(row);
  const agent = <AgentLink id={row.entityType === "agent" ? row.entityId : null} ctx={ctx} fallback={str(d.name) ?? row.subject?.label} />;
  const it = (fallback: string) => <Subject row={row} ctx={ctx} fallback={str(d.name) ?? str(d.title) ?? fallback} />;
  const changed = changedFields(d.changed);
  switch (row.action) {
    case "company.created":
      return <>created the company <b className="font-medium text-slate-900">{str(d.name) ?? ctx.companyName}</b>{d.issuePrefix ? ` with prefix ${String(d.issuePrefix)}` : ""}</>;
    case "company.updated":
      return <>changed the company&apos;s {changed || "settings"}</>;
    case "company.paused":
      return d.escalated ? <>cancelled the runs still running in the company&apos;s pause</> : <>paused the company{d.mode === "cancel" ? ", cancelling its running runs" : ": running runs may finish"}</>;
    case "company.resumed":
      return <>resumed the company</>;
    case "instance.paused":
      return d.escalated ? <>cancelled the runs still running in the instance&apos;s pause</> : <>paused every company of the instance{d.mode === "cancel" ? ", cancelling running runs" : ""}</>;
    case "instance.resumed":
      return <>resumed every company of the instance</>;
    case "company.exported":
      return <>exported the company as a package{typeof d.files === "number" ? ` (${d.files} file${d.files === 1 ? "" : "s"})` : ""}</>;
    case "agent.created":
      return <>created {agent}{d.role ? ` as ${roleLabel(String(d.role))}` : ""}{d.status === "pending_approval" ? ", pending approval" : ""}</>;
    case "agent.updated":
      return <>changed {agent}&apos;s {changed || "profile"}</>;
    case "agent.paused":
      if (d.reason !== "budget") return <>paused {agent}</>;
      return d.scope === "company" ? <>paused {agent}: the company&apos;s monthly budget is used up</> : <>paused {agent}: its own monthly budget is used up</>;
    case "agent.resumed":
      return d.reason === "budget" ? <>resumed {agent}: its budget allows work again</> : <>resumed {agent}</>;
    case "agent.budget_warning":
      return <>noted that {agent} passed 80% of its monthly budget</>;
    case "company.budget_warning":
      return <>noted that the company passed 80% of its monthly budget</>;
    case "approval.created":
      return <>asked the board to approve {approvalLink(row, ctx, d.type === "hire_agent" ? `hiring ${str(d.name) ?? "an agent"}` : "the CEO's strategy")}</>;
    case "approval.approved":
    case "approval.rejected":
    case "approval.revision_requested": {
      const verb = { "approval.approved": "approved", "approval.rejected": "rejected", "approval.revision_requested": "asked for a revision of" }[row.action];
      return <>{verb} {approvalLink(row, ctx, d.type === "hire_agent" ? "a hire" : d.type === "approve_ceo_strategy" ? "the CEO's strategy" : "an approval")}</>;
    }
    case "approval.resubmitted":
      return <>resubmitted {approvalLink(row, ctx, "an approval")}</>;
    case "approval.commented":
      return <>commented on {approvalLink(row, ctx, "an approval")}</>;
    case "approval.linked":
    case "approval.unlinked":
      return <>{row.action === "approval.linked" ? "linked" : "unlinked"} {approvalLink(row, ctx, "an approval")} {row.action === "approval.linked" ? "to" : "from"} {str(d.identifier) ?? "an issue"}</>;
    case "invite.created":
      return <>created an invite for an outside agent</>;
    case "invite.accepted":
      return <>let an outside agent join through an invite</>;
    case "agent.terminated":
      return <>terminated {agent}</>;
    case "agent_key.created":
      return <>created the API key “{str(d.name) ?? "API key"}” for {agent}</>;
    case "agent_key.revoked":
      return <>revoked an API key of {agent}</>;
    case "agent.config_rolled_back":
      return <>rolled {agent}&apos;s configuration back to revision {String(d.toRevision ?? "?")}</>;
    case "agent.instructions_path_set":
      return <>set the instructions file of {agent}</>;
    case "agent.instructions_updated":
      return <>edited the instructions of {agent}</>;
    case "member.added":
      return <>added {userName(row.entityId, ctx, "you")} to the board{d.role ? ` as ${String(d.role)}` : ""}</>;
    case "member.role_changed":
      return <>made {userName(row.entityId, ctx, "you")} {String(d.to ?? "a member")}{d.from ? ` (was ${String(d.from)})` : ""}</>;
    case "member.removed":
      return <>removed {userName(row.entityId, ctx, "you")} from the board</>;
    case "asset.uploaded": {
      const size = typeof d.byteSize === "number" ? ` (${Math.max(1, Math.round(d.byteSize / 1024))} KB)` : "";
      return <>uploaded an image{size}</>;
    }
    case "issue.created":
      return <>created {it("an issue")}</>;
    case "issue.updated":
      return <>changed the {changed || "details"} of {it("an issue")}</>;
    case "issue.status_changed":
      return <>moved {it("an issue")}{d.from && d.to ? <> from {humanize(String(d.from))} to {humanize(String(d.to))}</> : null}</>;
    case "issue.commented":
      return <>commented on {it("an issue")}</>;
    case "question.asked":
    case "question.answered":
    case "question.declined":
    case "question.expired":
    case "question.cancelled":
      return describeQuestion(row, it);
    case "issue.stalled":
      return <>found {it("an issue")} not moving: {humanize(str(d.reason) ?? "stalled").toLowerCase()}{str(d.previousReason) ? <> (was {humanize(str(d.previousReason)!).toLowerCase()})</> : null}</>;
    case "issue.moving":
      return <>found {it("an issue")} moving again</>;
    case "issue.checked_out":
      return <>checked out {it("an issue")}</>;
    case "issue.released":
      return <>released {it("an issue")}</>;
    case "issue.unblocked":
      return <>moved {it("an issue")} back to todo: its last open blocker{str(d.finishedIdentifier) ? <>, {str(d.finishedIdentifier)},</> : null} is finished</>;
    case "issue.attachment_added":
      return <>attached {str(d.name) ? <b className="font-medium text-slate-900">{str(d.name)}</b> : "a file"} to {it("an issue")}</>;
    case "issue.attachment_removed":
      return <>removed an attachment from {it("an issue")}</>;
    case "workspace.created":
      if (row.entityType === "issue") return <>made the workspace of {it("an issue")}{str(d.branch) ? <> on the branch {str(d.branch)}</> : null}</>;
      return <>created the workspace {it("a workspace")}</>;
    case "workspace.failed":
      return <>could not make the workspace of {it("an issue")}{str(d.error) ? <>: {str(d.error)}</> : null}</>;
    case "workspace.removed":
      return <>removed the worktree of {it("an issue")}{d.by === "retention" ? " after its retention period, its work having landed" : d.force === true ? ", discarding work that had not landed" : ""}</>;
    case "workspace.kept":
      return <>kept the worktree of {it("an issue")}{str(d.reason) ? <>: {str(d.reason)}</> : null}</>;
    case "work_product.created":
    case "work_product.updated":
      return describeWorkProduct(row, ctx);
    case "verification.started":
    case "verification.finished":
    case "review.submitted":
    case "issue.done_override":
      return describeChecks(row, it);
    case "project.created":
    case "goal.created":
    case "label.created":
      return <>created the {row.entityType} {it(`a ${row.entityType}`)}</>;
    case "project.updated":
    case "goal.updated":
    case "label.updated":
    case "workspace.updated":
      return <>changed the {changed || "details"} of the {row.entityType} {it(`a ${row.entityType}`)}</>;
    case "label.deleted":
    case "workspace.deleted":
      return <>deleted the {row.entityType} <b className="font-medium text-slate-900">{str(d.name) ?? row.subject?.label ?? `a ${row.entityType}`}</b></>;
    case "run.cancelled":
      return <>cancelled {it("a run")}{str(d.agentId) ? <> of <AgentLink id={str(d.agentId)!} ctx={ctx} /></> : null}</>;
    case "board_invite.created":
      return <>invited {d.forEmail ? "someone by email" : "someone by link"} to the board{d.role ? ` as ${String(d.role)}` : ""}</>;
    case "board_invite.revoked":
      return <>revoked an invite to the board{d.role ? ` (${String(d.role)})` : ""}</>;
    case "member.joined":
      return <>joined the board{d.role ? ` as ${String(d.role)}` : ""} through an invite</>;
    case "issue.retry_scheduled":
    case "issue.silent_run_stopped":
    case "run.silence_stopped":
    case "issue.stale_checkout_released":
    case "issue.wake_requeued":
    case "issue.wake_loop_stopped":
      return describeRemedy(row, it);
    case "agent.wake_requested":
      return <>woke {agent}{str(d.issueId) ? " for an issue" : ""}</>;
    case "agent.sessions_reset":
      return <>cleared {agent}&apos;s saved sessions</>;
    case "company.imported":
      return <>imported a package into the company</>;
    default:
      return row.entityType === "routine" || row.entityType === "heartbeat_run"
        ? describeRoutineOrRun(row, ctx, it, changed)
        : <>{row.action.split(".").pop()!.replace(/_/g, " ")}{row.entityType === "agent" ? <> {agent}</> : row.subject ? <> {it("")}</> : ""}</>;
  }
}

const productKinds: Record<string, string> = {
  pull_request: "pull request", branch: "branch", commit: "commit", document: "document", url: "link", preview: "preview",
};
const word = (v: unknown) => (typeof v === "string" ? v.replace(/_/g, " ") : "none");

/** "reported the pull request “Fix login” on ACME-12", "Charter recorded 3 commits of ACME-12", "… from open to merged". */
/** A question to the board on an issue: asked, answered (with the option and what its effect did), declined, expired, withdrawn. */
function describeQuestion(row: ActivityRow, it: (fallback: string) => ReactNode): ReactNode {
  const d = details(row);
  const prompt = str(d.prompt) ? <> “{str(d.prompt)}”</> : null;
  const option = str(d.optionLabel) ? <> with “{str(d.optionLabel)}”</> : null;
  const effect = d.effectApplied === false ? <> (its effect was skipped: {str(d.effectSkipped) ?? "the issue moved on"})</> : null;
  switch (row.action) {
    case "question.asked": return <>asked the board on {it("an issue")}:{prompt}</>;
    case "question.answered": return <>answered the question{prompt} on {it("an issue")}{option}{effect}</>;
    case "question.declined": return <>declined the question{prompt} on {it("an issue")}</>;
    case "question.expired": return <>let the question{prompt} on {it("an issue")} expire{str(d.optionLabel) ? <>; its default “{str(d.optionLabel)}” applied</> : null}{effect}</>;
    default: return <>withdrew the question{prompt} on {it("an issue")}</>;
  }
}

function describeWorkProduct(row: ActivityRow, ctx: DescribeContext): ReactNode {
  const d = details(row);
  const issue = <Subject row={row} ctx={ctx} fallback="an issue" />;
  if (row.action === "work_product.created" && d.kind === "commit" && typeof d.count === "number") {
    const branch = str(d.branch) ? <> on the branch <b className="font-medium text-slate-900">{str(d.branch)}</b></> : null;
    return <>recorded {d.count} commit{d.count === 1 ? "" : "s"}{branch} of {issue}</>;
  }
  const kind = productKinds[str(d.kind) ?? ""] ?? "work product";
  const product = <>the {kind}{str(d.title) ? <> <b className="font-medium text-slate-900">“{str(d.title)}”</b></> : null}</>;
  if (row.action === "work_product.created") return <>reported {product} on {issue}</>;
  if ("to" in d) return <>moved {product} on {issue} from {word(d.from)} to {word(d.to)}</>;
  return <>changed the {changedFields(d.changed) || "details"} of {product} on {issue}</>;
}

const verificationOutcomes: Record<string, string> = { passed: "passed", failed: "failed", timed_out: "timed out" };

/** Verified done: a verification's start and result, a reviewer's verdict, the board's override. */
function describeChecks(row: ActivityRow, it: (fallback: string) => ReactNode): ReactNode {
  const d = details(row);
  const issue = it("an issue");
  const sha = str(d.headSha) ? <> at <code className="font-mono text-xs">{str(d.headSha)!.slice(0, 8)}</code></> : null;
  switch (row.action) {
    case "verification.started": return <>started a verification of {issue}{d.trigger === "in_review" ? " (moved to review)" : ""}</>;
    case "verification.finished": return <>ran the verification of {issue}{sha}: {verificationOutcomes[str(d.status) ?? ""] ?? "finished"}{typeof d.exitCode === "number" && d.status === "failed" ? ` (exit code ${d.exitCode})` : ""}</>;
    case "review.submitted":
      return d.verdict === "approve" ? <>approved {issue}{sha}</>
        : <>asked for changes to {issue}{typeof d.round === "number" ? ` (round ${d.round})` : ""}{d.escalated ? ", handing it to the board" : ""}</>;
    default: return <>closed {issue} without its {Array.isArray(d.missing) && d.missing.length ? d.missing.join(" and ") : "checks"}: “{str(d.reason) ?? ""}”</>;
  }
}

const num = (v: unknown) => (typeof v === "number" ? v : 0);
const clip = (text: string) => (text.length > 160 ? `${text.slice(0, 157)}…` : text);

/** The liveness remedies Charter applied to an issue (lib/services/liveness/remedies), each with its reason. */
function describeRemedy(row: ActivityRow, it: (fallback: string) => ReactNode): ReactNode {
  const d = details(row);
  const issue = it("an issue");
  switch (row.action) {
    case "issue.retry_scheduled": {
      const error = str(d.lastError) ? <> ({clip(str(d.lastError)!)})</> : null;
      return <>scheduled retry {num(d.attempt)} of {num(d.budget)} of {issue} in {formatSpan(num(d.delaySec))}: {str(d.why) ?? "its run failed"}{error}</>;
    }
    case "issue.silent_run_stopped":
    case "run.silence_stopped":
      return <>stopped a run of {issue} silent for {formatSpan(num(d.silentSec))} (its agent&apos;s limit is {formatSpan(num(d.limitSec))})</>;
    case "issue.stale_checkout_released":
      return <>released {issue} back to todo after {formatSpan(num(d.idleSec))} without a run or activity (the company&apos;s limit is {formatSpan(num(d.limitSec))}), telling its agent why</>;
    case "issue.wake_requeued":
      return <>woke the agent of {issue} again: {str(d.why) ?? "its wake was lost"}</>;
    default:
      return <>stopped waking {issue}: {num(d.runs)} runs in the last hour reached the company&apos;s limit of {num(d.cap)}</>;
  }
}

const skipReasons: Record<string, string> = {
  paused: "the routine is paused", assignee_paused: "its agent is paused", active_issue: "its last issue is still open",
  missed_window: "no worker was running at the time",
};
const triggerKinds: Record<string, string> = { schedule: "a schedule", webhook: "a webhook", api: "an API trigger" };

function describeRoutineOrRun(row: ActivityRow, ctx: DescribeContext, it: (fallback: string) => ReactNode, changed: string): ReactNode {
  const d = details(row);
  const routine = it("a routine");
  const trigger = triggerKinds[str(d.kind) ?? ""] ?? "a trigger";
  const issue = str(d.issueId) ? <Link href={`/${ctx.prefix}/issues/${str(d.issueId)}`} className={linkClass}>its issue</Link> : "its issue";
  const agent = str(d.agentId) ? <> of <AgentLink id={str(d.agentId)!} ctx={ctx} /></> : null;
  switch (row.action) {
    case "routine.created": return <>created the routine {routine}</>;
    case "routine.updated": return <>changed the {changed || "details"} of the routine {routine}</>;
    case "routine.paused": return <>paused the routine {routine}{d.reason === "assignee_terminated" ? " because its agent was terminated" : ""}</>;
    case "routine.resumed": return <>resumed the routine {routine}</>;
    case "routine.deleted": return <>deleted the routine <b className="font-medium text-slate-900">{str(d.name) ?? "a routine"}</b></>;
    case "routine.trigger_created": return <>added {trigger} to the routine {routine}</>;
    case "routine.trigger_deleted": return <>removed {trigger} from the routine {routine}</>;
    case "routine.trigger_secret_rotated": return <>replaced the webhook secret of the routine {routine}</>;
    case "routine.fired":
      if (d.status === "issue_created") return <>ran the routine {routine}, opening {issue}</>;
      if (d.status === "coalesced") return <>ran the routine {routine} again while {issue} was open</>;
      return <>skipped the routine {routine}{skipReasons[str(d.reason) ?? ""] ? `: ${skipReasons[str(d.reason)!]}` : ""}</>;
    case "run.started": return <>started {it("a run")}{agent}</>;
    case "run.finished": return <>finished {it("a run")}{agent}{str(d.status) ? `: ${humanize(str(d.status)!).toLowerCase()}` : ""}</>;
    default: return <>{row.action.split(".").pop()!.replace(/_/g, " ")} {it("")}</>;
  }
}

/** A coarse kind of action, for the dot beside each line. */
export function actionTone(action: string): "green" | "amber" | "red" | "indigo" | "gray" {
  if (action.endsWith(".created")) return "green";
  if (action === "agent.paused" || action.endsWith("revoked") || action.endsWith("budget_warning") || action === "approval.revision_requested") return "amber";
  if (action === "agent.terminated" || action === "approval.rejected") return "red";
  if (action === "approval.approved") return "green";
  if (action.includes("updated") || action.includes("rolled_back") || action.endsWith("_set")) return "indigo";
  return "gray";
}
