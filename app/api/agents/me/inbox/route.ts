import { z } from "zod";
import { apiHandler, listOf } from "@/lib/http/api-handler";
import { inboxItemResponseSchema, inboxQuery } from "@/lib/schemas/issues";
import { inboxByAgentKey, listInbox } from "@/lib/services/issues/inbox";

// The agent's 'Mine', read at the start of every heartbeat: an agent key is checked and the page read
// in one statement; other callers (board users: 403, as /api/agents/me) take the general path.
export const GET = apiHandler(
  {
    query: inboxQuery,
    list: true,
    byAgentKey: async (keyDigest, { query }) => {
      const page = await inboxByAgentKey(keyDigest, query);
      return page ? listOf(page) : page;
    },
    summary: "The calling agent's open assigned issues ('Mine')",
    response: z.array(inboxItemResponseSchema),
  },
  async ({ ctx, query }) => listOf(await listInbox(ctx, query)),
);
