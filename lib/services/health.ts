import { db } from "@/lib/db/client";

export async function checkHealth() {
  const t0 = performance.now();
  try {
    await db().$queryRaw`SELECT 1`;
    return { ok: true, database: "up", latencyMs: Math.round(performance.now() - t0) };
  } catch {
    return { ok: false, database: "down", latencyMs: Math.round(performance.now() - t0) };
  }
}
