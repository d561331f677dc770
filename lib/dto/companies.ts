import type { Company } from "@/lib/generated/prisma/client";

export function companyDto(row: Company, spentMonthlyCents: number) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    issuePrefix: row.issuePrefix,
    budgetMonthlyCents: row.budgetMonthlyCents,
    spentMonthlyCents,
    requireBoardApprovalForNewAgents: row.requireBoardApprovalForNewAgents,
    brandColor: row.brandColor,
    logoAssetId: row.logoAssetId,
    logoUrl: row.logoAssetId ? `/api/assets/${row.logoAssetId}` : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type CompanyDto = ReturnType<typeof companyDto>;
