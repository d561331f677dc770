// The whole journey of a real MCP client against the running server, with the official TypeScript
// SDK: 401 challenge → discovery → registration → /authorize (the board user signs in in the browser)
// → token → tools/list → tools/call. Then the board's MCP page shows how to connect.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { UnauthorizedError, type OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { ADMIN, expect, snap, test } from "./fixtures";
import { boardApi, createCompany, post } from "./api";

/** An in-memory client as Claude Code keeps one: its registration, PKCE verifier and tokens. */
class MemoryProvider implements OAuthClientProvider {
  info?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = "";
  authorizationUrl?: URL;
  constructor(readonly callback: string) {}
  get redirectUrl() { return this.callback; }
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: "e2e client", redirect_uris: [this.callback], grant_types: ["authorization_code"], response_types: ["code"], token_endpoint_auth_method: "none" };
  }
  state() { return "e2e-state"; }
  clientInformation() { return this.info; }
  saveClientInformation(info: OAuthClientInformationMixed) { this.info = info; }
  tokens() { return this.saved; }
  saveTokens(tokens: OAuthTokens) { this.saved = tokens; }
  redirectToAuthorization(url: URL) { this.authorizationUrl = url; }
  saveCodeVerifier(v: string) { this.verifier = v; }
  codeVerifier() { return this.verifier; }
}

test("an MCP client discovers Charter, the board user signs in, and the client calls tools", async ({ page, baseURL }, testInfo) => {
  const mcpUrl = new URL("/mcp", baseURL);
  // the client's loopback callback, as a native client (Claude Code, the Inspector) listens on one
  const received: URL[] = [];
  const callbackServer = http.createServer((req, res) => {
    received.push(new URL(req.url ?? "/", "http://127.0.0.1"));
    res.writeHead(200, { "content-type": "text/html" }).end("<p>You can close this window.</p>");
  });
  await new Promise<void>((resolve) => callbackServer.listen(0, "127.0.0.1", resolve));
  const CALLBACK = `http://127.0.0.1:${(callbackServer.address() as AddressInfo).port}/callback`;
  const provider = new MemoryProvider(CALLBACK);

  await test.step("a company with an issue to find", async () => {
    await page.goto("/login");
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/companies$/);
    const api = await boardApi(page);
    const company = await createCompany(api, "Tool Users Inc", { issuePrefix: "TOOL" });
    await post(api, `/api/companies/${company.id}/issues`, { title: "Reachable over MCP", status: "todo" });
    await api.dispose();
    await page.context().clearCookies(); // the client's journey starts signed out
  });

  await test.step("without a token the SDK is challenged, discovers the server, registers and asks to authorize", async () => {
    const client = new Client({ name: "e2e", version: "1.0.0" });
    await expect(client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }))).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.info?.client_id).toBe("charter-e2e-client");
    const auth = provider.authorizationUrl!;
    expect(auth.origin + auth.pathname).toBe(`${baseURL}/authorize`);
    expect(auth.searchParams.get("code_challenge_method")).toBe("S256");
    expect(auth.searchParams.get("redirect_uri")).toBe(CALLBACK);
  });

  let code = "";
  await test.step("the browser signs in at Charter and comes back to the client's loopback callback", async () => {
    await page.goto(provider.authorizationUrl!.toString());
    await page.waitForURL(/\/login/);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.href.startsWith(CALLBACK));
    const back = new URL(page.url());
    expect(received.map((u) => u.searchParams.get("code"))).toContain(back.searchParams.get("code"));
    expect(back.searchParams.get("state")).toBe("e2e-state");
    code = back.searchParams.get("code") ?? "";
    expect(code).toMatch(/^chk_code_/);
  });

  await test.step("the code becomes a token; tools/list and tools/call work as the board user", async () => {
    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    await transport.finishAuth(code);
    expect(provider.saved).toMatchObject({ token_type: "Bearer", expires_in: 3600 });
    const client = new Client({ name: "e2e", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(["whoami", "list_issues", "create_issue", "checkout_issue", "add_comment"]));
    const me = await client.callTool({ name: "whoami", arguments: {} });
    expect(JSON.parse((me.content as { text: string }[])[0].text)).toMatchObject({ email: ADMIN.email });
    const issues = await client.callTool({ name: "list_issues", arguments: { companyId: "TOOL" } });
    const list = JSON.parse((issues.content as { text: string }[])[0].text);
    expect(list.items.map((i: { title: string }) => i.title)).toContain("Reachable over MCP");
    await client.close();
  });

  await test.step("the code cannot be used twice", async () => {
    const res = await page.request.post("/token", { form: { code, client_id: "charter-e2e-client", code_verifier: provider.verifier } });
    expect(res.status()).toBe(400);
    expect(await res.json()).toMatchObject({ error: "invalid_grant" });
  });

  await test.step("the board's MCP page shows the endpoint, discovery and how to connect", async () => {
    await page.goto("/TOOL/settings");
    await page.getByRole("link", { name: "MCP and OAuth" }).click();
    await page.waitForURL(/\/TOOL\/settings\/mcp$/);
    await expect(page.getByRole("heading", { name: "MCP tool-server" })).toBeVisible();
    await expect(page.getByLabel("MCP endpoint URL")).toHaveValue(`${baseURL}/mcp`);
    await expect(page.getByLabel("OAuth discovery URL")).toHaveValue(`${baseURL}/.well-known/oauth-authorization-server`);
    await expect(page.getByLabel("Claude Code command", { exact: true })).toHaveValue(`claude mcp add --transport http charter ${baseURL}/mcp`);
    await expect(page.getByText("configured", { exact: true })).toBeVisible();
    await expect(page.getByText("checkout_issue")).toBeVisible();
    await snap(page, testInfo, "mcp-settings");
  });
  callbackServer.close();
});
