import { z } from "zod";
import { dateTimeSchema, hexColorSchema, uuidSchema } from "@/lib/schemas/common";

const name = z.string().trim().min(1).max(100).describe("Unique in the company (case-sensitive)");

export const createLabelSchema = z.strictObject({
  name,
  color: hexColorSchema.optional().describe("Hex colour; #6b7280 when omitted"),
});
export type CreateLabelInput = z.infer<typeof createLabelSchema>;

export const updateLabelSchema = z.strictObject({
  name: name.optional(),
  color: hexColorSchema.optional(),
});
export type UpdateLabelInput = z.infer<typeof updateLabelSchema>;

export const labelParams = z.object({ labelId: uuidSchema });

// ---------- responses ----------

export const labelResponseSchema = z.object({
  id: uuidSchema,
  companyId: uuidSchema,
  name: z.string(),
  color: z.string().describe("Hex colour"),
  createdAt: dateTimeSchema,
}).meta({ id: "Label" });
