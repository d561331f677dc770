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
/**
 * Exports of features landing this session whose users may still be on their way (the board's
 * routines and import pages): each with who owes the user or the removal. The list only shrinks.
 */
const owed: Record<string, string> = Object.fromEntries([
  ...["lib/dto/routines.ts: webhookUrl", "lib/schemas/routines.ts: routineStatuses", "lib/schemas/routines.ts: concurrencyPolicies",
    "lib/schemas/routines.ts: catchUpPolicies", "lib/schemas/routines.ts: triggerKinds", "lib/schemas/routines.ts: runStatuses",
    "lib/schemas/routines.ts: skipReasons", "lib/schemas/routines.ts: triggerResponseSchema", "lib/routine-schedule.ts: assertTimeZone",
    "lib/services/routines/crud.ts: routineDtos", "lib/services/routines/crud.ts: routineDtoOf", "lib/services/routines/webhook.ts: WEBHOOK_MAX_BYTES", "lib/services/routines/webhook.ts: WEBHOOK_TOLERANCE_SEC",
    "lib/services/routines/webhook.ts: verifyDelivery",].map((k) => [k, "routines"]),
  ...["lib/portability/export-build.ts: MANIFEST_PATH", "lib/portability/export-build.ts: MANIFEST_SCHEMA", "lib/portability/export-build.ts: PACKAGE_SCHEMA",
    "lib/portability/package-files.ts: binaryFileSchema", "lib/portability/package-files.ts: packageFileSchema",
    "lib/schemas/portability.ts: exportIncludeSchema", "lib/schemas/portability.ts: ExportInput"].map((k) => [k, "portability"]),
  ...["lib/portability/cli/source.ts: readFolder", "lib/portability/cli/source.ts: inlineSource",
    "lib/portability/import/git.ts: GitFailure", "lib/portability/import/parse.ts: splitFrontMatter",
    "lib/portability/import/plan-agents.ts: extrasOf", "lib/portability/import/sources.ts: MAX_PACKAGE_FILES", "lib/portability/import/sources.ts: MAX_PACKAGE_FILE_BYTES",
    "lib/schemas/portability-import.ts: inlineSourceSchema", "lib/schemas/portability-import.ts: gitSourceSchema", "lib/schemas/portability-import.ts: githubSourceSchema",
    "lib/schemas/portability-import.ts: importSourceSchema", "lib/schemas/portability-import.ts: importIncludeSchema", "lib/schemas/portability-import.ts: importTargetSchema", "lib/schemas/portability-import.ts: importPlanSchema",].map((k) => [k, "portability (import)"]),
  ...["lib/services/agents/instructions-bundle.ts: bundleProblems", "lib/services/agents/instructions-bundle.ts: instructionsDto"].map((k) => [k, "instructions"]),
]);

const rootFiles = ["instrumentation.ts", "next.config.mjs", "playwright.config.ts", "vitest.config.ts", "eslint.config.mjs", "prisma.config.ts", "tailwind.config.ts", "postcss.config.mjs"];

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
    const stillOwed = dead.filter((d) => d in owed);
    expect(Object.keys(owed).filter((k) => !stillOwed.includes(k)), "no longer dead: remove these from `owed`").toEqual([]);
    dead.splice(0, dead.length, ...dead.filter((d) => !(d in owed)));
    expect(dead, `exported but imported nowhere (delete it, or drop "export" if the file uses it):\n${dead.join("\n")}`).toEqual([]);
  });
});
