import { z } from "zod";
import { apiHandler, listOf } from "@/lib/http/api-handler";
import { issueParams } from "@/lib/schemas/issues";
import { createWorkProductSchema, listWorkProductsQuery, workProductResponseSchema } from "@/lib/schemas/work-products";
import { createWorkProduct, listWorkProducts } from "@/lib/services/work-products/crud";

export const GET = apiHandler(
  {
    params: issueParams, query: listWorkProductsQuery, list: true,
    summary: "An issue's work products, oldest first: the commits Charter read from its workspace (kind commit) and what was reported",
    response: z.array(workProductResponseSchema),
  },
  async ({ ctx, params, query }) => listOf(await listWorkProducts(ctx, params.issueId, query)),
);

export const POST = apiHandler(
  {
    params: issueParams, body: createWorkProductSchema, status: 201,
    summary: "Report a work product on an issue (a pull request, branch, commit, document, url or preview)",
    idempotent: true,
    response: workProductResponseSchema,
  },
  ({ ctx, params, body }) => createWorkProduct(ctx, params.issueId, body),
);
