// Questions past their expiry, from the worker's periodic tick: each becomes expired, with its default
// option (if any) as the answer and that option's effect applied on the asker's behalf (the default is
// what the asker said should happen without an answer, so it acts with the asker's own rights).
// Rows are claimed FOR UPDATE SKIP LOCKED, so any number of workers expire at once, never one twice.
import type { Question } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { passWriteFence } from "@/lib/db/write-fence";
import type { Tx } from "@/lib/services/context";
import { settleQuestion } from "@/lib/services/questions/resolve";

const BATCH = 20;

/** The asker as an actor: its agent (as if from outside a run), or its board user with their role in the company. */
async function askerActor(tx: Tx, q: Question): Promise<Actor | null> {
  if (q.askedByAgentId) {
    const a = await tx.agent.findFirst({ where: { id: q.askedByAgentId, companyId: q.companyId, status: { not: "terminated" } } });
    return a ? { kind: "agent", agentId: a.id, companyId: a.companyId, role: a.role, keyId: "", runId: null } : null;
  }
  if (!q.askedByUserId) return null;
  const m = await tx.membership.findFirst({ where: { companyId: q.companyId, userId: q.askedByUserId }, include: { user: true } });
  if (!m) return null;
  return { kind: "board", userId: m.userId, email: m.user.email, name: m.user.name, isInstanceAdmin: false, roles: { [q.companyId]: m.role }, via: "session" };
}

/** Expires one batch of due questions; returns their ids. */
export async function expireQuestions(): Promise<string[]> {
  return db().$transaction(async (tx) => {
    const due = await tx.$queryRaw<{ id: string }[]>`
      SELECT id::text AS id FROM "Question" WHERE status = 'open' AND "expiresAt" <= now()
       ORDER BY "expiresAt", id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`;
    const rows = await tx.question.findMany({ where: { id: { in: due.map((d) => d.id) } }, orderBy: { id: "asc" } });
    for (const q of rows) {
      await settleQuestion(tx, null, q, "expired", { answerOptionId: q.defaultOptionId }, q.defaultOptionId ? await askerActor(tx, q) : null);
    }
    await passWriteFence((text, values) => tx.$queryRawUnsafe(text, ...values));
    return rows.map((q) => q.id);
  }, { maxWait: 10_000, timeout: 60_000 });
}
