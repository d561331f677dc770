import { z } from "zod";
import { baseUrl } from "@/lib/oauth/config";
import { apiHandler, listOf } from "@/lib/http/api-handler";
import { companyParams } from "@/lib/schemas/companies";
import { boardInviteResponseSchema, createBoardInviteSchema, createdBoardInviteResponseSchema } from "@/lib/schemas/board-invites";
import { createBoardInvite, listBoardInvites } from "@/lib/services/board-invites";

export const GET = apiHandler(
  {
    params: companyParams, list: true,
    summary: "The company's open board invites (not used, revoked or expired)",
    response: z.array(boardInviteResponseSchema),
  },
  async ({ ctx, params, query }) => listOf(await listBoardInvites(ctx, params.companyId, query)),
);

// the answer carries the invite link, shown once: never cached
export const POST = apiHandler(
  {
    params: companyParams, body: createBoardInviteSchema, status: 201,
    summary: "Invite a person to the board by a single-use link (valid 7 days)",
    response: createdBoardInviteResponseSchema,
  },
  async ({ ctx, params, body, req }) =>
    Response.json(await createBoardInvite(ctx, params.companyId, body, baseUrl(req)), {
      status: 201, headers: { "Cache-Control": "no-store" },
    }),
);
