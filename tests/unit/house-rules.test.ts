// Two rules of the house the compiler cannot see: comments carry no tracker references (the tracker
// is not in the repository; say why instead), and no file repeats its folder's name.
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { root, sourceFiles } from "../support/module-graph";

const files = ["lib", "components", "app", "scripts", "tests", "e2e", "bench"].flatMap((d) => sourceFiles(d));

/** The text of every comment in a file, with its line. */
function comments(file: string): { line: number; text: string }[] {
  const text = readFileSync(path.join(root, file), "utf8");
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, file.endsWith("x") ? ts.LanguageVariant.JSX : ts.LanguageVariant.Standard, text);
  const out: { line: number; text: string }[] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia) {
      out.push({ line: text.slice(0, scanner.getTokenStart()).split("\n").length, text: scanner.getTokenText() });
    }
  }
  return out;
}

const trackerReference = /\b(issues?|tasks?|tickets?|stor(y|ies))\s+#?\d+\b|(^|[\s(])#\d+\b/i;

describe("house rules", () => {
  it("comments name no tracker issue or task", () => {
    const found = files.flatMap((file) => comments(file).filter((c) => trackerReference.test(c.text)).map((c) => `${file}:${c.line}: ${c.text.split("\n").find((l) => trackerReference.test(l))?.trim()}`));
    expect(found).toEqual([]);
  });

  it("finds a tracker reference where there is one (the pattern is not blind)", () => {
    for (const text of ["// done in issue 12", "/* see #12 */", "// task 7, item 3"]) expect(trackerReference.test(text), text).toBe(true);
    for (const text of ["// ACME-12 is an issue identifier", "// 12 issues", "// color #123abc"]) expect(trackerReference.test(text), text).toBe(false);
  });

  it("no file repeats its folder's name (services/agents/agents.ts reads agents twice)", () => {
    const stutter = files.filter((f) => {
      const parts = f.split("/");
      const base = parts[parts.length - 1].replace(/(\.client)?\.(ts|tsx|mjs|cjs)$/, "");
      const dir = parts[parts.length - 2];
      return base === dir || `${base}s` === dir || base === `${dir}s`;
    });
    expect(stutter).toEqual([]);
  });
});
