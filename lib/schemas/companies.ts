import { z } from "zod";
import { CompanyStatus, PauseMode } from "@/lib/generated/prisma/enums";
import { centsSchema, dateTimeSchema, hexColorSchema, intSchema, refSchema, uuidSchema } from "@/lib/schemas/common";
import { companyLimitFields } from "@/lib/schemas/liveness";

const issuePrefixSchema = z
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
  staleCheckoutSec: companyLimitFields.staleCheckoutSec.optional(),
  wakeCapPerHour: companyLimitFields.wakeCapPerHour.optional(),
  waitLimitSec: companyLimitFields.waitLimitSec.optional(),
});
export type UpdateCompanyInput = z.infer<typeof updateCompanySchema>;

export const companyParams = z.object({ companyId: refSchema });

// ---------- responses ----------

export const companyResponseSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  description: z.string(),
  status: z.enum(CompanyStatus),
  issuePrefix: z.string().describe("Prefix of issue identifiers (ACME-12)"),
  budgetMonthlyCents: intSchema.describe("Monthly budget in cents; 0 means no limit"),
  spentMonthlyCents: intSchema.describe("Spent in the current UTC month, in cents"),
  requireBoardApprovalForNewAgents: z.boolean(),
  brandColor: z.string().nullable(),
  logoAssetId: uuidSchema.nullable(),
  logoUrl: z.string().nullable().describe("Path of the logo image (/api/assets/{assetId}), or null"),
  staleCheckoutSec: intSchema.describe(companyLimitFields.staleCheckoutSec.description!),
  wakeCapPerHour: intSchema.describe(companyLimitFields.wakeCapPerHour.description!),
  waitLimitSec: intSchema.describe(companyLimitFields.waitLimitSec.description!),
  pausedAt: dateTimeSchema.nullable().describe("Since when the company is paused (POST /api/companies/{companyId}/pause): no run starts, wakes are kept; null when running"),
  pauseMode: z.enum(PauseMode).nullable().describe("What the pause did to runs already running: finish (let them end) or cancel; null when running"),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
}).meta({ id: "Company" });

export const logoUploadResponseSchema = z.object({
  assetId: uuidSchema.describe("Set it as the company's logoAssetId with PATCH /api/companies/{companyId}"),
});
