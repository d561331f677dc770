// A project's workspace and checks settings: the workspace policy, the branch template, the
// verification command and the review rule. Only the board writes them: Charter runs the verification
// command on its workers, and the review rule decides who may close an issue, so an agent that could
// set them could run anything or approve its own work.
import { Prisma } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/auth/actor";
import { forbidden } from "@/lib/http/errors";
import { DEFAULT_VERIFICATION_TIMEOUT_SEC, type ProjectSettingsInput } from "@/lib/schemas/projects";
import type { Tx } from "@/lib/services/context";
import { assertCompanyAgent } from "@/lib/services/agents/queries";

const settingKeys = ["workspacePolicy", "branchTemplate", "verification", "review"] as const;

/** 403 for an agent that sends any of the settings, even unchanged or null. */
export function assertMaySetSettings(actor: Actor, input: ProjectSettingsInput): void {
  const sent = settingKeys.filter((k) => input[k] !== undefined);
  if (sent.length && actor.kind === "agent") {
    throw forbidden(`Only the board sets a project's ${sent.join(", ")}: agents cannot change how their work is checked`);
  }
}

/** The columns the sent settings write, defaults filled in; a review agent must be a live agent of the company (422). */
export async function settingsData(tx: Tx, companyId: string, input: ProjectSettingsInput) {
  const { workspacePolicy, branchTemplate, verification, review } = input;
  if (review?.kind === "agent") await assertCompanyAgent(tx, companyId, review.agentId, "review.agentId");
  const json = <T>(v: T | null | undefined, stored: (v: T) => Prisma.InputJsonObject) =>
    v === undefined ? undefined : v === null ? Prisma.DbNull : stored(v);
  const data = {
    workspacePolicy,
    branchTemplate,
    verification: json(verification, (v) => ({ command: v.command, args: v.args ?? [], timeoutSec: v.timeoutSec ?? DEFAULT_VERIFICATION_TIMEOUT_SEC })),
    review: json(review, (r) => (r.kind === "agent" ? { kind: "agent", agentId: r.agentId } : { kind: "board" })),
  };
  // strictUndefinedChecks: a key that is not sent must be absent, not undefined
  return Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined)) as Partial<typeof data>;
}
