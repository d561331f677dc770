import { z } from "zod";
import { dateTimeSchema, refSchema, uuidSchema } from "@/lib/schemas/common";
import { membershipRoleSchema } from "@/lib/schemas/members";
import { emailSchema, passwordSchema } from "@/lib/schemas/users";

export const createBoardInviteSchema = z.strictObject({
  role: membershipRoleSchema.default("member").describe("The role the invited person joins with (only owners may invite owners)"),
  email: emailSchema.optional().describe("When set, only the account with this email may accept the invite"),
});
export type CreateBoardInviteInput = z.infer<typeof createBoardInviteSchema>;

export const boardInviteParams = z.object({ companyId: refSchema, inviteId: uuidSchema });

export const boardInviteTokenParams = z.object({ token: z.string().min(1).max(200) });

/** A newcomer's account, created as the invite is accepted. */
export const boardInviteSignUpSchema = z.strictObject({
  name: z.string().trim().min(1, "is required").max(100).describe("The name the board shows"),
  email: emailSchema,
  password: passwordSchema.describe("At least 8 characters"),
});
export type BoardInviteSignUpInput = z.infer<typeof boardInviteSignUpSchema>;

// ---------- responses ----------

export const boardInviteResponseSchema = z.object({
  id: uuidSchema,
  companyId: uuidSchema,
  role: membershipRoleSchema,
  email: z.string().nullable().describe("Only this account may accept; null: anyone with the link"),
  expiresAt: dateTimeSchema,
  createdByUserId: uuidSchema.nullable(),
  createdAt: dateTimeSchema,
}).meta({ id: "BoardInvite" });

export const createdBoardInviteResponseSchema = boardInviteResponseSchema.extend({
  token: z.string().describe("The invite token, shown only this once"),
  url: z.string().describe("The link to send: opening it lets the person sign up or sign in and join"),
}).meta({ id: "CreatedBoardInvite" });

export const boardInviteAcceptedResponseSchema = z.object({
  companyId: uuidSchema,
  issuePrefix: z.string().describe("The company's prefix: its board is at /<issuePrefix>/dashboard"),
  userId: uuidSchema,
  email: z.string(),
  role: membershipRoleSchema,
}).meta({ id: "BoardInviteAcceptance" });
