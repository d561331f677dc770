// Turns the spec's link forms written as bare text ("see /ACME/issues/ACME-12") into links, as an
// agent would mean them; text inside links and code is left alone.
import type { Link, Parent, Root, RootContent, Text } from "mdast";

const boardPath = /(^|[\s(])(\/[A-Za-z]{2,5}\/(?:issues|agents|approvals)\/[A-Za-z0-9_~-]+(?:\.[A-Za-z0-9_~-]+)*(?:#[A-Za-z0-9_-]+)?)/g;

function split(node: Text): RootContent[] {
  const out: RootContent[] = [];
  let last = 0;
  for (const m of node.value.matchAll(boardPath)) {
    const start = m.index + m[1].length;
    const path = m[2];
    if (start > last) out.push({ type: "text", value: node.value.slice(last, start) });
    out.push({ type: "link", url: path, children: [{ type: "text", value: path }] } satisfies Link);
    last = start + path.length;
  }
  if (out.length === 0) return [node];
  if (last < node.value.length) out.push({ type: "text", value: node.value.slice(last) });
  return out;
}

function walk(parent: Parent) {
  parent.children = parent.children.flatMap((child) => {
    if (child.type === "text") return split(child);
    if (child.type !== "link" && child.type !== "linkReference" && "children" in child) walk(child);
    return [child];
  }) as Parent["children"];
}

export default function remarkBoardLinks() {
  return (tree: Root) => walk(tree);
}
