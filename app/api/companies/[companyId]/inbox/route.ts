import { z } from "zod";
import { apiHandler, listOf } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { boardInboxItemResponseSchema, boardInboxQuery } from "@/lib/schemas/inbox";
import { listBoardInbox } from "@/lib/services/inbox";

export const GET = apiHandler(
  {
    params: companyParams, query: boardInboxQuery, list: true,
    summary: "The signed-in board user's inbox",
    description: "Approvals waiting for the board, failed or timed-out runs (14 days), blocked issues, open issues assigned to you, " +
      "comments that mention you (30 days) and agents paused by budget or the loop breaker; newest first, with your read marks. Board users only.",
    response: z.array(boardInboxItemResponseSchema),
  },
  async ({ ctx, params, query }) => listOf(await listBoardInbox(ctx, params.companyId, query)),
);
