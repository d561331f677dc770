// @-mentions (docs/design.md §6): `@Name` matches an agent's whole name, case-insensitive, trying longer
// names first so "@Ada Lovelace" is not read as "@Ada"; `[@Name](agent://<agentId>)` links count
// too. Pure: the caller supplies the company's agents. Board users are mentioned by link only
// (`[@Name](user://<userId>)`): they get an inbox item, not a wake.

export interface MentionCandidate {
  id: string;
  name: string;
}

const linkPattern = /\[[^\]\n]*\]\(agent:\/\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\)/gi;
// a board user: `[@Name](user://<userId>)`, as the editor writes it; it wakes nobody
const userLinkPattern = /\[[^\]\n]*\]\(user:\/\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\)/gi;
const wordChar = /[\p{L}\p{N}_]/u;

/** Ids of the agents mentioned in `text`, each once, in order of first mention. */
export function parseMentions(text: string, agents: MentionCandidate[]): string[] {
  const found = new Set<string>();
  const byId = new Set(agents.map((a) => a.id));
  for (const m of text.matchAll(linkPattern)) {
    const id = m[1].toLowerCase();
    if (byId.has(id)) found.add(id);
  }
  // a link's own text names nobody else: `[@Ada](agent://<Bob>)` wakes Bob only, `[@Ada](user://…)` nobody
  text = text.replace(linkPattern, (m) => " ".repeat(m.length)).replace(userLinkPattern, (m) => " ".repeat(m.length));
  const names = [...agents].sort((a, b) => b.name.length - a.name.length).map((a) => ({ id: a.id, lower: a.name.toLowerCase() }));
  const lower = text.toLowerCase();
  for (let at = lower.indexOf("@"); at !== -1; at = lower.indexOf("@", at + 1)) {
    if (at > 0 && wordChar.test(text[at - 1])) continue; // an email address, not a mention
    const hit = names.find((n) => lower.startsWith(n.lower, at + 1) && !wordChar.test(text[at + 1 + n.lower.length] ?? ""));
    if (hit) {
      found.add(hit.id);
      at += hit.lower.length;
    }
  }
  return [...found];
}

/** Ids of the board users linked in `text` (`[@Name](user://<userId>)`), each once, lower-case. */
export function parseUserMentions(text: string): string[] {
  return [...new Set([...text.matchAll(userLinkPattern)].map((m) => m[1].toLowerCase()))];
}
