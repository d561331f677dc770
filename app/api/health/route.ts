import { apiHandler } from "@/lib/http/api-handler";
import { checkHealth } from "@/lib/services/health";

export const dynamic = "force-dynamic";

export const GET = apiHandler({ auth: "none" }, async () => {
  const health = await checkHealth();
  return Response.json(health, { status: health.ok ? 200 : 503 });
});
