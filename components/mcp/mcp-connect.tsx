// The board's "connect an MCP client" page body: addresses, the OAuth status and copyable commands.
import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CopyField } from "@/components/ui/copy-field.client";

interface Props {
  base: string;
  companyPrefix: string;
  oauth: { configured: boolean; clientId: string | null; profile: "strict" | "seed" };
  tools: { name: string; title?: string; description?: string }[];
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="min-w-0 text-sm text-slate-600">{children}</dd>
    </div>
  );
}

export function McpConnect({ base, companyPrefix, oauth, tools }: Props) {
  const endpoint = `${base}/mcp`;
  const discovery = `${base}/.well-known/oauth-authorization-server`;
  const clientId = oauth.clientId ?? "<OAUTH_CLIENT_ID>";
  return (
    <div className="space-y-6">
      {!oauth.configured && (
        <Alert tone="warning" title="OAuth is not configured">
          Set <code>OAUTH_CLIENT_ID</code> and <code>OAUTH_CLIENT_SECRET</code> in the server&apos;s environment and restart it.
          Until then /authorize, /register and client credentials answer <code>server_error</code>; agent API keys still work at /mcp.
        </Alert>
      )}
      <Card>
        <CardHeader title="Addresses" description="What an MCP client needs to find Charter and sign in." />
        <CardBody>
          <dl className="divide-y divide-slate-100">
            <Row label="MCP endpoint"><CopyField label="MCP endpoint URL" value={endpoint} /></Row>
            <Row label="OAuth discovery"><CopyField label="OAuth discovery URL" value={discovery} /></Row>
            <Row label="Protected resource"><code className="break-all text-xs">{base}/.well-known/oauth-protected-resource/mcp</code></Row>
            <Row label="OAuth client">
              <div className="flex flex-wrap items-center gap-2">
                {oauth.configured ? <Badge tone="green" dot>configured</Badge> : <Badge tone="amber" dot>not configured</Badge>}
                {oauth.clientId && <code className="text-xs">{oauth.clientId}</code>}
              </div>
            </Row>
            <Row label="Approval profile">
              <Badge tone={oauth.profile === "strict" ? "indigo" : "amber"}>{oauth.profile}</Badge>
              <p className="mt-1.5">
                {oauth.profile === "strict"
                  ? "A client sends you to sign in to Charter, then is approved as you. Redirects only to loopback addresses, Claude's callback and OAUTH_REDIRECT_URIS; PKCE is required."
                  : "Any authorization request is approved without sign-in and acts as the instance admin: for a single user on this machine only."}
              </p>
            </Row>
          </dl>
        </CardBody>
      </Card>

      <Card>
        <CardHeader title="Connect a client" description="Tokens last an hour; clients sign in again when theirs expires." />
        <CardBody className="space-y-5">
          <section className="space-y-2">
            <h3 className="text-sm font-medium text-slate-800">Claude Code, as you (OAuth)</h3>
            <p className="text-sm text-slate-600">Add the server, then run <code>/mcp</code> in Claude Code and choose Authenticate: a browser opens Charter&apos;s sign-in.</p>
            <CopyField label="Claude Code command" value={`claude mcp add --transport http charter ${endpoint}`} />
          </section>
          <section className="space-y-2">
            <h3 className="text-sm font-medium text-slate-800">An agent, with its API key</h3>
            <p className="text-sm text-slate-600">Create a key on the agent&apos;s page; the tools then act as that agent, in {companyPrefix}.</p>
            <CopyField label="Claude Code command with an agent key" value={`claude mcp add --transport http charter ${endpoint} --header "Authorization: Bearer <agent API key>"`} />
          </section>
          <section className="space-y-2">
            <h3 className="text-sm font-medium text-slate-800">Scripts (client credentials, acting as the instance admin)</h3>
            <CopyField label="Token request" value={`curl -s -X POST ${base}/token -d grant_type=client_credentials -d client_id=${clientId} -d client_secret=<OAUTH_CLIENT_SECRET>`} />
          </section>
          <section className="space-y-2">
            <h3 className="text-sm font-medium text-slate-800">MCP Inspector</h3>
            <p className="text-sm text-slate-600">Run <code>npx @modelcontextprotocol/inspector</code>, choose Streamable HTTP and enter the MCP endpoint; OAuth discovery does the rest.</p>
          </section>
        </CardBody>
      </Card>

      <Card>
        <CardHeader title="Tools" description={`${tools.length} tools, over the same rules as the API.`} />
        <CardBody>
          <ul className="divide-y divide-slate-100">
            {tools.map((t) => (
              <li key={t.name} className="grid gap-1 py-2.5 sm:grid-cols-[12rem_1fr] sm:gap-4">
                <code className="text-sm font-medium text-slate-800">{t.name}</code>
                <span className="text-sm text-slate-600">{t.description}</span>
              </li>
            ))}
          </ul>
        </CardBody>
      </Card>
    </div>
  );
}
