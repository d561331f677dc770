import { agentIcons } from "@/lib/icons";

export const dynamic = "force-static";

export function GET() {
  return new Response(agentIcons.join("\n") + "\n", { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
