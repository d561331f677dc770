// The agent icon enumeration (lucide icon names), served as plain text by GET /llms/agent-icons.txt.
export const agentIcons = [
  "bot", "brain", "briefcase", "bug", "building", "calculator", "camera", "chart-bar", "clipboard-list",
  "cloud", "code", "cog", "compass", "cpu", "crown", "database", "dollar-sign", "feather", "file-text",
  "flask-conical", "gavel", "git-branch", "globe", "graduation-cap", "hammer", "headphones", "heart",
  "lightbulb", "lock", "mail", "megaphone", "message-square", "microscope", "palette", "pen-tool",
  "rocket", "scale", "search", "server", "shield", "sparkles", "target", "terminal", "test-tube",
  "users", "wand", "wrench", "zap",
] as const;

export type AgentIcon = (typeof agentIcons)[number];
