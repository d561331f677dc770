// `npx charter company export|import`: the command line, strictly. A bad flag, a missing value or a
// value out of its set is a UsageError (exit 2) before anything is read or written.
import { parseArgs } from "node:util";

export const companyUsage = `usage:
  npx charter company export --company <prefix|id> --out <dir> [--include-issues] [--select <path>]... [--json]
  npx charter company import <dir|zip|git-url|github-url> [--into new|<prefix|id>] [--name <company>] [--owner <email>]
      [--on-collision rename|skip] [--include-issues] [--ref <ref>] [--path <dir>] [--dry-run] [--json]`;

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

export interface ExportArgs {
  command: "export";
  company: string;
  out: string;
  includeIssues: boolean;
  /** paths to keep (exports' selectedFiles); empty = the whole package */
  select: string[];
  json: boolean;
}

export interface ImportArgs {
  command: "import";
  source: string;
  /** "new", or the prefix or id of an existing company */
  into: string;
  name: string | null;
  owner: string | null;
  onCollision: "rename" | "skip";
  includeIssues: boolean;
  ref: string | null;
  path: string | null;
  dryRun: boolean;
  json: boolean;
}

export type CompanyArgs = ExportArgs | ImportArgs;

const exportOptions = {
  company: { type: "string" }, out: { type: "string" }, "include-issues": { type: "boolean" },
  select: { type: "string", multiple: true }, json: { type: "boolean" },
} as const;

const importOptions = {
  into: { type: "string" }, name: { type: "string" }, owner: { type: "string" }, "on-collision": { type: "string" },
  "include-issues": { type: "boolean" }, ref: { type: "string" }, path: { type: "string" }, "dry-run": { type: "boolean" }, json: { type: "boolean" },
} as const;

function strictParse<O extends typeof exportOptions | typeof importOptions>(argv: string[], options: O, positionals: boolean) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: positionals });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

/** A value that is present, not empty, and cannot be read as another flag. */
function value(name: string, v: string | undefined, required: true): string;
function value(name: string, v: string | undefined, required: false): string | null;
function value(name: string, v: string | undefined, required: boolean): string | null {
  if (v === undefined) {
    if (required) throw new UsageError(`--${name} is required`);
    return null;
  }
  if (v.trim() === "") throw new UsageError(`--${name} must not be empty`);
  if (v.startsWith("-")) throw new UsageError(`--${name} must not start with '-' (got ${v})`);
  return v;
}

function parseExport(argv: string[]): ExportArgs {
  const { values } = strictParse(argv, exportOptions, false);
  const select = (values.select ?? []).flatMap((s) => s.split(",")).map((s) => s.trim()).filter(Boolean);
  if (values.select && select.length === 0) throw new UsageError("--select needs at least one path");
  return {
    command: "export", company: value("company", values.company, true), out: value("out", values.out, true),
    includeIssues: values["include-issues"] ?? false, select, json: values.json ?? false,
  };
}

function parseImport(argv: string[]): ImportArgs {
  const { values, positionals } = strictParse(argv, importOptions, true);
  if (positionals.length !== 1) throw new UsageError(positionals.length ? `one source only (got ${positionals.length})` : "the source (a folder, a .zip, or a git or GitHub URL) is required");
  const onCollision = values["on-collision"] ?? "rename";
  if (onCollision !== "rename" && onCollision !== "skip") throw new UsageError(`--on-collision must be rename or skip (got ${onCollision})`);
  const into = value("into", values.into, false) ?? "new";
  const name = value("name", values.name, false);
  if (name && into !== "new") throw new UsageError("--name names a new company: it goes with --into new only");
  const owner = value("owner", values.owner, false);
  if (owner && into !== "new") throw new UsageError("--owner makes someone the owner of a new company: it goes with --into new only");
  if (owner && !/^[^\s@]+@[^\s@]+$/.test(owner)) throw new UsageError(`--owner must be an email address (got ${owner})`);
  return {
    command: "import", source: positionals[0], into, name, owner, onCollision,
    includeIssues: values["include-issues"] ?? false, ref: value("ref", values.ref, false), path: value("path", values.path, false),
    dryRun: values["dry-run"] ?? false, json: values.json ?? false,
  };
}

/** `argv` after `company`: the verb and its flags. */
export function parseCompanyArgs(argv: string[]): CompanyArgs {
  const [verb, ...rest] = argv;
  if (verb === "export") return parseExport(rest);
  if (verb === "import") return parseImport(rest);
  throw new UsageError(verb ? `unknown command: company ${verb}` : "company export or company import?");
}
