import type { Metadata } from "next";
import { can } from "@/lib/auth/permissions";
import { projectStatuses } from "@/lib/schemas/projects";
import { listProjects } from "@/lib/services/projects/crud";
import { allPages, boardPageContext, companyDirectory, companyForPrefix } from "@/app/(board)/page-data";
import { ProjectsView } from "@/components/projects/projects-view.client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Projects" };

export default async function ProjectsPage({ params }: { params: Promise<{ prefix: string }> }) {
  const { prefix } = await params;
  const ctx = await boardPageContext(`/${prefix}/projects`);
  const company = await companyForPrefix(prefix);
  const [projects, directory] = await Promise.all([allPages((q) => listProjects(ctx, company.id, q)), companyDirectory(ctx, company.id)]);
  return (
    <ProjectsView
      companyId={company.id}
      prefix={company.issuePrefix}
      initialProjects={projects}
      goals={directory.goals}
      statuses={[...projectStatuses]}
      canWrite={can(ctx.actor, "work.write", company.id)}
    />
  );
}
