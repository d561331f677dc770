import { apiHandler } from "@/lib/http/api-handler";
import { companyParams, logoUploadResponseSchema } from "@/lib/schemas/companies";
import { MAX_ASSET_BYTES, uploadCompanyLogo } from "@/lib/services/assets";

export const POST = apiHandler(
  {
    params: companyParams, multipart: { maxBytes: MAX_ASSET_BYTES, fields: { file: "The image: PNG, JPEG, WebP, GIF or SVG" } }, status: 201,
    summary: "Upload a logo image",
    response: logoUploadResponseSchema,
  },
  ({ ctx, params, form }) => uploadCompanyLogo(ctx, params.companyId, form?.get("file") ?? null),
);
