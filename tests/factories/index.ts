// Real rows and real credentials for tests: users with hashed passwords, board tokens and agent
// keys minted exactly as the product mints them. Each test makes its own company.
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db/client";
import { mintToken } from "@/lib/auth/tokens";
import type { AgentRole, AgentStatus, MembershipRole, Prisma } from "@/lib/generated/prisma/client";

const uniq = () => randomUUID().slice(0, 8);

// argon2 is deliberately slow, so factory users share one precomputed hash;
// the argon2id hash of "password123"
export const FIXED_PASSWORD = "password123";
const FIXED_HASH = "$argon2id$v=19$m=19456,t=2,p=1$5qLCELbmaCQzTjZuc6xlmw$qyTJjaAszeWlLhfl55WcGXsxnd2DyABaR8oYK+Ac+us";

export async function createUser(opts: { email?: string; name?: string; isInstanceAdmin?: boolean } = {}) {
  return db().user.create({
    data: { email: opts.email ?? `user-${uniq()}@example.test`, name: opts.name ?? "Test User", passwordHash: FIXED_HASH, isInstanceAdmin: opts.isInstanceAdmin ?? false },
  });
}

export async function mintBoardToken(userId: string) {
  const { token, digest } = mintToken("boardToken");
  await db().boardToken.create({ data: { userId, name: "test", tokenHash: digest } });
  return token;
}

let prefixCounter = 0;
function nextPrefix(): string {
  // unique 5-letter prefixes per process, so parallel files never collide
  let n = process.pid * 1000 + prefixCounter++;
  let s = "";
  for (let i = 0; i < 5; i++) { s = String.fromCharCode(65 + (n % 26)) + s; n = Math.floor(n / 26); }
  return s;
}

export async function createCompany(opts: Partial<Prisma.CompanyUncheckedCreateInput> = {}) {
  return db().company.create({ data: { name: opts.name ?? `Company ${uniq()}`, issuePrefix: opts.issuePrefix ?? nextPrefix(), ...opts } });
}

export async function addMember(companyId: string, userId: string, role: MembershipRole) {
  return db().membership.create({ data: { companyId, userId, role } });
}

export async function createAgent(companyId: string, opts: { name?: string; role?: AgentRole; status?: AgentStatus; reportsToId?: string | null; adapterType?: "process" | "http" | "claude_local" | "codex_local"; adapterConfig?: Prisma.InputJsonObject; budgetMonthlyCents?: number } = {}) {
  const name = opts.name ?? `Agent ${uniq()}`;
  return db().agent.create({
    data: {
      companyId, name, urlKey: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"), role: opts.role ?? "engineer",
      status: opts.status ?? "idle", reportsToId: opts.reportsToId ?? null, adapterType: opts.adapterType ?? "process",
      adapterConfig: opts.adapterConfig ?? {}, budgetMonthlyCents: opts.budgetMonthlyCents ?? 0,
    },
  });
}

export async function mintAgentKey(agent: { id: string; companyId: string }) {
  const { token, digest } = mintToken("agentKey");
  await db().agentKey.create({ data: { companyId: agent.companyId, agentId: agent.id, name: "test", tokenHash: digest } });
  return token;
}

/** A heartbeat run of the agent and its short-lived run key: requests with it carry the run's id. */
export async function mintRunKey(agent: { id: string; companyId: string; adapterType?: "process" | "http" | "claude_local" | "codex_local" }) {
  const run = await db().heartbeatRun.create({
    data: { companyId: agent.companyId, agentId: agent.id, status: "running", adapterType: agent.adapterType ?? "process", startedAt: new Date() },
  });
  const { token, digest } = mintToken("runKey");
  await db().agentKey.create({ data: { companyId: agent.companyId, agentId: agent.id, name: "run", kind: "run", runId: run.id, tokenHash: digest } });
  return { run, token };
}

/** A company with an owner board user, a CEO, a manager under it and an engineer under that. */
export async function createWorld() {
  const company = await createCompany();
  const owner = await createUser();
  await addMember(company.id, owner.id, "owner");
  const ceo = await createAgent(company.id, { name: `CEO ${uniq()}`, role: "ceo" });
  const manager = await createAgent(company.id, { name: `Manager ${uniq()}`, role: "manager", reportsToId: ceo.id });
  const engineer = await createAgent(company.id, { name: `Engineer ${uniq()}`, role: "engineer", reportsToId: manager.id });
  return {
    company, owner, ceo, manager, engineer,
    tokens: {
      owner: await mintBoardToken(owner.id),
      ceo: await mintAgentKey(ceo),
      manager: await mintAgentKey(manager),
      engineer: await mintAgentKey(engineer),
    },
  };
}

/** A board user with a board token; with `companyId` and `role` also a member of that company. */
export async function createBoardUser(opts: { companyId?: string; role?: MembershipRole; isInstanceAdmin?: boolean } = {}) {
  const user = await createUser({ isInstanceAdmin: opts.isInstanceAdmin });
  if (opts.companyId) await addMember(opts.companyId, user.id, opts.role ?? "member");
  return { user, token: await mintBoardToken(user.id) };
}

/** An agent and a working API key for it. */
export async function createAgentWithKey(companyId: string, opts: Parameters<typeof createAgent>[1] = {}) {
  const agent = await createAgent(companyId, opts);
  return { agent, token: await mintAgentKey(agent) };
}
