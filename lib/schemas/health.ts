import { z } from "zod";
import { intSchema } from "@/lib/schemas/common";

// ---------- responses ----------

export const healthResponseSchema = z.object({
  ok: z.boolean(),
  database: z.enum(["up", "down"]),
  latencyMs: intSchema.describe("How long the database took to answer SELECT 1"),
});

export const pingResponseSchema = z.object({ ok: z.literal(true) });
