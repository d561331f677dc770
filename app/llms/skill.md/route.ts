import { agentSkillMarkdown } from "@/lib/llms/skill";

export const dynamic = "force-static";

// The agent skill (an Agent Skills SKILL.md): public, like the icon list, so any agent can fetch it.
export function GET() {
  return new Response(agentSkillMarkdown(), { headers: { "Content-Type": "text/markdown; charset=utf-8" } });
}
