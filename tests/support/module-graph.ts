// The repository's modules as the TypeScript parser reads them: each file's imports (resolved to
// files, `@/` and relative) and exports. The import-graph and dead-export tests read the tree here.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

export const root = path.resolve(import.meta.dirname, "../..");
const skip = new Set(["lib/generated", "node_modules", ".next", "bench/results", "test-results", "playwright-report"]);

export interface Import {
  /** the repository file, or null for a package */
  to: string | null;
  spec: string;
  /** `import type …`, or every name in braces marked `type`: gone at run time */
  typeOnly: boolean;
  /** `import(…)` or tsx's tsImport(…), evaluated when called */
  lazy: boolean;
  /** the names taken; "*" for a namespace, a re-export of everything, or a lazy import */
  names: string[];
}

export function sourceFiles(dir: string, out: string[] = []): string[] {
  if (!existsSync(path.join(root, dir))) return out;
  for (const name of readdirSync(path.join(root, dir))) {
    const rel = `${dir}/${name}`;
    if (skip.has(rel) || name === "node_modules") continue;
    if (statSync(path.join(root, rel)).isDirectory()) sourceFiles(rel, out);
    else if (/\.(ts|tsx|mjs|cjs)$/.test(name) && !name.endsWith(".d.ts")) out.push(rel);
  }
  return out;
}

const extensions = ["", ".ts", ".tsx", ".mjs", ".cjs", ".js", "/index.ts", "/index.tsx"];

/** The repository file a specifier names, or null for a package. */
export function resolve(from: string, spec: string): string | null {
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

export function parse(file: string): ts.SourceFile {
  const text = readFileSync(path.join(root, file), "utf8");
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

function importedNames(node: ts.ImportDeclaration | ts.ExportDeclaration): { names: string[]; typeOnly: boolean } {
  if (ts.isExportDeclaration(node)) {
    const clause = node.exportClause;
    if (!clause || !ts.isNamedExports(clause)) return { names: ["*"], typeOnly: node.isTypeOnly };
    return { names: clause.elements.map((e) => (e.propertyName ?? e.name).text), typeOnly: node.isTypeOnly || clause.elements.every((e) => e.isTypeOnly) };
  }
  const clause = node.importClause;
  if (!clause) return { names: [], typeOnly: false };
  const names: string[] = [];
  if (clause.name) names.push("default");
  const bound = clause.namedBindings;
  if (bound && ts.isNamespaceImport(bound)) names.push("*");
  if (bound && ts.isNamedImports(bound)) names.push(...bound.elements.map((e) => (e.propertyName ?? e.name).text));
  const typeOnly = clause.isTypeOnly || (!clause.name && bound !== undefined && ts.isNamedImports(bound) && bound.elements.length > 0 && bound.elements.every((e) => e.isTypeOnly));
  return { names, typeOnly };
}

export function importsOf(file: string, source = parse(file)): Import[] {
  const out: Import[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const spec = node.moduleSpecifier.text;
      out.push({ to: resolve(file, spec), spec, lazy: false, ...importedNames(node) });
    } else if (ts.isCallExpression(node) && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      const callee = node.expression;
      const lazy = callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === "tsImport");
      const required = ts.isIdentifier(callee) && callee.text === "require";
      if (lazy || required) {
        const spec = node.arguments[0].text;
        out.push({ to: resolve(file, spec), spec, typeOnly: false, lazy, names: ["*"] });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const exported = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

export interface Export {
  name: string;
  /** a type or interface: gone at run time */
  type: boolean;
}

/** The names a file exports by declaration (`export const|function|class|interface|type|enum`, `export default`). */
export function exportsOf(source: ts.SourceFile): Export[] {
  const out: Export[] = [];
  for (const s of source.statements) {
    const type = ts.isInterfaceDeclaration(s) || ts.isTypeAliasDeclaration(s);
    if (ts.isExportAssignment(s)) out.push({ name: "default", type: false });
    else if (!exported(s)) continue;
    else if (ts.canHaveModifiers(s) && (ts.getModifiers(s) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) out.push({ name: "default", type });
    else if (ts.isVariableStatement(s)) for (const d of s.declarationList.declarations) { if (ts.isIdentifier(d.name)) out.push({ name: d.name.text, type: false }); }
    else if ((ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s) || type || ts.isEnumDeclaration(s)) && s.name) out.push({ name: s.name.text, type });
  }
  return out;
}
