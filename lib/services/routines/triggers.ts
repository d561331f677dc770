// A routine's triggers: schedules (cron + zone), webhooks (a public URL and a signing secret shown
// only at creation and rotation) and api markers. Webhook secrets are stored sealed (secret-box).
import type { RoutineTrigger } from "@/lib/generated/prisma/client";
import { AppError, notFound } from "@/lib/http/errors";
import { triggerDto } from "@/lib/dto/routines";
import type { CreateTriggerInput } from "@/lib/schemas/routines";
import { assertSchedule, firesMoreThanDaily, nextWindow } from "@/lib/routine-schedule";
import { inTx, type ServiceContext } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { DEFAULT_TITLE_TEMPLATE, getRoutineOrThrow } from "@/lib/services/routines/crud";
import { newPublicId, newWebhookSecret, sealSecret } from "@/lib/services/routines/secret-box";

const TIMED_TITLE_TEMPLATE = `${DEFAULT_TITLE_TEMPLATE} {{time}}`;

function triggerFields(input: CreateTriggerInput, now: Date) {
  if (input.kind === "schedule") {
    assertSchedule(input.cron, input.timezone, now);
    const cron = input.cron.trim().split(/\s+/).join(" ");
    return { fields: { cron, timezone: input.timezone, nextFireAt: nextWindow(cron, input.timezone, now) }, secret: null };
  }
  if (input.kind === "webhook") {
    const secret = newWebhookSecret();
    return { fields: { publicId: newPublicId(), secretEncrypted: sealSecret(secret) }, secret };
  }
  return { fields: {}, secret: null };
}

export async function createTrigger(ctx: ServiceContext, routineId: string, input: CreateTriggerInput, base: string) {
  const routine = await getRoutineOrThrow(ctx, routineId, "routine.write");
  const now = new Date();
  const { fields, secret } = triggerFields(input, now);
  const row = await inTx(ctx, async (tx) => {
    const created = await tx.routineTrigger.create({ data: { companyId: routine.companyId, routineId: routine.id, kind: input.kind, ...fields } });
    // several issues a day would share one title: the default gains the time (a chosen title is left alone)
    const timed = created.cron && created.timezone && firesMoreThanDaily(created.cron, created.timezone, now)
      ? (await tx.routine.updateMany({
        where: { companyId: routine.companyId, id: routine.id, titleTemplate: DEFAULT_TITLE_TEMPLATE }, data: { titleTemplate: TIMED_TITLE_TEMPLATE },
      })).count > 0
      : false;
    await recordActivity(tx, ctx.actor, {
      companyId: routine.companyId, action: "routine.trigger_created", entityType: "routine", entityId: routine.id,
      details: { triggerId: created.id, kind: created.kind, cron: created.cron, timezone: created.timezone, ...(timed ? { titleTemplate: TIMED_TITLE_TEMPLATE } : {}) },
    });
    return created;
  });
  return { ...triggerDto(row, base, now), secret };
}

async function getTriggerOrThrow(ctx: ServiceContext, routineId: string, triggerId: string): Promise<RoutineTrigger> {
  const routine = await getRoutineOrThrow(ctx, routineId, "routine.write");
  const trigger = await ctx.db.routineTrigger.findFirst({ where: { companyId: routine.companyId, routineId: routine.id, id: triggerId } });
  if (!trigger) throw notFound("Trigger");
  return trigger;
}

export async function deleteTrigger(ctx: ServiceContext, routineId: string, triggerId: string) {
  const trigger = await getTriggerOrThrow(ctx, routineId, triggerId);
  await inTx(ctx, async (tx) => {
    const res = await tx.routineTrigger.deleteMany({ where: { companyId: trigger.companyId, id: trigger.id } });
    if (res.count === 0) throw notFound("Trigger");
    await recordActivity(tx, ctx.actor, {
      companyId: trigger.companyId, action: "routine.trigger_deleted", entityType: "routine", entityId: trigger.routineId,
      details: { triggerId: trigger.id, kind: trigger.kind },
    });
  });
}

/** A new secret for a webhook trigger; the old one stops verifying at once. Other kinds have none (422). */
export async function rotateTriggerSecret(ctx: ServiceContext, routineId: string, triggerId: string, base: string) {
  const trigger = await getTriggerOrThrow(ctx, routineId, triggerId);
  if (trigger.kind !== "webhook") throw new AppError("unprocessable", `A ${trigger.kind} trigger has no secret; only webhook triggers do`);
  const secret = newWebhookSecret();
  const row = await inTx(ctx, async (tx) => {
    const updated = await tx.routineTrigger.update({ where: { id: trigger.id }, data: { secretEncrypted: sealSecret(secret) } });
    await recordActivity(tx, ctx.actor, {
      companyId: trigger.companyId, action: "routine.trigger_secret_rotated", entityType: "routine", entityId: trigger.routineId, details: { triggerId: trigger.id },
    });
    return updated;
  });
  return { ...triggerDto(row, base), secret };
}
