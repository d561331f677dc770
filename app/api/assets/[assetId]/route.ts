import { z } from "zod";
import { apiHandler } from "@/lib/http/api-handler";
import { uuidSchema } from "@/lib/schemas/common";
import { getAsset } from "@/lib/services/assets";

export const GET = apiHandler(
  {
    params: z.object({ assetId: uuidSchema }),
    summary: "An uploaded image (a company logo)",
    response: { mediaType: "image/*", description: "the image (PNG, JPEG, WebP, GIF or sanitized SVG)" },
  },
  async ({ ctx, params }) => {
    const asset = await getAsset(ctx, params.assetId);
    return new Response(new Uint8Array(asset.data), {
      headers: {
        "Content-Type": asset.contentType,
        "Content-Length": String(asset.byteSize),
        "Cache-Control": "private, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
        // an SVG opened directly can run nothing and fetch nothing
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
      },
    });
  },
);
