import { z } from "zod";
import { dateTimeSchema, uuidSchema } from "@/lib/schemas/common";

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email("must be an email address")).describe("Sign-in email");
export const passwordSchema = z.string().min(8, "must be at least 8 characters").max(200);

export const createUserSchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  name: z.string().trim().min(1).max(100).optional(),
  isInstanceAdmin: z.boolean().default(false),
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

export const setupSchema = z.strictObject({
  token: z.string().min(1).max(200),
  email: emailSchema,
  password: passwordSchema,
  name: z.string().trim().min(1).max(100).optional(),
});

export const createBoardTokenSchema = z.strictObject({
  name: z.string().trim().min(1).max(100).default("board token"),
});

export const themeSchema = z.enum(["system", "light", "dark"]).describe("The board's colour theme; system follows the browser's setting");

export const updateViewerSchema = z.strictObject({
  theme: themeSchema,
});
export type UpdateViewerInput = z.infer<typeof updateViewerSchema>;

// ---------- responses ----------

export const userResponseSchema = z.object({
  id: uuidSchema,
  email: z.string(),
  name: z.string(),
  isInstanceAdmin: z.boolean(),
  createdAt: dateTimeSchema,
}).meta({ id: "User" });

export const viewerResponseSchema = userResponseSchema.extend({
  theme: themeSchema,
  memberships: z.array(z.object({ companyId: uuidSchema, role: z.enum(["owner", "admin", "member", "viewer"]) }))
    .describe("The companies the caller belongs to, with its role in each"),
});

export const boardTokenResponseSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  createdAt: dateTimeSchema,
  expiresAt: dateTimeSchema.nullable(),
  revokedAt: dateTimeSchema.nullable(),
}).meta({ id: "BoardToken" });

export const createdBoardTokenResponseSchema = boardTokenResponseSchema.extend({
  token: z.string().describe("The token itself, shown once: send it as Authorization: Bearer"),
});
