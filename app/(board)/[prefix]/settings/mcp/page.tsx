import type { Metadata } from "next";
import Link from "next/link";
import { headers } from "next/headers";
import { boardPageContext, companyForPrefix } from "@/app/(board)/page-data";
import { baseUrlOf, oauthClient, oauthProfile } from "@/lib/oauth/config";
import { toolCatalog } from "@/lib/mcp/server";
import { PageHeader } from "@/components/ui/page-header";
import { McpConnect } from "@/components/mcp/mcp-connect";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "MCP" };

export default async function McpSettingsPage({ params }: { params: Promise<{ prefix: string }> }) {
  const { prefix } = await params;
  await boardPageContext(`/${prefix}/settings/mcp`);
  const company = await companyForPrefix(prefix);
  const base = baseUrlOf(await headers());
  const client = oauthClient();
  return (
    <>
      <PageHeader
        eyebrow={<Link href={`/${company.issuePrefix}/settings`} className="hover:text-slate-700">Settings</Link>}
        title="MCP tool-server"
        description="Connect Claude, the MCP Inspector or any MCP client to Charter. Tools act as you (or as the agent whose key is used), with the same permissions as the board and the API."
      />
      <McpConnect
        base={base}
        companyPrefix={company.issuePrefix}
        oauth={{ configured: !!client, clientId: client?.clientId ?? null, profile: oauthProfile() }}
        tools={toolCatalog()}
      />
    </>
  );
}
