// Reading a package's text: YAML 1.2 through the `yaml` package (aliases capped, no custom tags that
// run anything; never gray-matter, whose `---js` front matter is evaluated) and markdown files as
// front matter plus body. Problems are collected, not thrown: a preview lists every one at once.
import { parse as parseYamlText, YAMLParseError } from "yaml";
import type { PackageFile } from "@/lib/portability/package-files";

export interface PackageProblem {
  path: string;
  message: string;
}

/** What reading a package found: errors refuse it (422 invalid_package), warnings travel with the plan. */
export class Findings {
  readonly errors: PackageProblem[] = [];
  readonly warnings: string[] = [];
  error(path: string, message: string) {
    this.errors.push({ path, message });
  }
  warn(message: string) {
    if (!this.warnings.includes(message)) this.warnings.push(message);
  }
}

export type YamlMap = Record<string, unknown>;

const yamlOptions = { version: "1.2", maxAliasCount: 100, prettyErrors: false, merge: false } as const;

/** A YAML document's value, or the parser's first complaint (one line, no source excerpt). */
export function readYaml(text: string): { value: unknown } | { problem: string } {
  try {
    return { value: parseYamlText(text, yamlOptions) };
  } catch (err) {
    if (err instanceof YAMLParseError || err instanceof ReferenceError || err instanceof Error) {
      return { problem: `not valid YAML: ${err.message.split("\n")[0]}` };
    }
    return { problem: "not valid YAML" };
  }
}

export const isMap = (v: unknown): v is YamlMap => typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);

/** The file's text, or null when it is not UTF-8 (a base64 file is decoded and checked). */
export function fileText(file: PackageFile): string | null {
  if (typeof file === "string") return file;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(file.data, "base64"));
  } catch {
    return null;
  }
}

export interface Markdown {
  data: YamlMap;
  body: string;
}

const opening = /^\uFEFF?---[ \t]*\r?\n/;
const closing = /^(?:---|\.\.\.)[ \t]*$/m;

/** Front matter (between a first line `---` and the next `---` or `...`) and the trimmed body. */
function splitFrontMatter(text: string): { front: string | null; body: string } {
  const open = opening.exec(text);
  if (!open) return { front: null, body: text.replace(/^\uFEFF/, "") };
  const rest = text.slice(open[0].length);
  const close = closing.exec(rest);
  if (!close) return { front: null, body: text };
  return { front: rest.slice(0, close.index), body: rest.slice(close.index + close[0].length).replace(/^\r?\n/, "") };
}

/**
 * A markdown file of the package read as front matter + body, or null with an error recorded (not
 * UTF-8, front matter not YAML or not a mapping). U+0000 is removed with a warning.
 */
export function readMarkdown(path: string, file: PackageFile, findings: Findings, strict = true): Markdown | null {
  let text = fileText(file);
  const fail = (message: string) => {
    if (strict) findings.error(path, message);
    else findings.warn(`${path}: ${message}; not imported`);
    return null;
  };
  if (text === null) return fail("not UTF-8 text");
  if (text.includes("\u0000")) {
    text = text.replaceAll("\u0000", "");
    findings.warn(`${path}: NUL characters removed`);
  }
  const { front, body } = splitFrontMatter(text);
  if (front === null) return { data: {}, body: body.trim() };
  const read = readYaml(front);
  if ("problem" in read) return fail(`front matter ${read.problem}`);
  if (read.value === null || read.value === undefined) return { data: {}, body: body.trim() };
  if (!isMap(read.value)) return fail("front matter is not a YAML mapping");
  return { data: read.value, body: body.trim() };
}

// ---------- lenient field readers: a wrong type is as if absent ----------

export function str(v: unknown): string | undefined {
  if (typeof v === "string") return v.trim() || undefined;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return undefined;
}

export function strList(v: unknown): string[] {
  if (typeof v === "string") return v.trim() ? [v.trim()] : [];
  if (!Array.isArray(v)) return [];
  return v.map(str).filter((s): s is string => s !== undefined);
}

export function int(v: unknown): number | undefined {
  const n = typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v;
  return typeof n === "number" && Number.isInteger(n) && n >= 0 && n <= 2_147_483_647 ? n : undefined;
}

export function bool(v: unknown): boolean | undefined {
  return typeof v === "boolean" ? v : undefined;
}

export function map(v: unknown): YamlMap {
  return isMap(v) ? v : {};
}

/** Text cut to a field's limit (with a warning naming the file and field). */
export function fit(text: string, max: number, where: string, findings: Findings): string {
  if (text.length <= max) return text;
  findings.warn(`${where}: longer than ${max} characters; cut`);
  return text.slice(0, max);
}
