import type { Metadata } from "next";
import { can } from "@/lib/auth/permissions";
import { goalLevels, goalStatuses } from "@/lib/schemas/goals";
import { boardPageContext, companyDirectory, companyForPrefix, allPages } from "@/app/(board)/page-data";
import { listGoals } from "@/lib/services/goals";
import { GoalsView } from "@/components/goals/goals-view.client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Goals" };

export default async function GoalsPage({ params }: { params: Promise<{ prefix: string }> }) {
  const { prefix } = await params;
  const ctx = await boardPageContext(`/${prefix}/goals`);
  const company = await companyForPrefix(prefix);
  const [goals, directory] = await Promise.all([allPages((q) => listGoals(ctx, company.id, q)), companyDirectory(ctx, company.id)]);
  return (
    <GoalsView
      companyId={company.id}
      prefix={company.issuePrefix}
      initialGoals={goals}
      agents={directory.agents}
      levels={[...goalLevels]}
      statuses={[...goalStatuses]}
      canWrite={can(ctx.actor, "work.write", company.id)}
    />
  );
}
