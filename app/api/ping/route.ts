// The benchmark floor: a handler that touches no database.
import { apiHandler } from "@/lib/http/api-handler";
import { pingResponseSchema } from "@/lib/schemas/health";

export const dynamic = "force-dynamic";

export const GET = apiHandler(
  {
    auth: "none",
    summary: "A handler that touches nothing (for benchmarks)",
    response: pingResponseSchema,
  },
  async () => ({ ok: true }),
);
