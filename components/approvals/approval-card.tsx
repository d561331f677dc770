// What an approval asks for, readable at a glance: a hire's agent or a CEO's strategy.
import Link from "next/link";
import type { ApprovalDto } from "@/lib/dto/approvals";
import { formatBudget, formatDateTime, roleLabel } from "@/lib/format";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { AgentAvatar } from "@/components/agents/agent-icon";
import { MarkdownText } from "@/components/markdown/render";
import { HireRuns } from "@/components/approvals/hire-runs.client";

export interface PersonRef {
  name: string;
  urlKey?: string;
}

export interface ApprovalNames {
  prefix: string;
  agents: Record<string, PersonRef>;
  users: Record<string, string>;
}

const statusTones: Record<string, BadgeTone> = { pending: "amber", approved: "green", rejected: "red", revision_requested: "violet" };
const statusText: Record<string, string> = { pending: "Pending", approved: "Approved", rejected: "Rejected", revision_requested: "Revision requested" };
export const typeText: Record<string, string> = { hire_agent: "Hire an agent", approve_ceo_strategy: "CEO strategy" };

export function ApprovalStatusBadge({ status }: { status: string }) {
  return <Badge tone={statusTones[status] ?? "gray"} dot>{statusText[status] ?? status}</Badge>;
}

const str = (v: unknown) => (typeof v === "string" ? v : "");

export function Requester({ approval, names }: { approval: ApprovalDto; names: ApprovalNames }) {
  const agent = approval.requestedByAgentId ? names.agents[approval.requestedByAgentId] : undefined;
  if (agent?.urlKey) return <Link href={`/${names.prefix}/agents/${agent.urlKey}`} className="font-medium text-slate-800 hover:text-indigo-700 hover:underline">{agent.name}</Link>;
  if (approval.requestedByUserId) return <span className="font-medium text-slate-800">{names.users[approval.requestedByUserId] ?? "a board member"}</span>;
  return <span className="font-medium text-slate-800">{agent?.name ?? "an agent"}</span>;
}

function HireSummary({ approval, names, companyId }: { approval: ApprovalDto; names: ApprovalNames; companyId?: string }) {
  const p = approval.payload;
  const manager = typeof p.reportsTo === "string" ? names.agents[p.reportsTo]?.name : null;
  const budget = typeof p.budgetMonthlyCents === "number" ? p.budgetMonthlyCents : 0;
  return (
    <div className="flex items-start gap-3">
      <AgentAvatar icon={typeof p.icon === "string" ? p.icon : null} role={str(p.role) || "general"} />
      <div className="min-w-0 space-y-1 text-sm">
        <p className="font-medium text-slate-900" data-testid="hire-name">{str(p.name)}</p>
        <p className="text-slate-600">
          {roleLabel(str(p.role) || "general")}{str(p.title) ? ` · ${str(p.title)}` : ""}
          {manager ? <> · reports to {manager}</> : null}
          {budget > 0 ? ` · budget ${formatBudget(budget)}/month` : " · no budget limit"}
        </p>
        <HireRuns approval={approval} companyId={companyId} />
        {str(p.capabilities) && <p className="text-slate-500">{str(p.capabilities)}</p>}
        {str(p.reason) && <p className="text-slate-500">Why: {str(p.reason)}</p>}
        {p.source === "invite" && <p className="text-xs text-slate-400">Joined through an invite</p>}
      </div>
    </div>
  );
}

/** The body of an approval: for a hire the agent asked for (and, given the company, whether it can run), for a strategy its plan. */
export function ApprovalSummary({ approval, names, clamp = false, companyId }: { approval: ApprovalDto; names: ApprovalNames; clamp?: boolean; companyId?: string }) {
  if (approval.type === "hire_agent") return <HireSummary approval={approval} names={names} companyId={companyId} />;
  const plan = str(approval.payload.plan);
  return (
    <div className={clamp ? "max-h-40 overflow-hidden [mask-image:linear-gradient(to_bottom,black_70%,transparent)]" : undefined}>
      {plan ? <MarkdownText prefix={names.prefix}>{plan}</MarkdownText> : <p className="text-sm text-slate-500">No plan given.</p>}
    </div>
  );
}

/**
 * Who asked and when; not what kind of approval, which the title above it already says. A span, not
 * a paragraph: it also sits inside a card header's description, itself a <p>.
 */
export function ApprovalMeta({ approval, names }: { approval: ApprovalDto; names: ApprovalNames }) {
  return (
    <span className="block text-xs text-slate-500">
      Requested by <Requester approval={approval} names={names} /> · {formatDateTime(approval.createdAt)}
    </span>
  );
}
