import { apiHandler } from "@/lib/http/api-handler";
import { issueParams } from "@/lib/schemas/issues";
import { releaseIssue } from "@/lib/services/issues/checkout";

export const POST = apiHandler({ params: issueParams }, ({ ctx, params }) => releaseIssue(ctx, params.issueId));
