import { apiHandler } from "@/lib/http/api-handler";
import { publicTriggerParams, webhookFireResponseSchema } from "@/lib/schemas/routines";
import { fireWebhook } from "@/lib/services/routines/webhook";

// No credential but the signature: X-Charter-Timestamp, X-Charter-Delivery and X-Charter-Signature
// (docs/routines.md). The raw body is what is signed, so the service reads it itself.
export const POST = apiHandler(
  {
    params: publicTriggerParams, auth: "none", status: 202,
    summary: "Deliver a webhook to a routine trigger",
    description: "Signed with the trigger's secret: `X-Charter-Signature: sha256=<hex HMAC-SHA256 of \"<X-Charter-Timestamp>.<raw body>\">`, a timestamp within 5 minutes, and an `X-Charter-Delivery` id. A JSON body up to 64 KiB becomes the run's payload. 202 with the new run; 200 with the first run for a repeated delivery id; 401 for a bad signature or timestamp.",
    errors: ["unauthenticated", "payload_too_large", "invalid_json"],
    alsoAnswers: { 200: webhookFireResponseSchema },
    response: webhookFireResponseSchema,
  },
  async ({ ctx, params, req }) => {
    const { run, first } = await fireWebhook(ctx.db, params.publicId, req);
    return first ? run : Response.json(run, { status: 200 });
  },
);
