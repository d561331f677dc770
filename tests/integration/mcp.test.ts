// /mcp: who may call it (OAuth access tokens, agent keys), the 401 challenge, and the tools acting
// through the same services and permissions as /api.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { addMember, createBoardUser, createCompany, createUser, createWorld, mintRunKey } from "../factories";
import { companySnapshot } from "../support/snapshot";
import {
  authorizeUrl, BASE, callTool, CLIENT_ID, CLIENT_SECRET, mcpCall, oauthCall, pkcePair, redirectParams, setOAuthEnv,
} from "../support/oauth";

beforeAll(() => setOAuthEnv({ OAUTH_CLIENT_ID: CLIENT_ID, OAUTH_CLIENT_SECRET: CLIENT_SECRET, OAUTH_PROFILE: "strict", PUBLIC_BASE_URL: undefined }));

/** The strict flow for a signed-in board user: authorize → code → access token. */
async function oauthTokenFor(userId: string): Promise<string> {
  const pkce = pkcePair();
  const res = await oauthCall("GET", authorizeUrl({ response_type: "code", client_id: CLIENT_ID, redirect_uri: "http://127.0.0.1:9/cb", code_challenge: pkce.challenge, code_challenge_method: "S256" }), { sessionUserId: userId });
  const { code } = redirectParams(res);
  const tok = await oauthCall("POST", "/token", { form: { code: code!, client_id: CLIENT_ID, code_verifier: pkce.verifier } });
  return tok.body.access_token;
}

const challenge = `Bearer resource_metadata="${BASE}/.well-known/oauth-protected-resource/mcp"`;

describe("/mcp authentication", () => {
  it("no token: 401 with the WWW-Authenticate challenge naming the protected-resource metadata", async () => {
    for (const method of ["POST", "GET", "DELETE"]) {
      const res = await oauthCall(method, "/mcp", method === "POST" ? { json: { jsonrpc: "2.0", id: 1, method: "tools/list" } } : {});
      expect(res.status, method).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe(challenge);
    }
  });

  it("an unknown, expired or revoked token: 401 with error=\"invalid_token\" and the metadata (RFC 6750 §3); no bearer token: the bare challenge", async () => {
    const w = await createWorld();
    await db().agentKey.updateMany({ where: { agentId: w.engineer.id }, data: { revokedAt: new Date() } });
    const invalid = `Bearer error="invalid_token", ${challenge.slice("Bearer ".length)}`;
    for (const authorization of ["Bearer chk_oat_unknown", `Bearer ${w.tokens.engineer}`, "Bearer a b", "Basic abc", "Bearer"]) {
      const res = await oauthCall("POST", "/mcp", { headers: { authorization }, json: { jsonrpc: "2.0", id: 1, method: "tools/list" } });
      expect(res.status, authorization).toBe(401);
      const sent = /^Bearer \S+$/.test(authorization);
      expect(res.headers.get("www-authenticate"), authorization).toBe(sent ? invalid : challenge);
    }
  });

  it("the challenge uses PUBLIC_BASE_URL when set", async () => {
    setOAuthEnv({ PUBLIC_BASE_URL: "https://charter.example.com/" });
    const res = await oauthCall("POST", "/mcp", { json: {} });
    expect(res.headers.get("www-authenticate")).toBe('Bearer resource_metadata="https://charter.example.com/.well-known/oauth-protected-resource/mcp"');
    setOAuthEnv({ PUBLIC_BASE_URL: undefined });
  });

  it("a token but no JSON-RPC POST: GET and DELETE are 405 (stateless server), a malformed body is a 400", async () => {
    const w = await createWorld();
    const get = await oauthCall("GET", "/mcp", { headers: { authorization: `Bearer ${w.tokens.engineer}`, accept: "text/event-stream" } });
    expect(get.status).toBe(405);
    const bad = await oauthCall("POST", "/mcp", { headers: { authorization: `Bearer ${w.tokens.engineer}`, accept: "application/json, text/event-stream", "content-type": "application/json" }, raw: "{nope" });
    expect(bad.status).toBe(400);
  });

  it("agent API keys, run keys, board tokens and OAuth access tokens are accepted", async () => {
    const w = await createWorld();
    const { token: runKey } = await mintRunKey(w.engineer);
    expect((await callTool(w.tokens.engineer, "whoami")).value.id).toBe(w.engineer.id);
    expect((await callTool(runKey, "whoami")).value.id).toBe(w.engineer.id);
    expect((await callTool(w.tokens.owner, "whoami")).value.id).toBe(w.owner.id);
    expect((await callTool(await oauthTokenFor(w.owner.id), "whoami")).value.id).toBe(w.owner.id);
  });
});

describe("browser-based clients (CORS)", () => {
  it("preflights are answered and answers carry Access-Control-Allow-Origin, exposing the challenge", async () => {
    for (const path of ["/mcp", "/token", "/register", "/.well-known/oauth-authorization-server", "/.well-known/oauth-protected-resource/mcp"]) {
      const pre = await oauthCall("OPTIONS", path, { headers: { origin: "http://localhost:6274", "access-control-request-method": "POST" } });
      expect(pre.status, path).toBe(204);
      expect(pre.headers.get("access-control-allow-origin")).toBe("*");
      expect(pre.headers.get("access-control-allow-headers")).toMatch(/Authorization/);
    }
    const challenged = await oauthCall("POST", "/mcp", { json: {} });
    expect(challenged.headers.get("access-control-allow-origin")).toBe("*");
    expect(challenged.headers.get("access-control-expose-headers")).toMatch(/WWW-Authenticate/);
    expect((await oauthCall("GET", "/.well-known/oauth-protected-resource")).headers.get("access-control-allow-origin")).toBe("*");
  });
});

describe("/mcp tools", () => {
  it("initialize and tools/list: every tool and every input field has a description", async () => {
    const w = await createWorld();
    const init = await mcpCall(w.tokens.engineer, "initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "test", version: "1" } });
    expect(init.status).toBe(200);
    expect(init.body.result.serverInfo.name).toBe("charter");
    const list = await mcpCall(w.tokens.engineer, "tools/list");
    const tools = list.body.result.tools as { name: string; description: string; inputSchema: { type: string; properties?: Record<string, { description?: string }> } }[];
    expect(tools.map((t) => t.name).sort()).toEqual([
      "add_comment", "answer_question", "ask_board", "cancel_question", "checkout_issue", "create_issue", "dashboard", "decide_approval", "decline_question",
      "get_issue", "list_agents", "list_approvals", "list_companies", "list_issues", "list_questions", "list_routines", "list_stalled_issues", "list_verifications", "list_work_products",
      "org_chart", "release_issue", "report_cost", "report_work_product", "review_issue", "run_routine", "run_verification", "update_issue", "update_work_product", "whoami",
    ]);
    for (const t of tools) {
      expect(t.description.length, t.name).toBeGreaterThan(20);
      expect(t.inputSchema.type).toBe("object");
      // every input a model can fill in says what it is
      for (const [field, schema] of Object.entries(t.inputSchema.properties ?? {})) expect(schema.description, `${t.name}.${field}`).toBeTruthy();
    }
  });

  it("an agent works an issue: create, list, checkout (as itself), comment, update, release", async () => {
    const w = await createWorld();
    const t = w.tokens.engineer;
    const created = await callTool(t, "create_issue", { title: "Write the docs", status: "todo" });
    expect(created.isError).toBe(false);
    expect(created.value.identifier).toMatch(new RegExp(`^${w.company.issuePrefix}-\\d+$`));
    const listed = await callTool(t, "list_issues", { status: ["todo"] });
    expect(listed.value.items.map((i: { id: string }) => i.id)).toContain(created.value.id);
    const out = await callTool(t, "checkout_issue", { issueId: created.value.identifier });
    expect(out.value).toMatchObject({ status: "in_progress", assigneeAgentId: w.engineer.id });
    const comment = await callTool(t, "add_comment", { issueId: created.value.id, body: `@${w.manager.name} started` });
    expect(comment.value.authorAgentId).toBe(w.engineer.id);
    expect(await db().wakeRequest.count({ where: { agentId: w.manager.id, commentId: comment.value.id } })).toBe(1);
    const updated = await callTool(t, "update_issue", { issueId: created.value.id, status: "in_review" });
    expect(updated.value.status).toBe("in_review");
    const released = await callTool(t, "release_issue", { issueId: created.value.id });
    expect(released.value.assigneeAgentId).toBeNull();
    const activity = await db().activityLog.findMany({ where: { companyId: w.company.id, entityId: created.value.id }, select: { action: true, actorId: true } });
    expect(activity.length).toBeGreaterThanOrEqual(4);
    expect(activity.every((a) => a.actorId === w.engineer.id)).toBe(true);
  });

  it("the API's rules hold: a second agent's checkout is a conflict, an illegal move is invalid_transition", async () => {
    const w = await createWorld();
    const issue = await callTool(w.tokens.owner, "create_issue", { companyId: w.company.id, title: "Contested", status: "todo" });
    expect((await callTool(w.tokens.engineer, "checkout_issue", { issueId: issue.value.id })).isError).toBe(false);
    const lost = await callTool(w.tokens.manager, "checkout_issue", { issueId: issue.value.id });
    expect(lost).toMatchObject({ isError: true, value: { code: "conflict" } });
    const illegal = await callTool(w.tokens.engineer, "update_issue", { issueId: issue.value.id, status: "backlog" });
    expect(illegal).toMatchObject({ isError: true, value: { code: "invalid_transition" } });
    const asOther = await callTool(w.tokens.engineer, "checkout_issue", { issueId: issue.value.id, agentId: w.manager.id });
    expect(asOther).toMatchObject({ isError: true, value: { code: "forbidden" } });
  });

  it("bad tool input is a tool error naming the field, never a 500", async () => {
    const w = await createWorld();
    const noTitle = await mcpCall(w.tokens.engineer, "tools/call", { name: "create_issue", arguments: { description: "x" } });
    expect(noTitle.status).toBe(200);
    expect(noTitle.body.result.isError).toBe(true);
    expect(noTitle.body.result.content[0].text).toContain("title");
    const both = await callTool(w.tokens.owner, "create_issue", { companyId: w.company.id, title: "x", assigneeAgentId: w.engineer.id, assigneeUserId: w.owner.id });
    expect(both).toMatchObject({ isError: true, value: { code: "validation_error" } });
    const unknown = await mcpCall(w.tokens.engineer, "tools/call", { name: "drop_tables", arguments: {} });
    expect(unknown.status).toBe(200);
    expect(JSON.stringify(unknown.body)).toMatch(/drop_tables/);
  });

  it("list_agents and org_chart read the caller's company", async () => {
    const w = await createWorld();
    const agents = await callTool(w.tokens.engineer, "list_agents", {});
    expect(agents.value.items).toHaveLength(3);
    const org = await callTool(w.tokens.owner, "org_chart", {});
    expect(org.value[0].id).toBe(w.ceo.id);
  });

  it("a board user in several companies must name one; list_companies shows only theirs", async () => {
    const w = await createWorld();
    const other = await createCompany();
    await addMember(other.id, w.owner.id, "member");
    await createCompany(); // not a member
    const token = await oauthTokenFor(w.owner.id);
    const missing = await callTool(token, "list_issues", {});
    expect(missing).toMatchObject({ isError: true, value: { code: "validation_error" } });
    const companies = await callTool(token, "list_companies", {});
    expect(companies.value.items.map((c: { id: string }) => c.id).sort()).toEqual([w.company.id, other.id].sort());
    expect((await callTool(token, "list_issues", { companyId: w.company.issuePrefix })).isError).toBe(false);
  });

  it("a viewer's token may read but not write, as in the API", async () => {
    const w = await createWorld();
    const viewer = await createBoardUser({ companyId: w.company.id, role: "viewer" });
    const token = await oauthTokenFor(viewer.user.id);
    expect((await callTool(token, "list_issues", {})).isError).toBe(false);
    const before = await companySnapshot(w.company.id);
    expect(await callTool(token, "create_issue", { title: "nope" })).toMatchObject({ isError: true, value: { code: "forbidden" } });
    expect(await companySnapshot(w.company.id)).toEqual(before);
  });

  it("a board user's OAuth token cannot act in a company they are not a member of (404, nothing changed)", async () => {
    const victim = await createWorld();
    const outsider = await createUser();
    const issue = await callTool(victim.tokens.owner, "create_issue", { title: "Private", status: "todo" });
    const token = await oauthTokenFor(outsider.id);
    const before = await companySnapshot(victim.company.id);
    const attempts: [string, Record<string, unknown>][] = [
      ["list_issues", { companyId: victim.company.id }],
      ["list_issues", { companyId: victim.company.issuePrefix }],
      ["get_issue", { issueId: issue.value.identifier }],
      ["create_issue", { companyId: victim.company.id, title: "Injected" }],
      ["update_issue", { issueId: issue.value.id, title: "Changed" }],
      ["checkout_issue", { issueId: issue.value.id, agentId: victim.engineer.id }],
      ["release_issue", { issueId: issue.value.id }],
      ["add_comment", { issueId: issue.value.id, body: "hi" }],
      ["list_agents", { companyId: victim.company.id }],
      ["org_chart", { companyId: victim.company.id }],
    ];
    for (const [name, args] of attempts) {
      expect(await callTool(token, name, args), name).toMatchObject({ isError: true, value: { code: "not_found" } });
    }
    expect((await callTool(token, "list_companies", {})).value.items).toEqual([]);
    expect(await companySnapshot(victim.company.id)).toEqual(before);
  });

  it("a client-credentials token acts as the instance admin", async () => {
    const admin = await db().user.findFirst({ where: { isInstanceAdmin: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }) ?? await createUser({ isInstanceAdmin: true });
    const tok = await oauthCall("POST", "/token", { form: { grant_type: "client_credentials", client_id: CLIENT_ID, client_secret: CLIENT_SECRET } });
    const me = await callTool(tok.body.access_token, "whoami");
    expect(me.value).toMatchObject({ id: admin.id, isInstanceAdmin: true });
    const w = await createWorld();
    expect((await callTool(tok.body.access_token, "list_issues", { companyId: w.company.id })).isError).toBe(false);
  });

  it("a client-credentials token authenticates nobody while no instance admin exists", async () => {
    await db().user.updateMany({ where: { isInstanceAdmin: true }, data: { isInstanceAdmin: false } });
    const tok = await oauthCall("POST", "/token", { form: { grant_type: "client_credentials", client_id: CLIENT_ID, client_secret: CLIENT_SECRET } });
    const res = await mcpCall(tok.body.access_token, "tools/list");
    expect(res.status).toBe(401);
  });
});
