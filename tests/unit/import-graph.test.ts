// The module graph of lib/, components/, app/, scripts/ and the root's own modules (instrumentation.ts,
// the configs), read with the TypeScript parser: no import cycle, and no arrow that points the wrong way
// between layers (docs/architecture.md, Layers). Every edge counts for cycles: `import type` (the
// modules still mean each other), `export … from`, `require` and lazy `import()` (still loaded together).
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { importsOf, parse, root, sourceFiles } from "../support/module-graph";

interface Edge {
  to: string;
  typeOnly: boolean;
  lazy: boolean;
}

const roots = ["lib", "components", "app", "scripts"];
const rootModules = readdirSync(root).filter((f) => /\.(ts|mjs|cjs)$/.test(f) && !f.endsWith(".d.ts"));

function edgesOf(file: string): Edge[] {
  return importsOf(file).filter((i): i is typeof i & { to: string } => i.to !== null).map(({ to, typeOnly, lazy }) => ({ to, typeOnly, lazy }));
}

/** Package imports too, for the arrows that concern frameworks (next/*, react). */
function packagesOf(file: string): string[] {
  return importsOf(file, parse(file)).filter((i) => i.to === null && !i.typeOnly).map((i) => i.spec);
}

const files = [...roots.flatMap((dir) => sourceFiles(dir)), ...rootModules];
const graph = new Map(files.map((f) => [f, edgesOf(f)]));

/** Every cycle of imports of any kind, each as the modules it ties together (Tarjan's strongly connected components). */
function cycles(graph: Map<string, Edge[]>): string[][] {
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
    for (const { to } of graph.get(v) ?? []) {
      if (!graph.has(to)) continue;
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
      const selfLoop = (graph.get(v) ?? []).some((e) => e.to === v);
      if (component.length > 1 || selfLoop) found.push(component.sort());
    }
  };
  for (const f of graph.keys()) if (!index.has(f)) strongConnect(f);
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
    // type-only, lazy and re-export edges, and the scripts and root modules, are in the graph
    expect(graph.get("lib/db/write-fence.ts")).toContainEqual({ to: "lib/db/sql-exec.ts", typeOnly: true, lazy: false });
    expect(graph.get("instrumentation.ts")?.some((e) => e.lazy)).toBe(true);
    expect(graph.get("app/api/openapi.json/route.ts")).toContainEqual({ to: "app/api/api-document.ts", typeOnly: false, lazy: false });
    expect(graph.get("scripts/serve.mjs")?.length).toBeGreaterThan(0);
  });

  it("counts type-only and lazy imports in a cycle (a sanity check on the cycle finder)", () => {
    const edge = (to: string, kind: Partial<Edge> = {}): Edge => ({ to, typeOnly: false, lazy: false, ...kind });
    const made = new Map<string, Edge[]>([
      ["a.ts", [edge("b.ts", { typeOnly: true })]],
      ["b.ts", [edge("a.ts")]],
      ["c.ts", [edge("d.ts", { lazy: true })]],
      ["d.ts", [edge("c.ts", { typeOnly: true })]],
      ["e.ts", [edge("e.ts", { lazy: true })]],
      ["f.ts", [edge("a.ts")]],
    ]);
    expect(cycles(made)).toEqual(expect.arrayContaining([["a.ts", "b.ts"], ["c.ts", "d.ts"], ["e.ts"]]));
    expect(cycles(made)).toHaveLength(3);
  });

  it("has no import cycle", () => {
    const found = cycles(graph);
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
