// The board's forms speak the user's language: no route paths, field names (`instructionsFilePath`),
// stored enum values (`timed_out`) or server setting names in the adapter form's labels and help, and
// no "POST /api/…" shown as text anywhere in the board's components.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { adapterFields, runtimeFields } from "@/components/agents/adapter-config-model";
import { adapterTypes } from "@/lib/schemas/agents";

/** What the text shows a person that is code: a camelCase or snake_case name, a route, a server setting. */
function codeWords(text: string): string[] {
  const plain = text.replace(/`[^`]*`/g, "").replace(/--[\w-]+/g, "");
  return [
    ...plain.matchAll(/\b[a-z]+[A-Z]\w*\b/g), ...plain.matchAll(/\b[a-z]+_[a-z_]+\b/g),
    ...plain.matchAll(/\/api\/\S*/g), ...plain.matchAll(/:[a-z]+Id\b/g), ...plain.matchAll(/\bCHARTER_[A-Z_]+\b/g),
  ].map((m) => m[0]);
}

describe("form help", () => {
  it("finds code words (the check itself works)", () => {
    expect(codeWords("Default: the AGENTS.md (GET /api/agents/:agentId/instructions), marked timed_out; CHARTER_RUN_TIMEOUT_SEC")).toEqual(
      ["agentId", "timed_out", "/api/agents/:agentId/instructions),", ":agentId", "CHARTER_RUN_TIMEOUT_SEC"],
    );
    expect(codeWords("passed as `--allowedTools` or --sandbox; the SERVICE_* variables")).toEqual([]);
  });

  it("the adapter and runtime settings' help and defaults are in words", () => {
    const fields = [...adapterTypes.flatMap((t) => adapterFields(t)), ...runtimeFields()];
    expect(fields.length).toBeGreaterThan(10);
    for (const f of fields) {
      expect(codeWords(f.help), `${f.path} help: ${f.help}`).toEqual([]);
      expect(codeWords(f.defaultText ?? ""), `${f.path} default: ${f.defaultText}`).toEqual([]);
    }
  });

  it("no component shows a method and route as text", () => {
    const files = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith(".tsx") ? [path.join(dir, e.name)] : []));
    const shown = files(path.resolve("components")).flatMap((file) => fs.readFileSync(file, "utf8").split("\n")
      .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line) && /\b(GET|POST|PATCH|PUT|DELETE) \/api\//.test(line))
      .map((line) => `${path.relative(process.cwd(), file)}: ${line.trim()}`));
    expect(shown).toEqual([]);
  });
});
