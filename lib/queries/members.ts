// The company's board members and open board invites: query keys and fetchers.
import type { z } from "zod";
import type { memberResponseSchema } from "@/lib/schemas/members";
import type { BoardInviteDto } from "@/lib/dto/board-invites";
import type { createdBoardInviteResponseSchema } from "@/lib/schemas/board-invites";
import { apiAll, apiSend } from "@/lib/queries/fetcher";

export type MemberDto = z.output<typeof memberResponseSchema>;
export type CreatedBoardInvite = z.output<typeof createdBoardInviteResponseSchema>;
export type { BoardInviteDto };
export type BoardRole = MemberDto["role"];

export const memberKeys = {
  members: (companyId: string) => ["companies", companyId, "members"] as const,
  invites: (companyId: string) => ["companies", companyId, "board-invites"] as const,
};

export const fetchMembers = (companyId: string) => apiAll<MemberDto>(`/api/companies/${companyId}/members`);
export const fetchBoardInvites = (companyId: string) => apiAll<BoardInviteDto>(`/api/companies/${companyId}/board-invites`);

export const changeMemberRole = (companyId: string, userId: string, role: BoardRole) =>
  apiSend<MemberDto>("PATCH", `/api/companies/${companyId}/members/${userId}`, { role });
export const removeMember = (companyId: string, userId: string) => apiSend<void>("DELETE", `/api/companies/${companyId}/members/${userId}`);
export const createBoardInvite = (companyId: string, input: { role: BoardRole; email?: string }) =>
  apiSend<CreatedBoardInvite>("POST", `/api/companies/${companyId}/board-invites`, input);
export const revokeBoardInvite = (companyId: string, inviteId: string) => apiSend<void>("DELETE", `/api/companies/${companyId}/board-invites/${inviteId}`);
