// Every action the code records reads as a sentence in words: no field names (`assigneeAgentId`), no
// dotted or underscored action names, whatever fields a change names; and a row's subject links to
// its page.
import fs from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe as suite, expect, it } from "vitest";
import { describe, type ActivityRow, type DescribeContext } from "@/components/activity/describe";
import { changedFields } from "@/components/activity/field-names";
import { updateAgentSchema } from "@/lib/schemas/agents";
import { updateCompanySchema } from "@/lib/schemas/companies";
import { updateGoalSchema } from "@/lib/schemas/goals";
import { updateIssueSchema } from "@/lib/schemas/issues";
import { updateLabelSchema } from "@/lib/schemas/labels";
import { updateProjectSchema, updateWorkspaceSchema } from "@/lib/schemas/projects";
import { updateRoutineSchema } from "@/lib/schemas/routines";

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "generated" ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The actions written anywhere in lib/ (Prisma and SQL rows alike), and the approval and question decisions. */
function recordedActions(): string[] {
  const found = new Set(["approval.approved", "approval.rejected", "approval.revision_requested",
    "question.answered", "question.declined", "question.expired", "question.cancelled"]);
  for (const file of sourceFiles(path.resolve("lib"))) {
    for (const line of fs.readFileSync(file, "utf8").split("\n").filter((l) => /\baction\b/.test(l))) {
      for (const m of line.matchAll(/"'?([a-z_]+\.[a-z_]+)'?"/g)) if (!m[1].endsWith(".id")) found.add(m[1]);
    }
  }
  return [...found].sort();
}

const everyField = [updateAgentSchema, updateCompanySchema, updateGoalSchema, updateIssueSchema, updateLabelSchema, updateProjectSchema, updateWorkspaceSchema, updateRoutineSchema]
  .flatMap((s) => Object.keys(s.shape));

const ctx: DescribeContext = { prefix: "ACME", companyName: "Acme", viewerId: "u1", agents: { a1: { name: "Ada", urlKey: "ada" } }, users: {} };

const entityOf = (action: string) => {
  const head = action.split(".")[0];
  return ({ run: "heartbeat_run", agent_key: "agent", member: "user", work_product: "issue" } as Record<string, string>)[head] ?? head;
};

function sentence(row: Partial<ActivityRow> & { action: string }): string {
  const full: ActivityRow = {
    id: "r1", companyId: "c1", actorType: "system", actorId: null, entityType: entityOf(row.action), entityId: "00000000-0000-7000-8000-000000000001",
    details: {}, createdAt: "2031-01-01T00:00:00.000Z", subject: null, ...row,
  };
  return renderToStaticMarkup(createElement("p", null, describe(full, ctx)));
}

const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/&#x27;|&apos;/g, "'");

suite("activity sentences", () => {
  it("finds the actions the code records (the scan itself works)", () => {
    const actions = recordedActions();
    expect(actions).toEqual(expect.arrayContaining(["issue.updated", "routine.fired", "run.finished", "agent.wake_requested", "approval.approved", "routine.resumed", "issue.status_changed"]));
    expect(everyField).toEqual(expect.arrayContaining(["assigneeAgentId", "leadAgentId", "titleTemplate", "adapterConfig"]));
  });

  it("say every recorded action and every changed field in words", () => {
    for (const action of recordedActions()) {
      const details = { changed: everyField, status: "issue_created", reason: "paused", kind: "schedule", agentId: "a1", name: "Thing", issueId: "i1" };
      const words = text(sentence({ action, details, subject: { label: "Thing", title: null, ref: "x1" } }));
      expect(words, action).not.toMatch(/[a-z][A-Z]|_|[a-z]\.[a-z]/);
      expect(words.trim().length, action).toBeGreaterThan(3);
      expect(words, action).not.toMatch(/\S [A-Z][a-z]+ board member/);
    }
  });

  it("name an issue's changed fields as the board does, each once", () => {
    expect(changedFields(["assigneeAgentId", "assigneeUserId", "labelIds", "title"])).toBe("assignee, labels and title");
    expect(changedFields(["someNewFieldId"])).toBe("some new field");
    expect(text(sentence({ action: "issue.updated", details: { changed: ["assigneeAgentId"] } }))).toBe("changed the assignee of an issue");
  });

  it("say what work products were reported, read from git and moved, by kind in words", () => {
    const on = { subject: { label: "ACME-12", title: "Fix login", ref: "ACME-12" } };
    expect(text(sentence({ action: "work_product.created", details: { kind: "commit", count: 3, branch: "charter/ACME-12-fix-login" }, ...on })))
      .toBe("recorded 3 commits on the branch charter/ACME-12-fix-login of ACME-12 Fix login");
    expect(text(sentence({ action: "work_product.created", details: { kind: "commit", count: 1, branch: null }, ...on }))).toBe("recorded 1 commit of ACME-12 Fix login");
    expect(text(sentence({ action: "work_product.created", details: { kind: "pull_request", title: "Login fix" }, ...on }))).toBe("reported the pull request “Login fix” on ACME-12 Fix login");
    expect(text(sentence({ action: "work_product.updated", details: { kind: "pull_request", title: "Login fix", changed: ["status"], from: "open", to: "merged" }, ...on })))
      .toBe("moved the pull request “Login fix” on ACME-12 Fix login from open to merged");
    expect(text(sentence({ action: "work_product.updated", details: { kind: "url", title: "Docs", changed: ["title", "url"] } })))
      .toBe("changed the title and url of the link “Docs” on an issue");
  });

  it("link the subject to its page, a routine's included", () => {
    const html = sentence({ action: "routine.fired", details: { status: "issue_created", issueId: "i-9" }, subject: { label: "Daily triage", title: null, ref: "rt-1" } });
    expect(html).toContain('href="/ACME/routines/rt-1"');
    expect(html).toContain('href="/ACME/issues/i-9"');
    expect(text(html)).toBe("ran the routine Daily triage, opening its issue");
    const skip = text(sentence({ action: "routine.fired", details: { status: "skipped", reason: "active_issue" }, subject: { label: "Daily triage", title: null, ref: "rt-1" } }));
    expect(skip).toBe("skipped the routine Daily triage: its last issue is still open");
  });
});
