import { z } from "zod";
import { apiHandler, listOf } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { createWebhookSchema, webhookResponseSchema, webhookWithSecretResponseSchema } from "@/lib/schemas/webhooks";
import { createWebhook, listWebhooks } from "@/lib/services/webhooks/subscriptions";

export const GET = apiHandler(
  {
    params: companyParams, list: true,
    summary: "The company's outbound webhook subscriptions (board owners and admins)",
    response: z.array(webhookResponseSchema),
  },
  async ({ ctx, params, query }) => listOf(await listWebhooks(ctx, params.companyId, query)),
);

export const POST = apiHandler(
  {
    params: companyParams, body: createWebhookSchema, status: 201,
    summary: "Subscribe a URL to events; the answer carries the signing secret, once",
    response: webhookWithSecretResponseSchema,
  },
  ({ ctx, params, body }) => createWebhook(ctx, params.companyId, body),
);
