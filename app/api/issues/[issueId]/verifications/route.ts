import { z } from "zod";
import { apiHandler, listOf } from "@/lib/http/api-handler";
import { issueParams } from "@/lib/schemas/issues";
import { verificationResponseSchema } from "@/lib/schemas/verifications";
import { listVerifications } from "@/lib/services/verifications/queries";
import { requestVerification } from "@/lib/services/verifications/start";

export const GET = apiHandler(
  {
    params: issueParams, list: true,
    summary: "An issue's verifications, newest first",
    response: z.array(verificationResponseSchema),
  },
  async ({ ctx, params, query }) => listOf(await listVerifications(ctx, params.issueId, query)),
);

export const POST = apiHandler(
  {
    params: issueParams, status: 201, idempotent: true,
    summary: "Run the project's verification on the workspace's current head (the board or the issue's assignee agent); the status does not change",
    response: verificationResponseSchema,
    errors: ["unprocessable"],
  },
  ({ ctx, params }) => requestVerification(ctx, params.issueId),
);
