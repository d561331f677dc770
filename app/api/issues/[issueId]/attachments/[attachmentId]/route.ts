import { apiHandler } from "@/lib/http/api-handler";
import { attachmentParams } from "@/lib/schemas/attachments";
import { deleteIssueAttachment } from "@/lib/services/attachments";

export const DELETE = apiHandler(
  {
    params: attachmentParams, status: 204,
    summary: "Remove an attachment and its file (board members; agents only their own uploads)",
    response: null,
  },
  ({ ctx, params }) => deleteIssueAttachment(ctx, params.issueId, params.attachmentId),
);
