import type { Metadata } from "next";
import { can } from "@/lib/auth/permissions";
import { boardPageContext, companyForPrefix } from "@/app/(board)/page-data";
import { ExecutionWorkspaceList } from "@/components/workspaces/execution-workspace-list.client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Workspaces" };

/** The company's execution workspaces: one per issue that has run, with its git state and disk use. */
export default async function WorkspacesPage({ params }: { params: Promise<{ prefix: string }> }) {
  const { prefix } = await params;
  const ctx = await boardPageContext(`/${prefix}/workspaces`);
  const company = await companyForPrefix(prefix);
  return <ExecutionWorkspaceList companyId={company.id} prefix={company.issuePrefix} canWrite={can(ctx.actor, "work.write", company.id)} />;
}
