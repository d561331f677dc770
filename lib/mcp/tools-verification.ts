// The verified-done tools: an issue's verifications, running one on the workspace's current head,
// and the reviewer's verdict, through the services behind /api/issues/:issueId/verifications and
// /api/issues/:issueId/review, with the API's own schemas.
import { z } from "zod";
import { issueParams } from "@/lib/schemas/issues";
import { reviewSchema } from "@/lib/schemas/verifications";
import { listVerifications } from "@/lib/services/verifications/queries";
import { requestVerification } from "@/lib/services/verifications/start";
import { submitReview } from "@/lib/services/verifications/review";
import { listQuery, page, readOnly, tool } from "@/lib/mcp/tools";

const issueId = issueParams.shape.issueId.describe("Issue id or identifier such as ACME-12");

export const verificationTools = [
  tool({
    name: "list_verifications",
    title: "List an issue's verifications",
    description: "The runs of the project's verification command on an issue's workspace, newest first: status (running, passed, failed, timed_out), exit code, duration, the commit verified and the log's tail. Done needs a passing one of the branch's current head.",
    mirrors: { route: "app/api/issues/[issueId]/verifications/route.ts", method: "GET" },
    input: z.object({ issueId, ...page }),
    annotations: readOnly,
    call: (ctx, { issueId: ref, ...q }) => listVerifications(ctx, ref, listQuery(q)),
  }),
  tool({
    name: "run_verification",
    title: "Run an issue's verification",
    description: "Charter runs the project's verification command on the issue's workspace as it is now (its current head), without changing the status. By the board or the issue's assignee; moving the issue to in_review starts one too.",
    mirrors: { route: "app/api/issues/[issueId]/verifications/route.ts", method: "POST" },
    input: z.object({ issueId }),
    call: (ctx, { issueId: ref }) => requestVerification(ctx, ref),
  }),
  tool({
    name: "review_issue",
    title: "Review an issue",
    description: "The project's reviewer gives a verdict on an issue in_review: approve moves it to done (its verification must have passed on the same head); request_changes sends it back to in_progress with the comment and wakes the assignee. After three requests for changes the board decides instead.",
    mirrors: { route: "app/api/issues/[issueId]/review/route.ts", method: "POST" },
    input: z.object({ issueId, ...reviewSchema.shape }),
    call: (ctx, { issueId: ref, ...input }) => submitReview(ctx, ref, reviewSchema.parse(input)),
  }),
];
