import { apiHandler, listOf } from "@/lib/http/api-handler";
import { createBoardTokenSchema } from "@/lib/schemas/users";
import { createMyBoardToken, listMyBoardTokens } from "@/lib/services/users";

export const GET = apiHandler({ list: true }, async ({ ctx, query }) => listOf(await listMyBoardTokens(ctx, query)));

export const POST = apiHandler({ body: createBoardTokenSchema, status: 201 }, ({ ctx, body }) => createMyBoardToken(ctx, body.name));
