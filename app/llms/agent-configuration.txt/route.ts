import { agentConfigurationText } from "@/lib/llms/agent-configuration";

export const dynamic = "force-static";

// The adapter types and every adapterConfig / runtimeConfig key, for whoever prepares a hire: public.
export function GET() {
  return new Response(agentConfigurationText(), { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
