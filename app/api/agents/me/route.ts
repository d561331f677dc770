import { apiHandler } from "@/lib/http/api-handler";
import { getMe } from "@/lib/services/agents/agents";

export const GET = apiHandler({}, ({ ctx }) => getMe(ctx));
