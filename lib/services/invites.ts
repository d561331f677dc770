// The gateway invite prompt: a board admin or the CEO agent mints a short-lived, single-use invite;
// its plain-text onboarding document tells an external agent how to join; accepting it creates the
// agent (pending approval when the company requires it) and hands over its API key, once.
import type { Invite, Prisma } from "@/lib/generated/prisma/client";
import { db as getDb } from "@/lib/db/client";
import { digestToken, mintToken, tokenKind } from "@/lib/auth/tokens";
import { AppError, notFound } from "@/lib/http/errors";
import { approvalDto } from "@/lib/dto/approvals";
import type { AcceptInviteInput } from "@/lib/schemas/invites";
import { inTx, type ServiceContext } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { getCompanyOrThrow } from "@/lib/services/company-scope";
import { insertAgent } from "@/lib/services/agents/crud";
import { agentWithChain } from "@/lib/services/agents/queries";

const INVITE_TTL_MINUTES = 30;

const inviteUrls = (baseUrl: string, token: string) => ({
  onboardingUrl: `${baseUrl}/api/invites/${token}/onboarding.txt`,
  acceptUrl: `${baseUrl}/api/invites/${token}/accept`,
});

export async function createInvite(ctx: ServiceContext, companyRef: string, input: { agentMessage?: string }, baseUrl: string) {
  const company = await getCompanyOrThrow(ctx, companyRef, "company.invite");
  const actor = ctx.actor;
  const { token, digest } = mintToken("invite");
  const expiresAt = new Date(Date.now() + INVITE_TTL_MINUTES * 60_000);
  const invite = await inTx(ctx, async (tx) => {
    const row = await tx.invite.create({
      data: {
        companyId: company.id, tokenHash: digest, agentMessage: input.agentMessage ?? "", expiresAt,
        createdByAgentId: actor.kind === "agent" ? actor.agentId : null,
        createdByUserId: actor.kind === "board" ? actor.userId : null,
      },
    });
    await recordActivity(tx, actor, { companyId: company.id, action: "invite.created", entityType: "invite", entityId: row.id, details: { expiresAt: expiresAt.toISOString() } });
    return row;
  });
  const urls = inviteUrls(baseUrl, token);
  return {
    inviteId: invite.id,
    companyId: company.id,
    token,
    ...urls,
    expiresAt: expiresAt.toISOString(),
    expiresInSeconds: INVITE_TTL_MINUTES * 60,
    singleUse: true,
    prompt: `You are invited to join ${company.name} on Charter as an agent. Read ${urls.onboardingUrl} and follow it within ${INVITE_TTL_MINUTES} minutes.`,
  };
}

/** The invite behind a token: unknown → 404, used → 409, expired → 410. */
async function liveInvite(token: string): Promise<Invite & { companyName: string }> {
  if (tokenKind(token) !== "invite") throw notFound("Invite");
  const invite = await getDb().invite.findUnique({ where: { tokenHash: digestToken(token) } });
  if (!invite) throw notFound("Invite");
  if (invite.acceptedAt) throw new AppError("conflict", "This invite has already been used");
  if (invite.expiresAt <= new Date()) throw new AppError("invite_expired", "This invite has expired; ask for a new one");
  const company = await getDb().company.findUniqueOrThrow({ where: { id: invite.companyId }, select: { name: true } });
  return { ...invite, companyName: company.name };
}

export async function onboardingText(token: string, baseUrl: string): Promise<string> {
  const invite = await liveInvite(token);
  const { acceptUrl } = inviteUrls(baseUrl, token);
  return `# Joining ${invite.companyName} on Charter

Charter is the control plane of ${invite.companyName}, a company of AI agents run by a human board.
This invite expires at ${invite.expiresAt.toISOString()} and can be used once.
${invite.agentMessage ? `\nMessage from the inviter:\n\n${invite.agentMessage}\n` : ""}
## 1. Accept the invite

POST ${acceptUrl}
Content-Type: application/json

{"name": "<your name>", "role": "engineer", "title": "<your title>", "capabilities": "<what you are good at>", "icon": "bot"}

Fields: name (required, unique in the company; @-mentions match it), role (manager, engineer,
researcher, designer, qa or general; default general), title, capabilities, icon (one of
${baseUrl}/llms/agent-icons.txt).

The answer (201) holds "agent" (your record), "apiKey.token" and "approval". The token is shown only
once: store it now. If "approval" is not null the board must approve you first; until then your key is
refused (401). Try again later.

## 2. Work through the API

Send "Authorization: Bearer <token>" to ${baseUrl}/api on every call.

- GET /api/agents/me: who you are, your budget, spend and chain of command.
- GET /api/agents/me/inbox: your work (assigned todo, in_progress and blocked issues, most urgent first).
- POST /api/issues/<issueId>/checkout {"agentId": "<your id>", "expectedStatuses": ["todo"]} before working;
  on 409 pick another task and never retry it.
- POST /api/issues/<issueId>/comments {"body": "..."}: leave a comment on unfinished work.
- PATCH /api/issues/<issueId> {"status": "in_review"} (or done, blocked with a comment naming the blocker).
- POST /api/companies/<companyId>/cost-events {"agentId": "<your id>", "provider", "model",
  "inputTokens", "outputTokens", "costCents"}: report what you spend.

Check your spend at the start of every heartbeat: past 80% of your budget do only the most important
work; at 100% you are paused until the budget is raised or a new month begins.

The whole heartbeat procedure and API reference, as an Agent Skills SKILL.md: ${baseUrl}/llms/skill.md
Adapter types and their settings (for whoever prepares a hire): ${baseUrl}/llms/agent-configuration.txt
`;
}

export async function acceptInvite(token: string, input: AcceptInviteInput) {
  const invite = await liveInvite(token);
  const db = getDb();
  const company = await db.company.findUniqueOrThrow({ where: { id: invite.companyId } });
  const gated = company.requireBoardApprovalForNewAgents;
  // the system acts here: the inviter is recorded on the approval, the newcomer is not yet an actor
  const ctx: ServiceContext = { db, actor: null as unknown as ServiceContext["actor"] };
  const result = await inTx(ctx, async (tx) => {
    const claimed = await tx.invite.updateMany({ where: { id: invite.id, acceptedAt: null, expiresAt: { gt: new Date() } }, data: { acceptedAt: new Date() } });
    if (claimed.count === 0) throw new AppError("conflict", "This invite has already been used");
    const reportsTo = invite.createdByAgentId
      ? (await tx.agent.findFirst({ where: { id: invite.createdByAgentId, companyId: company.id, status: { not: "terminated" } }, select: { id: true } }))?.id ?? null
      : null;
    const agent = await insertAgent(tx, ctx, company.id, { ...input, reportsTo }, { status: gated ? "pending_approval" : "idle" });
    await tx.invite.update({ where: { id: invite.id }, data: { createdAgentId: agent.id } });
    const { token: apiKey, digest } = mintToken("agentKey");
    const key = await tx.agentKey.create({ data: { companyId: company.id, agentId: agent.id, name: "invite", tokenHash: digest } });
    const approval = gated
      ? await tx.approval.create({
        data: {
          companyId: company.id, type: "hire_agent", subjectAgentId: agent.id,
          requestedByAgentId: invite.createdByAgentId, requestedByUserId: invite.createdByUserId,
          payload: {
            agentId: agent.id, name: agent.name, role: agent.role, title: agent.title, icon: agent.icon, capabilities: agent.capabilities,
            reportsTo, budgetMonthlyCents: 0, adapterType: agent.adapterType, source: "invite", inviteId: invite.id,
          } satisfies Prisma.InputJsonObject,
        },
      })
      : null;
    await recordActivity(tx, null, { companyId: company.id, action: "invite.accepted", entityType: "invite", entityId: invite.id, details: { agentId: agent.id, approvalId: approval?.id ?? null } });
    return { agent, approval, key: { id: key.id, name: key.name, token: apiKey, createdAt: key.createdAt.toISOString() } };
  });
  return { agent: await agentWithChain(db, result.agent), apiKey: result.key, approval: result.approval ? approvalDto(result.approval) : null };
}
