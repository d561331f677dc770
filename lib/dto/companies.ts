import type { Company } from "@/lib/generated/prisma/client";

/** A company without its month's spend: what the board's shell and most pages need. */
export function companyProfileDto(row: Company) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    issuePrefix: row.issuePrefix,
    budgetMonthlyCents: row.budgetMonthlyCents,
    requireBoardApprovalForNewAgents: row.requireBoardApprovalForNewAgents,
    brandColor: row.brandColor,
    logoAssetId: row.logoAssetId,
    logoUrl: row.logoAssetId ? `/api/assets/${row.logoAssetId}` : null,
    staleCheckoutSec: row.staleCheckoutSec,
    wakeCapPerHour: row.wakeCapPerHour,
    waitLimitSec: row.waitLimitSec,
    pausedAt: row.pausedAt?.toISOString() ?? null,
    pauseMode: row.pauseMode,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function companyDto(row: Company, spentMonthlyCents: number) {
  return { ...companyProfileDto(row), spentMonthlyCents };
}

export type CompanyDto = ReturnType<typeof companyDto>;
