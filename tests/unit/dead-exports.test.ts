// No dead exports: every name that lib/, components/ or app/ exports is imported somewhere (by code,
// scripts or tests), or is one Next.js reads from a route file by convention.
import { describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import path from "node:path";
import { exportsOf, importsOf, parse, root, sourceFiles } from "../support/module-graph";

/** The exports Next.js reads from app/ files by name. */
const nextConventions = new Set([
  "default", "metadata", "generateMetadata", "viewport", "generateViewport", "dynamic", "revalidate", "runtime", "maxDuration",
  "generateStaticParams", "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS",
]);

const rootFiles = ["instrumentation.ts", "proxy.ts", "next.config.mjs", "playwright.config.ts", "vitest.config.ts", "eslint.config.mjs", "prisma.config.ts", "tailwind.config.ts", "postcss.config.mjs"];

describe("exports", () => {
  it("are all imported somewhere", () => {
    const exporters = ["lib", "components", "app"].flatMap((d) => sourceFiles(d));
    const users = [...exporters, ...["scripts", "tests", "e2e", "bench"].flatMap((d) => sourceFiles(d)), ...rootFiles.filter((f) => existsSync(path.join(root, f)))];
    const used = new Set<string>();
    for (const file of users) {
      for (const i of importsOf(file)) if (i.to) for (const name of i.names) used.add(`${i.to}#${name}`);
    }
    const dead: string[] = [];
    for (const file of exporters) {
      if (used.has(`${file}#*`)) continue;
      const conventional = file.startsWith("app/");
      const source = parse(file);
      for (const { name, type } of exportsOf(source)) {
        if (conventional && nextConventions.has(name)) continue;
        // an exported type names the shape of an exported signature; it is dead only when nothing uses it
        if (type && (source.text.match(new RegExp(`\\b${name}\\b`, "g")) ?? []).length > 1) continue;
        if (file === "instrumentation.ts" && name === "register") continue;
        if (!used.has(`${file}#${name}`)) dead.push(`${file}: ${name}`);
      }
    }
    expect(dead, `exported but imported nowhere (delete it, or drop "export" if the file uses it):\n${dead.join("\n")}`).toEqual([]);
  });
});
