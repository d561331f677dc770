// The tenancy rule (docs/design.md §4) for /mcp: every company-scoped tool called by another company's
// board user (with an OAuth access token) or agent (API key) answers not_found, and the victim company is unchanged.
import { beforeAll, describe, expect, it } from "vitest";
import { createWorld } from "../factories";
import { companySnapshot } from "../support/snapshot";
import { authorizeUrl, callTool, CLIENT_ID, CLIENT_SECRET, oauthCall, pkcePair, redirectParams, setOAuthEnv } from "../support/oauth";

beforeAll(() => setOAuthEnv({ OAUTH_CLIENT_ID: CLIENT_ID, OAUTH_CLIENT_SECRET: CLIENT_SECRET, OAUTH_PROFILE: "strict" }));

async function oauthTokenFor(userId: string): Promise<string> {
  const pkce = pkcePair();
  const res = await oauthCall("GET", authorizeUrl({ response_type: "code", client_id: CLIENT_ID, redirect_uri: "http://localhost:7/cb", code_challenge: pkce.challenge }), { sessionUserId: userId });
  const tok = await oauthCall("POST", "/token", { form: { code: redirectParams(res).code!, client_id: CLIENT_ID, code_verifier: pkce.verifier } });
  return tok.body.access_token;
}

async function setup() {
  const victim = await createWorld();
  const attacker = await createWorld();
  const issue = await callTool(victim.tokens.owner, "create_issue", { title: "Victim issue", status: "todo", assigneeAgentId: victim.engineer.id });
  const free = await callTool(victim.tokens.owner, "create_issue", { title: "Unassigned", status: "todo" });
  const product = await callTool(victim.tokens.engineer, "report_work_product", { issueId: (issue.value as { id: string }).id, kind: "branch", title: "charter/victim" });
  const question = await callTool(victim.tokens.engineer, "ask_board", { issueId: (issue.value as { id: string }).id, prompt: "Ship?", options: [{ id: "y", label: "Yes", effect: { kind: "cancel" } }] });
  return {
    victim, attacker, issue: issue.value as { id: string; identifier: string }, free: free.value as { id: string }, productId: (product.value as { id: string }).id,
    questionId: (question.value as { id: string }).id,
  };
}
type World = Awaited<ReturnType<typeof setup>>;

const cases: [string, (w: World, self: string) => Record<string, unknown>][] = [
  ["list_issues by id", (w) => ({ companyId: w.victim.company.id })],
  ["list_issues by prefix", (w) => ({ companyId: w.victim.company.issuePrefix })],
  ["list_stalled_issues by id", (w) => ({ companyId: w.victim.company.id })],
  ["list_stalled_issues by prefix", (w) => ({ companyId: w.victim.company.issuePrefix })],
  ["get_issue by id", (w) => ({ issueId: w.issue.id })],
  ["get_issue by identifier", (w) => ({ issueId: w.issue.identifier })],
  ["create_issue", (w) => ({ companyId: w.victim.company.id, title: "Injected" })],
  ["update_issue", (w) => ({ issueId: w.issue.id, title: "Changed", status: "in_progress" })],
  ["checkout_issue", (w, self) => ({ issueId: w.free.id, agentId: self, expectedStatuses: ["todo"] })],
  ["release_issue", (w) => ({ issueId: w.issue.identifier })],
  ["add_comment", (w) => ({ issueId: w.issue.id, body: `@${w.victim.ceo.name} wake up` })],
  ["list_agents", (w) => ({ companyId: w.victim.company.id })],
  ["org_chart", (w) => ({ companyId: w.victim.company.issuePrefix })],
  ["list_work_products", (w) => ({ issueId: w.issue.identifier })],
  ["report_work_product", (w) => ({ issueId: w.issue.id, kind: "pull_request", title: "Planted", url: "https://example.test/pr/9" })],
  ["update_work_product", (w) => ({ workProductId: w.productId, status: "merged" })],
  ["ask_board", (w) => ({ issueId: w.issue.id, prompt: "Planted?", options: [{ id: "a", label: "A" }] })],
  ["list_questions by company", (w) => ({ companyId: w.victim.company.id })],
  ["list_questions by issue", (w) => ({ issueId: w.issue.identifier })],
  ["answer_question", (w) => ({ questionId: w.questionId, optionId: "y" })],
  ["decline_question", (w) => ({ questionId: w.questionId })],
  ["cancel_question", (w) => ({ questionId: w.questionId })],
];

describe("tenancy of the MCP tools", () => {
  let w: World;
  let callers: { kind: string; token: string; self: string }[];
  beforeAll(async () => {
    w = await setup();
    callers = [
      { kind: "other company's owner (OAuth)", token: await oauthTokenFor(w.attacker.owner.id), self: w.attacker.engineer.id },
      { kind: "other company's CEO agent", token: w.attacker.tokens.ceo, self: w.attacker.ceo.id },
      { kind: "other company's engineer agent", token: w.attacker.tokens.engineer, self: w.attacker.engineer.id },
    ];
  });

  for (const [name, args] of cases) {
    it(`${name}: 404 for every outsider, nothing changed`, async () => {
      const tool = name.split(" ")[0];
      for (const caller of callers) {
        const before = await companySnapshot(w.victim.company.id);
        const res = await callTool(caller.token, tool, args(w, caller.self));
        expect(res, caller.kind).toMatchObject({ isError: true, value: { code: "not_found" } });
        expect(await companySnapshot(w.victim.company.id), caller.kind).toEqual(before);
      }
    });
  }
});
