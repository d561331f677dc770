// References into the documents must lead somewhere for anyone who clones the repository: every
// `docs/<file>.md §N` names a file and a numbered heading that exist, every `docs/<file>.md` and every
// relative markdown link names a file that exists (and, with `#anchor`, a heading), and nothing points
// outside the repository at the requirements folder or at a design document it does not hold.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const scanned = ["app", "components", "lib", "tests", "e2e", "scripts", "bench", "docs"];
const skipped = new Set(["node_modules", "generated", ".next", "results", "images"]);
const extensions = /\.(ts|tsx|mts|cts|js|mjs|cjs|md|prisma|sql)$/;

// Spelled in pieces so this file does not match itself.
const outside = "../" + "shared/";
const bareDesign = new RegExp("\\bDESIGN(\\.md)?\\s*" + "§|\\bDESIGN" + "\\.md", "g");

function walk(dir: string, into: string[]) {
  for (const name of readdirSync(dir)) {
    if (skipped.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, into);
    else if (extensions.test(name)) into.push(full);
  }
}

function trackedFiles(): string[] {
  const files = ["README.md", "instrumentation.ts", "next.config.mjs", "eslint.config.mjs", "prisma/schema.prisma"].map((f) => path.join(root, f)).filter((f) => existsSync(f));
  for (const dir of scanned) if (existsSync(path.join(root, dir))) walk(path.join(root, dir), files);
  return files;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
}

interface Doc { headings: string[] }
type ReadDoc = (absolute: string) => Doc | null;

const readDoc: ReadDoc = (absolute) => {
  if (!existsSync(absolute) || statSync(absolute).isDirectory()) return null;
  const text = readFileSync(absolute, "utf8");
  return { headings: text.split("\n").filter((l) => /^#{1,6}\s/.test(l)).map((l) => l.replace(/^#+\s+/, "")) };
};

const lineOf = (text: string, index: number) => text.slice(0, index).split("\n").length;

/** Every broken reference in one file's text, as "file:line: why". */
function problemsIn(file: string, text: string, read: ReadDoc = readDoc, base = root): string[] {
  const rel = path.relative(base, file);
  const problems: string[] = [];
  const say = (index: number, why: string) => problems.push(`${rel}:${lineOf(text, index)}: ${why}`);

  for (let i = text.indexOf(outside); i >= 0; i = text.indexOf(outside, i + 1)) say(i, `points outside the repository (${outside})`);
  for (const m of text.matchAll(bareDesign)) say(m.index, `"${m[0]}" names no document here: write docs/design.md §N`);

  // In code, a string that starts with docs/… is data (a path in a test), not a reference.
  const reference = file.endsWith(".md")
    ? /(?<![\w/.-])docs\/((?:[\w-]+\/)*[\w.-]+\.md)(?:\s*§\s*(\d+))?/g
    : /(?<![\w/.'"`-])docs\/((?:[\w-]+\/)*[\w.-]+\.md)(?:\s*§\s*(\d+))?/g;
  for (const m of text.matchAll(reference)) {
    const doc = read(path.join(base, "docs", m[1]));
    if (!doc) { say(m.index, `docs/${m[1]} does not exist`); continue; }
    if (m[2] && !doc.headings.some((h) => h.startsWith(`${m[2]}. `))) say(m.index, `docs/${m[1]} has no section ${m[2]}`);
  }

  if (file.endsWith(".md")) {
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1];
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("/")) continue;
      const [where, anchor] = target.split("#");
      const absolute = where ? path.resolve(path.dirname(file), where) : file;
      if (where && !where.endsWith(".md")) {
        if (!existsSync(absolute)) say(m.index, `link to ${target}: no such file`);
        continue;
      }
      const doc = read(absolute);
      if (!doc) say(m.index, `link to ${target}: no such file`);
      else if (anchor && !doc.headings.some((h) => anchorOf(h) === anchor)) say(m.index, `link to ${target}: no such heading`);
    }
  }
  return problems;
}

describe("references into the documents", () => {
  it("every docs/<file>.md §N, docs/<file>.md and relative markdown link in the repository leads somewhere", () => {
    const files = trackedFiles();
    expect(files.length).toBeGreaterThan(100);
    const problems = files.flatMap((f) => problemsIn(f, readFileSync(f, "utf8")));
    expect(problems).toEqual([]);
  });

  it("docs/design.md has the numbered sections 1 to 10 that code cites", () => {
    const doc = readDoc(path.join(root, "docs/design.md"));
    const numbers = doc?.headings.map((h) => /^(\d+)\. /.exec(h)?.[1]).filter(Boolean);
    expect(numbers).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]);
  });

  it("flags a missing section, a missing file, a broken link, the outside folder and a bare design reference", () => {
    const fake: ReadDoc = (absolute) =>
      absolute === path.join("/r", "docs/design.md") ? { headings: ["The design", "1. Shape", "8. Waking agents"] } : null;
    const d = "docs";
    const text = [
      `ok: ${d}/design.md §8 and ${d}/design.md`,
      `bad: ${d}/design.md §11, ${d}/missing.md §1, ${d}/nope.md`,
      `bad: see ${outside}spec and ${"DESIGN"} §4 and ${"DESIGN"}.md`,
      "[ok](design.md#8-waking-agents) [bad](design.md#9-oauth) [bad](gone.md)",
    ].join("\n");
    const problems = problemsIn("/r/docs/x.md", text, fake, "/r");
    expect(problems).toHaveLength(8);
    expect(problems.join("\n")).toMatch(/no section 11[\s\S]*missing\.md does not exist[\s\S]*nope\.md does not exist/);
    expect(problems.filter((p) => p.includes("outside the repository"))).toHaveLength(1);
    expect(problems.filter((p) => p.includes("names no document here"))).toHaveLength(2);
    expect(problems.filter((p) => p.includes("no such heading"))).toHaveLength(1);
    expect(problems.filter((p) => p.includes("link to gone.md"))).toHaveLength(1);
  });

  it("reads a quoted docs/… path in code as data, and a reference in a comment or sentence as a reference", () => {
    const d = "docs";
    const code = `const bundle = [{ path: "${d}/x.md" }]; // see ${d}/gone.md\nthrow new Error("read ${d}/gone.md");`;
    expect(problemsIn("/r/lib/a.ts", code, () => null, "/r")).toEqual([
      `lib/a.ts:1: ${d}/gone.md does not exist`,
      `lib/a.ts:2: ${d}/gone.md does not exist`,
    ]);
  });

  it("derives GitHub's anchors", () => {
    expect(anchorOf("8. Waking agents")).toBe("8-waking-agents");
    expect(anchorOf("When the database fails")).toBe("when-the-database-fails");
    expect(anchorOf("Agents: setting one up, what it receives")).toBe("agents-setting-one-up-what-it-receives");
  });
});
