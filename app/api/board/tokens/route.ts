import { z } from "zod";
import { apiHandler, listOf } from "@/lib/http/api-handler";
import { boardTokenResponseSchema, createBoardTokenSchema, createdBoardTokenResponseSchema } from "@/lib/schemas/users";
import { createMyBoardToken, listMyBoardTokens } from "@/lib/services/users";

export const GET = apiHandler(
  {
    list: true,
    summary: "Your board tokens (never the secrets)",
    response: z.array(boardTokenResponseSchema),
  },
  async ({ ctx, query }) => listOf(await listMyBoardTokens(ctx, query)),
);

export const POST = apiHandler(
  {
    body: createBoardTokenSchema, status: 201,
    summary: "Create a board token (the token is shown once)",
    response: createdBoardTokenResponseSchema,
  },
  ({ ctx, body }) => createMyBoardToken(ctx, body.name),
);
