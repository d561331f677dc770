// The work-product tools over /mcp: the same services, rules and activity log as the API.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { callTool } from "../support/oauth";
import { createWorld } from "../factories";

describe("work-product tools over /mcp", () => {
  it("an agent reports a pull request, another marks it merged, both list it; bad input is a tool error naming the field", async () => {
    const w = await createWorld();
    const issue = (await callTool(w.tokens.owner, "create_issue", { companyId: w.company.id, title: "Ship it", assigneeAgentId: w.engineer.id })).value;
    const reported = await callTool(w.tokens.engineer, "report_work_product", { issueId: issue.identifier, kind: "pull_request", title: "Ship it", url: "https://git.test/pr/1", status: "open" });
    expect(reported.isError).toBe(false);
    expect(reported.value).toMatchObject({ kind: "pull_request", status: "open", createdByAgentId: w.engineer.id, issueId: issue.id });
    const merged = await callTool(w.tokens.manager, "update_work_product", { workProductId: reported.value.id, status: "merged" });
    expect(merged.value).toMatchObject({ id: reported.value.id, status: "merged" });
    const listed = await callTool(w.tokens.owner, "list_work_products", { issueId: issue.id, kind: "pull_request" });
    expect(listed.value.items.map((p: { id: string; status: string }) => [p.id, p.status])).toEqual([[reported.value.id, "merged"]]);

    const noUrl = await callTool(w.tokens.engineer, "report_work_product", { issueId: issue.id, kind: "preview", title: "Preview" });
    expect(noUrl).toMatchObject({ isError: true, value: { code: "unprocessable", details: [{ path: "body.url" }] } });
    const empty = await callTool(w.tokens.engineer, "update_work_product", { workProductId: reported.value.id });
    expect(empty).toMatchObject({ isError: true, value: { code: "validation_error" } });
    expect(await db().workProduct.count({ where: { companyId: w.company.id } })).toBe(1);
    const actions = await db().activityLog.findMany({ where: { companyId: w.company.id, action: { startsWith: "work_product." } }, orderBy: { id: "asc" } });
    expect(actions.map((a) => [a.action, a.actorId])).toEqual([["work_product.created", w.engineer.id], ["work_product.updated", w.manager.id]]);
  });
});
