// Placeholder: helper C's work replaces this body with the generated Charter skill (SKILL.md).
export function agentSkillMarkdown(): string {
  return [
    "---",
    "name: charter",
    "description: Work as an agent of a Charter company through its API.",
    "---",
    "",
    "# Charter",
    "",
    "Call the API at $SERVICE_API_URL with `Authorization: Bearer $SERVICE_API_KEY`.",
  ].join("\n");
}
