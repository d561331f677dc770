import type { Metadata } from "next";
import { cache } from "react";
import { notFound } from "next/navigation";
import { can } from "@/lib/auth/permissions";
import { ISSUE_PAGE_SIZE } from "@/lib/queries/issues";
import { isUuid } from "@/lib/schemas/common";
import { projectStatuses } from "@/lib/schemas/projects";
import { getProject } from "@/lib/services/projects/crud";
import { listIssues } from "@/lib/services/issues/list";
import { boardPageContext, companyDirectory, companyForPrefix, orNotFound, segment } from "@/app/(board)/page-data";
import { ProjectDetail } from "@/components/projects/project-detail.client";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ prefix: string; projectId: string }> };

/** The project of /<prefix>/projects/<id>; another company's project is not found here. */
const projectForPage = cache(async (prefix: string, projectId: string) => {
  const ctx = await boardPageContext(`/${prefix}/projects/${projectId}`);
  const company = await companyForPrefix(prefix);
  const id = segment(projectId);
  if (!isUuid(id)) notFound(); // project paths take the id only (DESIGN: a malformed id is 404)
  const project = await orNotFound(getProject(ctx, id, company.id));
  return { ctx, company, project };
});

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { prefix, projectId } = await params;
  return { title: (await projectForPage(prefix, projectId)).project.name };
}

export default async function ProjectPage({ params }: Params) {
  const { prefix, projectId } = await params;
  const { ctx, company, project } = await projectForPage(prefix, projectId);
  const [issues, directory] = await Promise.all([
    listIssues(ctx, company.id, { projectId: project.id, limit: ISSUE_PAGE_SIZE }),
    companyDirectory(ctx, company.id),
  ]);
  return (
    <ProjectDetail
      companyId={company.id}
      prefix={company.issuePrefix}
      initialProject={project}
      initialIssues={issues}
      directory={directory}
      statuses={[...projectStatuses]}
      canWrite={can(ctx.actor, "work.write", company.id)}
    />
  );
}
