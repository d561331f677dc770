// The editor's `@` autocomplete rules (components/editor/mentions.ts): where a mention is being
// typed, who matches, and that the stored link is one the server's parser wakes the agent for; the
// editor shows `@Name` and stores the link (components/editor/mention-display.ts).
import { describe, expect, it } from "vitest";
import { activeMention, insertMention, matchCandidates, mentionCandidates, mentionLink, type MentionCandidate } from "@/components/editor/mentions";
import { editSpans, storedOffset, toShown, toStored } from "@/components/editor/mention-display";
import { parseMentions } from "@/lib/services/mentions";

const ada: MentionCandidate = { kind: "agent", id: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", name: "Ada Lovelace", detail: "engineer" };
const ceo: MentionCandidate = { kind: "agent", id: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a6c", name: "CEO", detail: "ceo" };
const grace: MentionCandidate = { kind: "user", id: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a7d", name: "Grace Hopper", detail: "board" };
const all = [ada, ceo, grace];

describe("activeMention", () => {
  it("finds the @ at a word start before the caret, names with spaces included", () => {
    expect(activeMention("Hi @", 4)).toEqual({ start: 3, query: "" });
    expect(activeMention("Hi @Ada Lo", 10)).toEqual({ start: 3, query: "Ada Lo" });
    expect(activeMention("@ce", 3)).toEqual({ start: 0, query: "ce" });
    expect(activeMention("(@ce", 4)).toEqual({ start: 1, query: "ce" });
  });

  it("is null for an email address, a finished link, a new line, a leading space, or far text", () => {
    expect(activeMention("mail ada@example.com", 20)).toBeNull();
    expect(activeMention(`[@Ada](agent://${ada.id}) ok`, 50)).toBeNull();
    expect(activeMention("@Ada\nnext", 9)).toBeNull();
    expect(activeMention("@ Ada", 5)).toBeNull();
    expect(activeMention(`@${"x".repeat(41)}`, 42)).toBeNull();
    expect(activeMention("no at sign", 5)).toBeNull();
  });

  it("reads only up to the caret", () => {
    expect(activeMention("@Ada and more", 4)).toEqual({ start: 0, query: "Ada" });
  });
});

describe("matchCandidates", () => {
  it("matches a name's start or a word's start, case-insensitive, name starts first", () => {
    expect(matchCandidates(all, "")).toEqual([ada, ceo, grace]);
    expect(matchCandidates(all, "hop")).toEqual([grace]);
    expect(matchCandidates(all, "ADA l")).toEqual([ada]);
    expect(matchCandidates(all, "c")).toEqual([ceo]);
    expect(matchCandidates(all, "zz")).toEqual([]);
    const lo: MentionCandidate = { kind: "agent", id: ceo.id, name: "Lovable", detail: "x" };
    expect(matchCandidates([ada, lo], "lov")).toEqual([lo, ada]);
  });

  it("offers at most the limit", () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ ...ada, id: String(i), name: `Agent ${i}` }));
    expect(matchCandidates(many, "ag")).toHaveLength(8);
  });
});

describe("insertMention", () => {
  it("shows @Name and a space in place of the typed @query, caret after it, text around kept; the span stores the link", () => {
    const text = "Please @ad review";
    const at = activeMention(text, 10)!;
    const out = insertMention(text, at, 10, ada);
    expect(out.text).toBe("Please @Ada Lovelace review");
    expect(out.text.slice(0, out.caret)).toBe("Please @Ada Lovelace ");
    expect(out.span).toEqual({ start: 7, end: 20, link: `[@Ada Lovelace](agent://${ada.id})` });
    expect(toStored({ text: out.text, spans: [out.span] })).toBe(`Please [@Ada Lovelace](agent://${ada.id}) review`);
  });

  it("writes users as user:// links and drops brackets from names", () => {
    expect(mentionLink(grace)).toBe(`[@Grace Hopper](user://${grace.id})`);
    expect(mentionLink({ ...ceo, name: "Bot [v2]" })).toBe(`[@Bot v2](agent://${ceo.id})`);
  });

  it("stores what the server's mention parser wakes: the picked agent only", () => {
    const stored = (text: string, c: MentionCandidate) => {
      const out = insertMention(text, activeMention(text, text.length)!, text.length, c);
      return toStored({ text: out.text, spans: [out.span] });
    };
    expect(parseMentions(stored("@ce", ceo), [ada, ceo])).toEqual([ceo.id]);
    expect(parseMentions(stored("@gr", grace), [ada, ceo])).toEqual([]);
  });
});

describe("the shown text and the stored text", () => {
  const adaLink = `[@Ada Lovelace](agent://${ada.id})`;
  const graceLink = `[@Grace Hopper](user://${grace.id})`;
  const stored = `cc ${adaLink} and ${graceLink}, thanks`;

  it("show links as @Name and store them back unchanged", () => {
    const shown = toShown(stored);
    expect(shown.text).toBe("cc @Ada Lovelace and @Grace Hopper, thanks");
    expect(toStored(shown)).toBe(stored);
    expect(toShown("no [link](https://x.y) here")).toEqual({ text: "no [link](https://x.y) here", spans: [] });
  });

  const edit = (before: string, after: string, caret: number) => {
    const shown = toShown(before);
    return toStored({ text: after, spans: editSpans(shown.text, after, shown.spans, caret) });
  };

  it("keep the mentions an edit does not touch, moving those after it", () => {
    expect(edit(stored, "Hi cc @Ada Lovelace and @Grace Hopper, thanks", 3)).toBe(`Hi ${stored}`);
    expect(edit(stored, "cc @Ada Lovelace and @Grace Hopper, thanks!", 43)).toBe(`${stored}!`);
    expect(edit(stored, "cc @Ada Lovelace or @Grace Hopper, thanks", 18)).toBe(`cc ${adaLink} or ${graceLink}, thanks`);
    // an @ typed just before a mention is not an edit of it
    expect(edit(stored, "cc @@Ada Lovelace and @Grace Hopper, thanks", 4)).toBe(`cc @${adaLink} and ${graceLink}, thanks`);
  });

  it("turn a mention an edit touches back into plain text", () => {
    expect(edit(stored, "cc @Ada Lovelac and @Grace Hopper, thanks", 15)).toBe(`cc @Ada Lovelac and ${graceLink}, thanks`);
    expect(edit(stored, "cc  and @Grace Hopper, thanks", 3)).toBe(`cc  and ${graceLink}, thanks`);
  });

  it("map a caret in the shown text to the stored text", () => {
    const { spans } = toShown(stored);
    expect(storedOffset(spans, 3)).toBe(3);
    expect(storedOffset(spans, 16)).toBe(3 + adaLink.length);
    expect(storedOffset(spans, 10)).toBe(3 + adaLink.length); // inside a mention: after it
    expect(storedOffset(spans, 42)).toBe(stored.length);
  });
});

describe("mentionCandidates", () => {
  it("offers live agents and board users, never terminated agents", () => {
    const agents = [
      { id: "a1", name: "Live", role: "engineer", status: "idle" },
      { id: "a2", name: "Gone", role: "engineer", status: "terminated" },
    ];
    expect(mentionCandidates(agents, { u1: "Grace" })).toEqual([
      { kind: "agent", id: "a1", name: "Live", detail: "engineer" },
      { kind: "user", id: "u1", name: "Grace", detail: "board" },
    ]);
  });
});
