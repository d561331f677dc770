// The board's MCP page body in its two states: a configured OAuth client, and none (the endpoints
// then answer server_error, which the page explains).
import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { McpConnect } from "@/components/mcp/mcp-connect";

const render = (oauth: { configured: boolean; clientId: string | null; profile: "strict" | "seed" }) =>
  renderToStaticMarkup(createElement(McpConnect, { base: "https://charter.example", companyPrefix: "ACME", oauth, tools: [{ name: "whoami", description: "Who" }] }));

describe("McpConnect", () => {
  it("shows the endpoint, discovery, the client id and the commands when configured", () => {
    const html = render({ configured: true, clientId: "cid", profile: "strict" });
    expect(html).toContain("https://charter.example/mcp");
    expect(html).toContain("https://charter.example/.well-known/oauth-authorization-server");
    expect(html).toContain("claude mcp add --transport http charter https://charter.example/mcp");
    expect(html).toContain("client_id=cid");
    expect(html).not.toContain("OAuth is not configured");
  });

  it("warns when the client is not configured, and names the settings to set", () => {
    const html = render({ configured: false, clientId: null, profile: "seed" });
    expect(html).toContain("OAuth is not configured");
    expect(html).toContain("OAUTH_CLIENT_SECRET");
    expect(html).toContain("client_id=&lt;OAUTH_CLIENT_ID&gt;");
    expect(html).toContain("acts as the instance admin");
  });
});
