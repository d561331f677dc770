// The email sweep, from the worker's tick: re-kicks rows whose job is gone (it gave up while the mail
// server was down, or a process died with it). It only enqueues; the rows' lease in send.ts is what
// keeps a row from being mailed twice, so a kick for a row another sender holds sends nothing.
import type { EmailMode } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { enqueue } from "@/lib/runtime/jobs";
import { mailEnabled } from "@/lib/services/notifications/mailer";
import { digestDelaySeconds, EMAIL_DIGEST_JOB, EMAIL_SEND_JOB } from "@/lib/services/notifications/jobs";
import { MAX_ATTEMPTS } from "@/lib/services/notifications/send";

/** A row's own job gets this long to run before the sweep takes it for lost. */
const GRACE_MS = 2 * 60_000;
const LIMIT = 500;

const unheld = (now: Date) => ({ status: "pending" as const, attempts: { lt: MAX_ATTEMPTS }, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] });

/** Immediate rows nobody holds that their job should have sent by now. */
async function lostImmediate(now: Date): Promise<string[]> {
  const rows = await db().emailNotification.findMany({
    where: { ...unheld(now), mode: "immediate", createdAt: { lt: new Date(now.getTime() - GRACE_MS) } },
    select: { id: true }, orderBy: { id: "asc" }, take: LIMIT,
  });
  return rows.map((r) => r.id);
}

/** (user, mode) of digests whose time has passed with rows still waiting for them. */
async function lostDigests(now: Date): Promise<{ userId: string; mode: "hourly" | "daily" }[]> {
  const groups = await db().emailNotification.groupBy({
    by: ["userId", "mode"], where: { ...unheld(now), mode: { in: ["hourly", "daily"] as EmailMode[] } }, _min: { createdAt: true }, take: LIMIT, orderBy: { userId: "asc" },
  });
  return groups.flatMap((g) => {
    const mode = g.mode as "hourly" | "daily";
    const oldest = g._min.createdAt!;
    const due = oldest.getTime() + digestDelaySeconds(mode, oldest) * 1000;
    return due + GRACE_MS < now.getTime() ? [{ userId: g.userId, mode }] : [];
  });
}

/** Enqueues the sends and digests that were lost; returns how many of each it kicked. */
export async function sweepEmail(now = new Date()): Promise<{ immediate: number; digests: number }> {
  if (!mailEnabled()) return { immediate: 0, digests: 0 };
  const ids = await lostImmediate(now);
  const digests = await lostDigests(now);
  if (ids.length || digests.length) {
    await db().$transaction(async (tx) => {
      // the same keys as the fan-out's jobs: a kick for a row whose job still waits coalesces with it
      for (const id of ids) await enqueue(tx, EMAIL_SEND_JOB, { id });
      for (const d of digests) await enqueue(tx, EMAIL_DIGEST_JOB, { userId: d.userId, mode: d.mode });
    }, { timeout: 60_000 });
  }
  return { immediate: ids.length, digests: digests.length };
}
