// The work-product tools: an issue's products (the commits Charter read from its workspace and what was
// reported), reporting one and updating its status, through the services behind
// /api/issues/:issueId/work-products and /api/work-products/:workProductId, with the API's own schemas.
import { z } from "zod";
import { issueParams } from "@/lib/schemas/issues";
import { createWorkProductSchema, listWorkProductsQuery, updateWorkProductSchema, workProductParams } from "@/lib/schemas/work-products";
import { createWorkProduct, listWorkProducts, updateWorkProduct } from "@/lib/services/work-products/crud";
import { listQuery, page, readOnly, tool } from "@/lib/mcp/tools";

const issueId = issueParams.shape.issueId.describe("Issue id or identifier such as ACME-12");

export const workProductTools = [
  tool({
    name: "list_work_products",
    title: "List an issue's work products",
    description: "What work on an issue produced, oldest first: the commits Charter read from its workspace after each run (kind commit, with sha, subject, author, filesChanged, insertions, deletions) and the pull requests, branches, documents, links and previews reported on it.",
    mirrors: { route: "app/api/issues/[issueId]/work-products/route.ts", method: "GET" },
    input: z.object({ issueId, ...listWorkProductsQuery.shape, ...page }),
    annotations: readOnly,
    call: (ctx, { issueId: ref, limit, cursor, ...filter }) => listWorkProducts(ctx, ref, { ...filter, ...listQuery({ limit, cursor }) }),
  }),
  tool({
    name: "report_work_product",
    title: "Report a work product",
    description: "Records what your work on an issue produced: a pull_request (with its url and a status such as open), a branch, a document, a url or a preview. Commits on the issue's workspace branch are read by Charter itself: do not report them.",
    mirrors: { route: "app/api/issues/[issueId]/work-products/route.ts", method: "POST" },
    input: z.object({ issueId, ...createWorkProductSchema.shape }),
    call: (ctx, { issueId: ref, ...input }) => createWorkProduct(ctx, ref, createWorkProductSchema.parse(input)),
  }),
  tool({
    name: "update_work_product",
    title: "Update a work product",
    description: "Changes a reported work product's status (open → merged, closed…), title or url. Commits Charter read from git cannot be changed.",
    mirrors: { route: "app/api/work-products/[workProductId]/route.ts", method: "PATCH" },
    input: z.object({ workProductId: workProductParams.shape.workProductId.describe("The work product's id (list_work_products finds it)"), ...updateWorkProductSchema.shape }),
    call: (ctx, { workProductId, ...input }) => updateWorkProduct(ctx, workProductId, updateWorkProductSchema.parse(input)),
  }),
];
