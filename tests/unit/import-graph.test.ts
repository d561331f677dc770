// The module graph of lib/, components/ and app/, read with the TypeScript parser: no import cycle,
// and no arrow that points the wrong way between layers (STYLE.md, "Layout and who may import whom").
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const roots = ["lib", "components", "app"];
const skip = new Set(["lib/generated", "node_modules"]);

interface Edge {
  to: string;
  /** `import type …`, or every name in braces marked `type`: gone at run time */
  typeOnly: boolean;
  /** `import(…)`, evaluated when called: it cannot take part in a module's initialisation */
  lazy: boolean;
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(path.join(root, dir))) {
    const rel = `${dir}/${name}`;
    if (skip.has(rel)) continue;
    if (statSync(path.join(root, rel)).isDirectory()) sourceFiles(rel, out);
    else if (/\.(ts|tsx|mjs|cjs)$/.test(name) && !name.endsWith(".d.ts")) out.push(rel);
  }
  return out;
}

const extensions = ["", ".ts", ".tsx", ".mjs", ".cjs", ".js", "/index.ts", "/index.tsx"];

/** The repository file a specifier names, or null for a package. */
function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  else return null;
  for (const ext of extensions) {
    const candidate = base + ext;
    if (existsSync(path.join(root, candidate)) && statSync(path.join(root, candidate)).isFile()) return candidate;
  }
  return base;
}

function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) return node.isTypeOnly;
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return !clause.name && named !== undefined && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
}

function edgesOf(file: string): Edge[] {
  const text = readFileSync(path.join(root, file), "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const edges: Edge[] = [];
  const add = (spec: string, typeOnly: boolean, lazy = false) => {
    const to = resolve(file, spec);
    if (to) edges.push({ to, typeOnly, lazy });
  };
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, isTypeOnly(node));
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      add(node.arguments[0].text, false, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** Package imports too, for the arrows that concern frameworks (next/*, react). */
function packagesOf(file: string): string[] {
  const text = readFileSync(path.join(root, file), "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  return source.statements
    .filter((s): s is ts.ImportDeclaration => ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier) && !(s.importClause?.isTypeOnly ?? false))
    .map((s) => (s.moduleSpecifier as ts.StringLiteral).text)
    .filter((spec) => !spec.startsWith(".") && !spec.startsWith("@/"));
}

const files = roots.flatMap((dir) => sourceFiles(dir));
const graph = new Map(files.map((f) => [f, edgesOf(f)]));

/** Every cycle of static run-time imports, each as the path that closes it (Tarjan's strongly connected components). */
function cycles(): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const strongConnect = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const { to, typeOnly, lazy } of graph.get(v) ?? []) {
      if (typeOnly || lazy || !graph.has(to)) continue;
      if (!index.has(to)) {
        strongConnect(to);
        low.set(v, Math.min(low.get(v)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(v, Math.min(low.get(v)!, index.get(to)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      const selfLoop = (graph.get(v) ?? []).some((e) => e.to === v && !e.typeOnly && !e.lazy);
      if (component.length > 1 || selfLoop) found.push(component.sort());
    }
  };
  for (const f of files) if (!index.has(f)) strongConnect(f);
  return found;
}

interface Rule {
  name: string;
  from: (file: string) => boolean;
  forbids: (target: string) => boolean;
}

const under = (dir: string) => (f: string) => f.startsWith(`${dir}/`);
const rules: Rule[] = [
  { name: "lib/ imports neither app/ nor components/", from: under("lib"), forbids: (t) => under("app")(t) || under("components")(t) },
  { name: "components/ read through the API or props, never lib/services or lib/db", from: under("components"), forbids: (t) => under("lib/services")(t) || under("lib/db")(t) },
  {
    name: "components/ui/ imports nothing app-specific",
    from: under("components/ui"),
    forbids: (t) => (under("lib")(t) && t !== "lib/cn.ts") || under("app")(t) || (under("components")(t) && !under("components/ui")(t)),
  },
  { name: "services are framework-free: no app/ or components/", from: under("lib/services"), forbids: (t) => under("app")(t) || under("components")(t) },
];

const frameworkFree = ["lib/services", "lib/dto", "lib/schemas", "lib/oauth", "lib/runtime"];
const framework = (spec: string) => spec === "next" || spec.startsWith("next/") || spec === "react" || spec === "react-dom" || spec.startsWith("react-dom/") || spec.startsWith("react/");

describe("the import graph", () => {
  it("reads the tree (a sanity check on the parser: known arrows are seen)", () => {
    expect(files.length).toBeGreaterThan(300);
    expect(graph.get("lib/http/api-handler.ts")?.some((e) => e.to === "lib/http/respond.ts")).toBe(true);
  });

  it("has no import cycle", () => {
    const found = cycles();
    expect(found, `import cycles (break each with a smaller module both sides can import):\n${found.map((c) => `  ${c.join(" ↔ ")}`).join("\n")}`).toEqual([]);
  });

  it("has no arrow that points the wrong way between layers", () => {
    const wrong: string[] = [];
    for (const [file, edges] of graph) {
      for (const rule of rules) {
        if (!rule.from(file)) continue;
        for (const e of edges) if (rule.forbids(e.to)) wrong.push(`${file} → ${e.to} (${rule.name})`);
      }
      if (frameworkFree.some((dir) => under(dir)(file))) {
        for (const spec of packagesOf(file)) if (framework(spec)) wrong.push(`${file} → ${spec} (${file.split("/").slice(0, 2).join("/")} is framework-free)`);
      }
    }
    expect(wrong, wrong.join("\n")).toEqual([]);
  });
});
