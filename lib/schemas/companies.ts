import { z } from "zod";
import { centsSchema, hexColorSchema, refSchema, uuidSchema } from "@/lib/schemas/common";

export const issuePrefixSchema = z
  .string()
  .regex(/^[A-Z]{2,5}$/, "must be 2–5 upper-case letters")
  .describe("Prefix of issue identifiers (ACME-12); derived from the name when omitted; immutable");

export const createCompanySchema = z.strictObject({
  name: z.string().trim().min(1).max(120).describe("Company name"),
  description: z.string().max(10_000).optional(),
  issuePrefix: issuePrefixSchema.optional(),
  budgetMonthlyCents: centsSchema.optional().describe("Monthly budget in cents; 0 means no limit"),
  requireBoardApprovalForNewAgents: z.boolean().optional().describe("Hires wait for board approval (default true)"),
  brandColor: hexColorSchema.nullable().optional(),
});
export type CreateCompanyInput = z.infer<typeof createCompanySchema>;

export const updateCompanySchema = z.strictObject({
  name: z.string().trim().min(1).max(120).optional(),
  description: z.string().max(10_000).optional(),
  brandColor: hexColorSchema.nullable().optional(),
  logoAssetId: uuidSchema.nullable().optional().describe("An asset uploaded with POST /api/companies/:id/logo"),
  status: z.enum(["active", "paused", "archived"]).optional(),
  budgetMonthlyCents: centsSchema.optional(),
  spentMonthlyCents: z.number().int().optional().describe("Derived from cost events; not writable"),
  requireBoardApprovalForNewAgents: z.boolean().optional(),
  issuePrefix: z.string().optional().describe("Immutable; any value is refused with 403"),
});
export type UpdateCompanyInput = z.infer<typeof updateCompanySchema>;

export const companyParams = z.object({ companyId: refSchema });
