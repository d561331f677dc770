import { apiHandler } from "@/lib/http/api-handler";
import { checkHealth } from "@/lib/services/health";
import { healthResponseSchema } from "@/lib/schemas/health";

export const dynamic = "force-dynamic";

export const GET = apiHandler(
  {
    auth: "none",
    summary: "Liveness and database reachability (503 when the database is down)",
    response: healthResponseSchema,
    alsoAnswers: { 503: healthResponseSchema },
  },
  async () => {
    const health = await checkHealth();
    return Response.json(health, { status: health.ok ? 200 : 503 });
  },
);
