import type { WorkProduct } from "@/lib/generated/prisma/client";

export function workProductDto(row: WorkProduct) {
  return {
    id: row.id,
    companyId: row.companyId,
    issueId: row.issueId,
    runId: row.runId,
    kind: row.kind,
    title: row.title,
    url: row.url,
    status: row.status,
    sha: row.sha,
    subject: row.subject,
    author: row.author,
    filesChanged: row.filesChanged,
    insertions: row.insertions,
    deletions: row.deletions,
    createdByAgentId: row.createdByAgentId,
    createdByUserId: row.createdByUserId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
