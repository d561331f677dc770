import { apiHandler } from "@/lib/http/api-handler";
import { verificationLogResponseSchema, verificationParams } from "@/lib/schemas/verifications";
import { getVerificationLog } from "@/lib/services/verifications/queries";

export const GET = apiHandler(
  {
    params: verificationParams,
    summary: "A verification's kept log (secrets redacted, oldest output dropped past the cap)",
    response: verificationLogResponseSchema,
  },
  ({ ctx, params }) => getVerificationLog(ctx, params.verificationId),
);
