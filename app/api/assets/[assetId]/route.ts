import { z } from "zod";
import { apiHandler } from "@/lib/http/api-handler";
import { uuidSchema } from "@/lib/schemas/common";
import { assetHeaders, getAsset } from "@/lib/services/assets";

export const GET = apiHandler(
  {
    params: z.object({ assetId: uuidSchema }),
    summary: "An uploaded file (a company logo or an issue attachment)",
    description: "PNG, JPEG, WebP and GIF images are served inline; everything else (sanitized SVG, PDF, text, archives) with `Content-Disposition: attachment`. Always `X-Content-Type-Options: nosniff` and a sandboxing CSP.",
    response: { mediaType: "*/*", description: "the file's bytes, with the content type judged from them at upload" },
  },
  async ({ ctx, params }) => {
    const asset = await getAsset(ctx, params.assetId);
    return new Response(new Uint8Array(asset.data), { headers: assetHeaders(asset) });
  },
);
