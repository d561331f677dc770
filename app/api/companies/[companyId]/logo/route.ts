import { apiHandler } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { MAX_ASSET_BYTES, uploadCompanyLogo } from "@/lib/services/assets";

export const POST = apiHandler(
  { params: companyParams, multipart: { maxBytes: MAX_ASSET_BYTES }, status: 201 },
  ({ ctx, params, form }) => uploadCompanyLogo(ctx, params.companyId, form?.get("file") ?? null),
);
