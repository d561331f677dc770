// The YAML that Charter writes into a package: block style, every string JSON-quoted, keys in the
// order the caller built them, no anchors, aliases or tags. JSON's quoting is valid YAML 1.2, so any
// YAML reader gets back exactly the strings written, and the same value always gives the same bytes
// (an unchanged company exports identically). A library emitter would choose plain or quoted styles,
// line folding and aliases by content; this one has no such choices to make.

export type YamlValue = string | number | boolean | null | YamlValue[] | { [key: string]: YamlValue | undefined };

// Words that a YAML reader (1.2 core, or 1.1 like many published tools) takes for null or a boolean.
const reservedScalars = new Set(["null", "true", "false", "y", "n", "yes", "no", "on", "off", "~"]);

/** A key written plain when no reader can take it for anything but that string. */
function key(k: string): string {
  const plain = /^[A-Za-z_][A-Za-z0-9_-]*$/.test(k) && !reservedScalars.has(k.toLowerCase());
  return plain ? k : JSON.stringify(k);
}

function scalar(v: string | number | boolean | null): string {
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new Error("YAML: only finite numbers are written");
    return String(v);
  }
  return v === null || typeof v === "boolean" ? String(v) : JSON.stringify(v);
}

const isCollection = (v: YamlValue): v is YamlValue[] | { [key: string]: YamlValue | undefined } => v !== null && typeof v === "object";

const entriesOf = (obj: { [key: string]: YamlValue | undefined }) =>
  Object.entries(obj).filter((e): e is [string, YamlValue] => e[1] !== undefined);

const isEmpty = (v: YamlValue) => (Array.isArray(v) ? v.length === 0 : isCollection(v) && entriesOf(v).length === 0);

/** The lines of a collection, each indented by `indent`. */
function lines(value: YamlValue[] | { [key: string]: YamlValue | undefined }, indent: string): string[] {
  const out: string[] = [];
  const nested = indent + "  ";
  if (Array.isArray(value)) {
    for (const item of value) {
      if (!isCollection(item) || isEmpty(item)) {
        out.push(`${indent}- ${isCollection(item) ? (Array.isArray(item) ? "[]" : "{}") : scalar(item)}`);
        continue;
      }
      // the item's first line shares the dash; the rest line up under it
      const inner = lines(item, nested);
      out.push(`${indent}- ${inner[0].slice(nested.length)}`, ...inner.slice(1));
    }
    return out;
  }
  for (const [k, v] of entriesOf(value)) {
    if (!isCollection(v)) out.push(`${indent}${key(k)}: ${scalar(v)}`);
    else if (isEmpty(v)) out.push(`${indent}${key(k)}: ${Array.isArray(v) ? "[]" : "{}"}`);
    else out.push(`${indent}${key(k)}:`, ...lines(v, nested));
  }
  return out;
}

/** A YAML document of `value`; undefined members are left out, so callers omit defaults by leaving them undefined. */
export function toYaml(value: YamlValue): string {
  if (!isCollection(value)) return `${scalar(value)}\n`;
  if (isEmpty(value)) return Array.isArray(value) ? "[]\n" : "{}\n";
  return `${lines(value, "").join("\n")}\n`;
}

/**
 * A markdown file with YAML front matter. The body follows the closing `---` line byte for byte, so a
 * reader that takes everything after that line gets back exactly what was stored.
 */
export function withFrontMatter(frontMatter: { [key: string]: YamlValue | undefined }, body: string): string {
  return `---\n${toYaml(frontMatter)}---\n${body}`;
}
