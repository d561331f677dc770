// A company's outbound webhook subscriptions (board owners and admins). The secret is shown once, in
// the answer that creates or rotates it; a rotation keeps the old secret signing for 24 hours.
import type { WebhookSubscription } from "@/lib/generated/prisma/client";
import { authorize, companyScope } from "@/lib/auth/permissions";
import { AppError, notFound } from "@/lib/http/errors";
import { keysetPage, type ListQuery } from "@/lib/http/pagination";
import { webhookDto } from "@/lib/dto/webhooks";
import type { CreateWebhookInput, UpdateWebhookInput } from "@/lib/schemas/webhooks";
import { inTx, type ServiceContext } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { getCompanyOrThrow } from "@/lib/services/company-scope";
import { newStandardWebhookSecret, sealSecret } from "@/lib/services/routines/secret-box";
import { RefusedTarget, resolveTarget } from "@/lib/services/webhooks/address-guard";
import { subscribableEventTypes } from "@/lib/services/webhooks/event-types";

const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

export async function getWebhookOrThrow(ctx: ServiceContext, webhookId: string): Promise<WebhookSubscription> {
  const row = await ctx.db.webhookSubscription.findFirst({ where: { id: webhookId, ...companyScope(ctx.actor) } });
  if (!row) throw notFound("Webhook");
  authorize(ctx.actor, "company.webhooks", row.companyId);
  return row;
}

function assertEventTypes(types: string[]) {
  const unknown = types.filter((t) => !subscribableEventTypes.includes(t));
  if (unknown.length > 0) {
    throw new AppError("unprocessable", `Unknown event type: ${unknown.join(", ")}`,
      unknown.map((t) => ({ path: "body.eventTypes", message: `unknown event type ${t}` })));
  }
}

async function assertTarget(url: string) {
  try {
    await resolveTarget(url);
  } catch (err) {
    if (!(err instanceof RefusedTarget)) throw err;
    throw new AppError("unprocessable", `The webhook URL is refused: ${err.message}`, [{ path: "body.url", message: err.message }]);
  }
}

const listOrder = [["createdAt", "desc", "date"], ["id", "desc", "uuid"]] as const;

export async function listWebhooks(ctx: ServiceContext, companyRef: string, query: ListQuery) {
  const company = await getCompanyOrThrow(ctx, companyRef, "company.webhooks");
  return keysetPage(query, listOrder, ({ after, ...page }) => ctx.db.webhookSubscription.findMany({
    where: { companyId: company.id, ...after }, ...page,
  }), webhookDto);
}

export async function getWebhook(ctx: ServiceContext, webhookId: string) {
  return webhookDto(await getWebhookOrThrow(ctx, webhookId));
}

export async function createWebhook(ctx: ServiceContext, companyRef: string, input: CreateWebhookInput) {
  const company = await getCompanyOrThrow(ctx, companyRef, "company.webhooks");
  assertEventTypes(input.eventTypes);
  await assertTarget(input.url);
  const secret = newStandardWebhookSecret();
  const row = await inTx(ctx, async (tx) => {
    const created = await tx.webhookSubscription.create({
      data: {
        companyId: company.id, url: input.url, format: input.format, eventTypes: [...new Set(input.eventTypes)],
        enabled: input.enabled, description: input.description ?? "", secretEncrypted: sealSecret(secret),
      },
    });
    await recordActivity(tx, ctx.actor, {
      companyId: company.id, action: "webhook.created", entityType: "webhook", entityId: created.id,
      details: { url: created.url, format: created.format, eventTypes: created.eventTypes },
    });
    return created;
  });
  return { ...webhookDto(row), secret };
}

export async function updateWebhook(ctx: ServiceContext, webhookId: string, input: UpdateWebhookInput) {
  const current = await getWebhookOrThrow(ctx, webhookId);
  if (input.eventTypes) assertEventTypes(input.eventTypes);
  if (input.url !== undefined) await assertTarget(input.url);
  const reenabled = input.enabled === true && !current.enabled;
  const row = await inTx(ctx, async (tx) => {
    const updated = await tx.webhookSubscription.update({
      where: { id: current.id },
      data: {
        ...input, ...(input.eventTypes ? { eventTypes: [...new Set(input.eventTypes)] } : {}),
        ...(reenabled ? { failingSince: null, disabledAt: null } : {}),
      },
    });
    await recordActivity(tx, ctx.actor, {
      companyId: current.companyId, action: "webhook.updated", entityType: "webhook", entityId: current.id, details: { changed: Object.keys(input) },
    });
    return updated;
  });
  return webhookDto(row);
}

export async function deleteWebhook(ctx: ServiceContext, webhookId: string) {
  const current = await getWebhookOrThrow(ctx, webhookId);
  await inTx(ctx, async (tx) => {
    const res = await tx.webhookSubscription.deleteMany({ where: { id: current.id, companyId: current.companyId } });
    if (res.count === 0) throw notFound("Webhook");
    await recordActivity(tx, ctx.actor, {
      companyId: current.companyId, action: "webhook.deleted", entityType: "webhook", entityId: current.id, details: { url: current.url },
    });
  });
}

export async function rotateWebhookSecret(ctx: ServiceContext, webhookId: string) {
  const current = await getWebhookOrThrow(ctx, webhookId);
  const secret = newStandardWebhookSecret();
  const row = await inTx(ctx, async (tx) => {
    const updated = await tx.webhookSubscription.update({
      where: { id: current.id },
      data: {
        secretEncrypted: sealSecret(secret), previousSecretEncrypted: current.secretEncrypted,
        previousSecretExpiresAt: new Date(Date.now() + ROTATION_OVERLAP_MS),
      },
    });
    await recordActivity(tx, ctx.actor, {
      companyId: current.companyId, action: "webhook.secret_rotated", entityType: "webhook", entityId: current.id, details: {},
    });
    return updated;
  });
  return { ...webhookDto(row), secret };
}
