import { apiHandler } from "@/lib/http/api-handler";
import { getViewer } from "@/lib/services/users";

export const GET = apiHandler({}, ({ ctx }) => getViewer(ctx));
