// The `@` autocomplete's text rules, pure so they can be tested: where a mention is being typed,
// who matches it, and the link it stores, in the forms the server reads: `[@Name](agent://<id>)`
// wakes that agent (lib/services/mentions.ts), `[@Name](user://<id>)` names a board user. The
// editor shows each as `@Name` (mention-display.ts).

import type { MentionSpan } from "@/components/editor/mention-display";

export interface MentionCandidate {
  kind: "agent" | "user";
  id: string;
  name: string;
  /** a second line: the agent's role, "board" for a person */
  detail: string;
}

export interface ActiveMention {
  /** index of the `@` */
  start: number;
  /** what was typed after it, up to the caret */
  query: string;
}

const wordChar = /[\p{L}\p{N}_]/u;
/** Longest text after `@` still read as a name being typed (names may hold spaces). */
const MAX_QUERY = 40;

/** The mention being typed at `caret`, or null: an `@` at a word start, then no line break or link syntax. */
export function activeMention(text: string, caret: number): ActiveMention | null {
  const from = Math.max(0, caret - MAX_QUERY - 1);
  const at = text.lastIndexOf("@", caret - 1);
  if (at < from || at === -1) return null;
  if (at > 0 && wordChar.test(text[at - 1])) return null; // an email address
  const query = text.slice(at + 1, caret);
  if (/[\n\r[\]()@`]/.test(query) || query.startsWith(" ")) return null;
  return { start: at, query };
}

/** Candidates whose name, or a word of it, starts with the query; name starts first, then by name. At most `limit`. */
export function matchCandidates(candidates: readonly MentionCandidate[], query: string, limit = 8): MentionCandidate[] {
  const q = query.toLowerCase();
  const scored: { c: MentionCandidate; rank: number }[] = [];
  for (const c of candidates) {
    const name = c.name.toLowerCase();
    if (name.startsWith(q)) scored.push({ c, rank: 0 });
    else if (name.split(/\s+/).some((w) => w.startsWith(q))) scored.push({ c, rank: 1 });
  }
  scored.sort((a, b) => a.rank - b.rank || a.c.name.localeCompare(b.c.name));
  return scored.slice(0, limit).map((s) => s.c);
}

const shownName = (c: Pick<MentionCandidate, "name">) => c.name.replace(/[[\]\n]/g, "");

/** The markdown link of a mention; brackets in a name would end the link text, so they are dropped. */
export function mentionLink(c: Pick<MentionCandidate, "kind" | "id" | "name">): string {
  return `[@${shownName(c)}](${c.kind}://${c.id})`;
}

/**
 * The shown text with the mention typed at `active` replaced by `@Name` and a space; the new caret,
 * and the span of `@Name` that stores the candidate's link.
 */
export function insertMention(text: string, active: ActiveMention, caret: number, c: MentionCandidate): { text: string; caret: number; span: MentionSpan } {
  const shown = `@${shownName(c)}`;
  const after = text.slice(caret).replace(/^ /, "");
  const span = { start: active.start, end: active.start + shown.length, link: mentionLink(c) };
  return { text: `${text.slice(0, active.start)}${shown} ${after}`, caret: span.end + 1, span };
}

/** The people and agents a company's editor offers: live agents first in each match, then board users. */
export function mentionCandidates(agents: readonly { id: string; name: string; role: string; status: string }[], users: Record<string, string>): MentionCandidate[] {
  return [
    ...agents.filter((a) => a.status !== "terminated").map((a) => ({ kind: "agent" as const, id: a.id, name: a.name, detail: a.role })),
    ...Object.entries(users).map(([id, name]) => ({ kind: "user" as const, id, name, detail: "board" })),
  ];
}
