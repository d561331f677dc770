// The instance-wide pause: one InstanceSetting row (`instance.pause`, JSON {pausedAt, mode}); no row
// means running. It pauses every company as the company pause does, without touching their own pausedAt,
// so resuming the instance leaves a company paused on its own still paused.
import { z } from "zod";
import { requireInstanceAdmin } from "@/lib/auth/permissions";
import type { Db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { inTx, type ServiceContext, type Tx } from "@/lib/services/context";
import { recordActivities } from "@/lib/services/activity";
import { cancelRunsForPause } from "@/lib/services/pause/runs";
import { INSTANCE_PAUSE_KEY } from "@/lib/services/pause/sql";
import type { PauseInput } from "@/lib/schemas/pause";

const storedSchema = z.object({ pausedAt: z.iso.datetime(), mode: z.enum(["finish", "cancel"]) });

export interface InstancePause {
  pausedAt: Date;
  mode: "finish" | "cancel";
}

/** The instance's pause, or null while it runs (an unreadable row still counts as paused: the runtime's SQL sees a row). */
export async function instancePause(db: Db | Tx): Promise<InstancePause | null> {
  const row = await db.instanceSetting.findUnique({ where: { key: INSTANCE_PAUSE_KEY } });
  if (!row) return null;
  let stored: unknown = null;
  try {
    stored = JSON.parse(row.value);
  } catch {
    // kept null: answered below as a pause in finish mode since the row's last write
  }
  const parsed = storedSchema.safeParse(stored);
  return parsed.success ? { pausedAt: new Date(parsed.data.pausedAt), mode: parsed.data.mode } : { pausedAt: row.updatedAt, mode: "finish" };
}

const instancePauseDto = (p: InstancePause | null) => ({ pausedAt: p?.pausedAt.toISOString() ?? null, mode: p?.mode ?? null });

// the instance's own events, written into every company's log (an activity row belongs to a company)
async function recordInInstance(tx: Tx, ctx: ServiceContext, action: string, details: Prisma.InputJsonObject) {
  const companies = await tx.company.findMany({ select: { id: true } });
  await recordActivities(tx, ctx.actor, companies.map((c) => ({ companyId: c.id, action, entityType: "company", entityId: c.id, details })));
}

/** Pauses every company; pausing a paused instance changes nothing but a finish escalated to cancel. */
export async function pauseInstance(ctx: ServiceContext, input: PauseInput) {
  requireInstanceAdmin(ctx.actor);
  await inTx(ctx, async (tx) => {
    const row = await tx.instanceSetting.findUnique({ where: { key: INSTANCE_PAUSE_KEY } });
    const current = await instancePause(tx);
    if (current && (current.mode === "cancel" || input.mode === "finish")) return;
    const value = JSON.stringify({ pausedAt: (current?.pausedAt ?? new Date()).toISOString(), mode: input.mode });
    // compare-and-set, so two admins pausing at once record one pause
    const written = row
      ? await tx.$executeRaw`UPDATE "InstanceSetting" SET value = ${value}, "updatedAt" = now() WHERE key = ${INSTANCE_PAUSE_KEY} AND value = ${row.value}`
      : await tx.$executeRaw`INSERT INTO "InstanceSetting" (key, value, "updatedAt") VALUES (${INSTANCE_PAUSE_KEY}, ${value}, now()) ON CONFLICT (key) DO NOTHING`;
    if (written === 0) return;
    const cancelledRuns = input.mode === "cancel" ? await cancelRunsForPause(tx, ctx.actor, null, "instance") : 0;
    await recordInInstance(tx, ctx, "instance.paused", { mode: input.mode, cancelledRuns, ...(current ? { escalated: true } : {}) });
  });
  return instancePauseDto(await instancePause(ctx.db));
}

/** Resumes the instance and wakes the workers; resuming a running instance changes nothing. */
export async function resumeInstance(ctx: ServiceContext) {
  requireInstanceAdmin(ctx.actor);
  await inTx(ctx, async (tx) => {
    const current = await instancePause(tx);
    const deleted = await tx.instanceSetting.deleteMany({ where: { key: INSTANCE_PAUSE_KEY } });
    if (deleted.count === 0) return;
    await recordInInstance(tx, ctx, "instance.resumed", { pausedAt: current?.pausedAt.toISOString() ?? null });
    await tx.$queryRaw`SELECT pg_notify('charter_wake', 'instance')::text`;
  });
  return instancePauseDto(null);
}
