// The verified-done tools over /mcp: the same services, permission checks and tenancy as the API.
import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { callTool } from "../support/oauth";
import { attachWorkspace, makeRepo } from "../support/git-workspace";
import { createWorld } from "../factories";

const repos: string[] = [];
afterAll(() => {
  for (const r of repos) fs.rmSync(r, { recursive: true, force: true });
});

describe("verification tools over /mcp", () => {
  it("the assignee runs and lists verifications, the reviewer agent reviews; others are refused, another company's is not_found", async () => {
    const w = await createWorld();
    const project = await db().project.create({
      data: { companyId: w.company.id, name: "P", verification: { command: "true" }, review: { kind: "agent", agentId: w.manager.id } },
    });
    const issue = await db().issue.create({
      data: { companyId: w.company.id, number: 1, identifier: `${w.company.issuePrefix}-1`, title: "T", projectId: project.id, assigneeAgentId: w.engineer.id, status: "in_review" },
    });
    const repo = makeRepo({ "a.txt": "a\n" });
    repos.push(repo);
    await attachWorkspace(issue, repo);

    const ran = await callTool(w.tokens.engineer, "run_verification", { issueId: issue.identifier });
    expect(ran.isError).toBe(false);
    expect(ran.value).toMatchObject({ issueId: issue.id, status: "running", trigger: "requested" });
    expect((await callTool(w.tokens.ceo, "run_verification", { issueId: issue.id })).value.code).toBe("forbidden");
    const listed = await callTool(w.tokens.engineer, "list_verifications", { issueId: issue.id });
    expect(listed.value.items.map((v: { id: string }) => v.id)).toEqual([ran.value.id]);

    expect((await callTool(w.tokens.engineer, "review_issue", { issueId: issue.id, verdict: "approve" })).value.code).toBe("forbidden");
    const reviewed = await callTool(w.tokens.manager, "review_issue", { issueId: issue.id, verdict: "request_changes", comment: "Add a test" });
    expect(reviewed.isError).toBe(false);
    expect(reviewed.value).toMatchObject({ verdict: "request_changes", round: 1, issueStatus: "in_progress" });

    const other = await createWorld();
    expect((await callTool(other.tokens.owner, "list_verifications", { issueId: issue.id })).value.code).toBe("not_found");
    expect((await callTool(other.tokens.ceo, "run_verification", { issueId: issue.id })).value.code).toBe("not_found");
    expect(await db().verification.count({ where: { issueId: issue.id } })).toBe(1);
  });
});
