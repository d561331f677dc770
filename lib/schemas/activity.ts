import { z } from "zod";
import { ActorType } from "@/lib/generated/prisma/enums";
import { dateTimeSchema, jsonValueSchema, uuidSchema } from "@/lib/schemas/common";

// ---------- responses ----------

export const activityResponseSchema = z.object({
  id: uuidSchema,
  companyId: uuidSchema,
  actorType: z.enum(ActorType),
  actorId: z.string().nullable(),
  action: z.string().describe("Dotted past tense, e.g. issue.checked_out"),
  entityType: z.string(),
  entityId: z.string(),
  details: jsonValueSchema,
  createdAt: dateTimeSchema,
}).meta({ id: "Activity" });
