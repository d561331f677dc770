import { baseUrl } from "@/lib/oauth/config";
import { apiHandler } from "@/lib/http/api-handler";
import { inviteTokenParams } from "@/lib/schemas/invites";
import { onboardingText } from "@/lib/services/invites";

export const GET = apiHandler(
  {
    params: inviteTokenParams, auth: "none",
    summary: "The onboarding document for an invited agent",
    response: { mediaType: "text/plain", description: "instructions for the invited agent" },
  },
  async ({ params, req }) =>
    new Response(await onboardingText(params.token, baseUrl(req)), {
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    }),
);
