// First-run setup: the one-time token printed by `npm start` creates the first board user.
import { apiHandler } from "@/lib/http/api-handler";
import { setupSchema } from "@/lib/schemas/users";
import { completeSetup } from "@/lib/services/users";

export const POST = apiHandler({ auth: "none", body: setupSchema, status: 201 }, ({ body, ctx }) => completeSetup(ctx.db, body));
