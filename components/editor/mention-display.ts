// What the editor shows of a mention: `@Name`, while the text it stores keeps the link form the
// server reads (`[@Name](agent://<id>)`, decision 0061). The shown text and the stored text are two
// views of one value: each mention is a span of the shown text holding its link, and every edit of
// the shown text moves the spans after it, or turns a span it touches back into plain text.

export interface MentionSpan {
  /** where `@Name` starts and ends in the shown text */
  start: number;
  end: number;
  /** the stored form */
  link: string;
}

export interface Shown {
  text: string;
  spans: MentionSpan[];
}

const linkPattern = /\[@([^\]\n]+)\]\(((?:agent|user):\/\/[^)\s]+)\)/g;

/** The stored text as the editor shows it: every agent or user link as `@Name`. */
export function toShown(stored: string): Shown {
  let text = "";
  let last = 0;
  const spans: MentionSpan[] = [];
  for (const m of stored.matchAll(linkPattern)) {
    text += stored.slice(last, m.index);
    const shown = `@${m[1]}`;
    spans.push({ start: text.length, end: text.length + shown.length, link: m[0] });
    text += shown;
    last = m.index + m[0].length;
  }
  return { text: text + stored.slice(last), spans };
}

/** The text to store: the shown text with each span's link in place of its `@Name`. */
export function toStored({ text, spans }: Shown): string {
  let out = "";
  let last = 0;
  for (const s of spans) {
    out += text.slice(last, s.start) + s.link;
    last = s.end;
  }
  return out + text.slice(last);
}

/** A position in the shown text as a position in the stored text (inside a mention: after it). */
export function storedOffset(spans: readonly MentionSpan[], offset: number): number {
  let extra = 0;
  for (const s of spans) {
    if (s.start >= offset) break;
    if (s.end > offset) return s.end + extra + s.link.length - (s.end - s.start);
    extra += s.link.length - (s.end - s.start);
  }
  return offset + extra;
}

/**
 * The spans after an edit from `before` to `after`. The edited range is found from both ends; the
 * caret after the edit (where typing, pasting or deleting left it) anchors its end, so typing `@`
 * just before `@Ada` counts as an insertion before the mention, not an edit of it.
 */
export function editSpans(before: string, after: string, spans: readonly MentionSpan[], caret?: number): MentionSpan[] {
  let suffix = 0;
  const tail = caret === undefined ? null : after.slice(caret);
  if (tail !== null && before.endsWith(tail) && before.length - tail.length >= 0) suffix = tail.length;
  else while (suffix < Math.min(before.length, after.length) && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
  const limit = Math.min(before.length, after.length) - suffix;
  let prefix = 0;
  while (prefix < limit && before[prefix] === after[prefix]) prefix++;
  const editEnd = before.length - suffix;
  const delta = after.length - before.length;
  return spans.flatMap((s) => {
    if (s.end <= prefix) return [s];
    if (s.start >= editEnd) return [{ ...s, start: s.start + delta, end: s.end + delta }];
    return [];
  });
}
