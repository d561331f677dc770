import { z } from "zod";
import { apiHandler } from "@/lib/http/api-handler";
import { uuidSchema } from "@/lib/schemas/common";
import { revokeMyBoardToken } from "@/lib/services/users";
import { boardTokenResponseSchema } from "@/lib/schemas/users";

export const DELETE = apiHandler(
  {
    params: z.object({ tokenId: uuidSchema }),
    summary: "Revoke one of your board tokens",
    response: boardTokenResponseSchema,
  },
  ({ ctx, params }) => revokeMyBoardToken(ctx, params.tokenId),
);
