// Links the board reads into markdown text, as an agent or a person would mean them:
// - the spec's link forms written as bare text ("see /ACME/issues/ACME-12");
// - the company's own issue identifiers ("ACME-12") → /ACME/issues/ACME-12 (another prefix stays text);
// - mentions: `[@Name](agent://<id>)` → the agent's page, `[@Name](user://<id>)` → a styled name.
// Text inside links and code (inline or fenced) is never touched, and nothing here produces raw HTML:
// only mdast link nodes and a span with fixed classes.
import type { Emphasis, Link, Parent, Root, RootContent, Text } from "mdast";

export interface BoardLinkOptions {
  /** the company's issue prefix, e.g. ACME */
  prefix: string;
  /** agents' url keys by id, so mention links read /ACME/agents/ada; an unknown id links by id */
  agentUrlKeys?: ReadonlyMap<string, string>;
}

const uuid = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const agentUrl = new RegExp(`^agent://(${uuid})$`, "i");
const userUrl = new RegExp(`^user://(${uuid})$`, "i");
const boardPath = String.raw`(?<=^|[\s(])\/[A-Za-z]{2,5}\/(?:issues|agents|approvals)\/[A-Za-z0-9_~-]+(?:\.[A-Za-z0-9_~-]+)*(?:#[A-Za-z0-9_-]+)?`;

/** A bare board path, or the company's issue identifier as a whole word. */
function linkPattern(prefix: string): RegExp {
  const p = prefix.toUpperCase().replace(/[^A-Z0-9]/g, "");
  const identifier = p ? String.raw`|(?<![\p{L}\p{N}_\/-])${p}-[1-9][0-9]{0,9}(?![\p{L}\p{N}_-])` : "";
  return new RegExp(boardPath + identifier, "gu");
}

/** The mention classes, shared with the markdown component's link. */
export const MENTION_CLASS = "mention";
const USER_MENTION_CLASSES = ["mention", "rounded", "bg-slate-100", "px-1", "font-medium", "text-slate-800", "ring-1", "ring-inset", "ring-slate-200"];

function split(node: Text, pattern: RegExp, prefix: string): RootContent[] {
  const out: RootContent[] = [];
  let last = 0;
  for (const m of node.value.matchAll(pattern)) {
    const text = m[0];
    if (m.index > last) out.push({ type: "text", value: node.value.slice(last, m.index) });
    const url = text.startsWith("/") ? text : `/${prefix.toUpperCase()}/issues/${text}`;
    out.push({ type: "link", url, children: [{ type: "text", value: text }] } satisfies Link);
    last = m.index + text.length;
  }
  if (out.length === 0) return [node];
  if (last < node.value.length) out.push({ type: "text", value: node.value.slice(last) });
  return out;
}

/** A mention link as the board shows it, or null for any other link. */
function mention(link: Link, opts: BoardLinkOptions): Link | Emphasis | null {
  const agent = agentUrl.exec(link.url);
  if (agent) {
    const id = agent[1].toLowerCase();
    const key = opts.agentUrlKeys?.get(id) ?? id;
    return { ...link, url: `/${opts.prefix}/agents/${encodeURIComponent(key)}`, data: { hProperties: { className: [MENTION_CLASS] } } };
  }
  const user = userUrl.exec(link.url);
  if (user) {
    // a board user has no page of their own: the name, styled as a mention
    return {
      type: "emphasis", children: link.children,
      data: { hName: "span", hProperties: { className: USER_MENTION_CLASSES, dataUserId: user[1].toLowerCase(), title: "Board user" } },
    };
  }
  return null;
}

function walk(parent: Parent, pattern: RegExp, opts: BoardLinkOptions) {
  parent.children = parent.children.flatMap((child) => {
    if (child.type === "text") return split(child, pattern, opts.prefix);
    if (child.type === "link") return [mention(child, opts) ?? child];
    if (child.type !== "linkReference" && "children" in child) walk(child, pattern, opts);
    return [child];
  }) as Parent["children"];
}

export default function remarkBoardLinks(opts: BoardLinkOptions) {
  const pattern = linkPattern(opts.prefix);
  return (tree: Root) => walk(tree, pattern, opts);
}
