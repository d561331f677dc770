import { z } from "zod";
import { dateTimeSchema, refSchema, uuidSchema } from "@/lib/schemas/common";
import { emailSchema } from "@/lib/schemas/users";

export const membershipRoleSchema = z.enum(["owner", "admin", "member", "viewer"]).describe("owner > admin > member > viewer");

export const addMemberSchema = z.strictObject({
  email: emailSchema.describe("An existing board user's email (create users with `npx charter user create`)"),
  role: membershipRoleSchema.default("member"),
});

export const updateMemberSchema = z.strictObject({ role: membershipRoleSchema });

export const memberParams = z.object({ companyId: refSchema, userId: uuidSchema });

// ---------- responses ----------

export const memberResponseSchema = z.object({
  companyId: uuidSchema,
  userId: uuidSchema,
  email: z.string(),
  name: z.string(),
  role: membershipRoleSchema,
  createdAt: dateTimeSchema,
}).meta({ id: "Member" });
