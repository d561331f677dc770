import { apiHandler } from "@/lib/http/api-handler";
import { env } from "@/lib/env";
import { inviteTokenParams } from "@/lib/schemas/invites";
import { onboardingText } from "@/lib/services/invites";

export const GET = apiHandler(
  {
    params: inviteTokenParams, auth: "none",
    summary: "The onboarding document for an invited agent",
    response: { mediaType: "text/plain", description: "instructions for the invited agent" },
  },
  async ({ params, req }) =>
    new Response(await onboardingText(params.token, env().PUBLIC_BASE_URL ?? req.nextUrl.origin), {
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    }),
);
