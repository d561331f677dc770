import { z } from "zod";
import { apiHandler } from "@/lib/http/api-handler";
import { approvalParams } from "@/lib/schemas/approvals";
import { listApprovalIssues } from "@/lib/services/approvals/crud";
import { issueResponseSchema } from "@/lib/schemas/issues";

export const GET = apiHandler(
  {
    params: approvalParams,
    summary: "The issues linked to an approval",
    response: z.array(issueResponseSchema),
  },
  ({ ctx, params }) => listApprovalIssues(ctx, params.approvalId),
);
