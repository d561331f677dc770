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
  subject: z.object({
    label: z.string().describe("Its short name: an issue's identifier, an agent's or project's name, a goal's title"),
    title: z.string().nullable().describe("An issue's title; null for other kinds"),
    ref: z.string().nullable().describe("How the board addresses it in a URL (issue identifier, agent urlKey, an id); null: no page"),
  }).nullable().describe("What the row is about, named as the board names it; null when that entity is gone"),
}).meta({ id: "Activity" });
