// First-run setup: the one-time token printed by `npm start` creates the first board user.
import { apiHandler } from "@/lib/http/api-handler";
import { setupSchema, userResponseSchema } from "@/lib/schemas/users";
import { completeSetup } from "@/lib/services/users";

export const POST = apiHandler(
  {
    auth: "none", body: setupSchema, status: 201,
    summary: "First run: create the first board user with the setup token",
    response: userResponseSchema,
  },
  ({ body, ctx }) => completeSetup(ctx.db, body),
);
