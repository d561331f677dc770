// The benchmark floor: a handler that touches no database.
import { apiHandler } from "@/lib/http/api-handler";

export const dynamic = "force-dynamic";

export const GET = apiHandler({ auth: "none" }, async () => ({ ok: true }));
