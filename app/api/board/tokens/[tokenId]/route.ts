import { z } from "zod";
import { apiHandler } from "@/lib/http/api-handler";
import { uuidSchema } from "@/lib/schemas/common";
import { revokeMyBoardToken } from "@/lib/services/users";

export const DELETE = apiHandler({ params: z.object({ tokenId: uuidSchema }) }, ({ ctx, params }) => revokeMyBoardToken(ctx, params.tokenId));
