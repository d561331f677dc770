// What `npx charter company import <source>` sends as the import's source: a folder or a .zip read
// into an inline source (root: the shallowest COMPANY.md; .git/ and symbolic links skipped), a GitHub
// URL as `github`, any other URL as `git`.
import fs from "node:fs/promises";
import path from "node:path";
import { unzipSync } from "fflate";
import { packagePathProblem, type PackageFile, type PackageFiles } from "@/lib/portability/package-files";
import { UsageError } from "@/lib/portability/cli/args";

export type ImportSource =
  | { type: "inline"; files: PackageFiles; rootPath: string | null }
  | { type: "git"; url: string; ref?: string; path?: string }
  | { type: "github"; url: string; ref?: string; path?: string };

/** What a reader skipped and why, for the printout. */
export interface ReadNote {
  path: string;
  reason: string;
}

const URL_FORM = /^(https?|ssh|git|file):\/\/|^[^\s/@]+@[^\s/:]+:/;

/** Bytes that decode as UTF-8 text without NUL travel as text; anything else as base64. */
export function toPackageFile(bytes: Uint8Array, file: string): PackageFile {
  if (!bytes.includes(0)) {
    try {
      return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      // not UTF-8: binary below
    }
  }
  return { encoding: "base64", data: Buffer.from(bytes).toString("base64"), contentType: contentTypeOf(file) };
}

const types: Record<string, string> = {
  ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif", ".webp": "image/webp", ".svg": "image/svg+xml",
  ".pdf": "application/pdf", ".zip": "application/zip",
};
const contentTypeOf = (file: string) => types[path.extname(file).toLowerCase()] ?? "application/octet-stream";

const skippedDir = (segment: string) => segment === ".git";

/** The folder's regular files by package path; links and .git/ are never followed. */
export async function readFolder(dir: string): Promise<{ files: Map<string, Uint8Array>; notes: ReadNote[] }> {
  const files = new Map<string, Uint8Array>();
  const notes: ReadNote[] = [];
  async function walk(abs: string, rel: string) {
    for (const entry of await fs.readdir(abs, { withFileTypes: true })) {
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isSymbolicLink()) notes.push({ path: relPath, reason: "symbolic link skipped" });
      else if (entry.isDirectory()) {
        if (!skippedDir(entry.name)) await walk(path.join(abs, entry.name), relPath);
      } else if (entry.isFile()) files.set(relPath, await fs.readFile(path.join(abs, entry.name)));
      else notes.push({ path: relPath, reason: "not a regular file: skipped" });
    }
  }
  await walk(dir, "");
  return { files, notes };
}

/**
 * The names of a zip's symbolic links: entries made on Unix (version made by, high byte 3) whose
 * mode in the external attributes is S_IFLNK. fflate does not expose the attributes, so the central
 * directory is read here.
 */
export function zipSymlinks(bytes: Uint8Array): Set<string> {
  const links = new Set<string>();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) { eocd = i; break; }
  }
  if (eocd < 0) return links;
  let at = view.getUint32(eocd + 16, true);
  for (let n = view.getUint16(eocd + 10, true); n > 0 && at + 46 <= bytes.length && view.getUint32(at, true) === 0x02014b50; n--) {
    const madeOnUnix = view.getUint8(at + 5) === 3;
    const mode = view.getUint32(at + 38, true) >>> 16;
    const nameLength = view.getUint16(at + 28, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (madeOnUnix && (mode & 0o170000) === 0o120000) links.add(name);
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return links;
}

/** Past this a zip is refused before it is inflated (the import takes 8 MiB; published packages are under 0.5 MB). */
const ZIP_MAX_INFLATED = 64 * 1024 * 1024;

/** A zip's files; folders, symbolic links and .git/ are skipped. */
export function readZip(bytes: Uint8Array): { files: Map<string, Uint8Array>; notes: ReadNote[] } {
  const links = zipSymlinks(bytes);
  let inflated = 0;
  const entries = unzipSync(bytes, {
    filter: (f) => {
      if (f.name.endsWith("/") || links.has(f.name) || f.name.split("/").some(skippedDir)) return false;
      inflated += f.originalSize;
      if (inflated > ZIP_MAX_INFLATED) throw new Error(`the zip inflates to more than ${ZIP_MAX_INFLATED / 1024 / 1024} MiB`);
      return true;
    },
  });
  const files = new Map(Object.entries(entries));
  return { files, notes: [...links].map((l) => ({ path: l, reason: "symbolic link skipped" })) };
}

/** The shallowest folder holding a COMPANY.md ("" for the top); null without any. */
export function packageRoot(paths: Iterable<string>): string | null {
  let best: string | null = null;
  for (const p of paths) {
    if (p !== "COMPANY.md" && !p.endsWith("/COMPANY.md")) continue;
    const dir = p === "COMPANY.md" ? "" : p.slice(0, -"/COMPANY.md".length);
    const depth = dir === "" ? 0 : dir.split("/").length;
    const bestDepth = best === null ? Infinity : best === "" ? 0 : best.split("/").length;
    if (depth < bestDepth || (depth === bestDepth && best !== null && dir < best)) best = dir;
  }
  return best;
}

/**
 * Read files → the inline source: only the files under the root, paths relative to it. Paths the
 * API would refuse are noted and left out rather than failing the whole package.
 */
export function inlineSource(all: Map<string, Uint8Array>, rootOverride: string | null): { source: ImportSource; notes: ReadNote[] } {
  const notes: ReadNote[] = [];
  const root = rootOverride !== null ? rootOverride.replace(/^\/+|\/+$/g, "") : packageRoot(all.keys());
  if (root === null) throw new UsageError("no COMPANY.md in the source: a package's root folder holds one");
  const prefix = root ? `${root}/` : "";
  const files: PackageFiles = {};
  for (const [p, bytes] of [...all].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!p.startsWith(prefix)) continue;
    const rel = p.slice(prefix.length);
    const problem = packagePathProblem(rel);
    if (problem) notes.push({ path: p, reason: `path ${problem}: skipped` });
    else files[rel] = toPackageFile(bytes, rel);
  }
  return { source: { type: "inline", files, rootPath: null }, notes };
}

export function isGithubUrl(source: string): boolean {
  try {
    const u = new URL(source);
    return u.protocol === "https:" && (u.hostname === "github.com" || u.hostname === "www.github.com");
  } catch {
    return false;
  }
}

/** The CLI's source argument as the import body's `source`. */
export async function resolveSource(arg: string, opts: { ref: string | null; path: string | null }): Promise<{ source: ImportSource; notes: ReadNote[] }> {
  if (URL_FORM.test(arg)) {
    const extra = { ...(opts.ref ? { ref: opts.ref } : {}), ...(opts.path ? { path: opts.path } : {}) };
    return { source: { type: isGithubUrl(arg) ? "github" : "git", url: arg, ...extra }, notes: [] };
  }
  if (opts.ref) throw new UsageError("--ref names a git ref: it goes with a git or GitHub URL only");
  const stat = await fs.stat(arg).catch(() => null);
  if (!stat) throw new UsageError(`no such folder, .zip or URL: ${arg}`);
  const read = stat.isDirectory() ? await readFolder(arg)
    : arg.toLowerCase().endsWith(".zip") ? readZip(await fs.readFile(arg))
    : null;
  if (!read) throw new UsageError(`${arg} is neither a folder nor a .zip file`);
  const { source, notes } = inlineSource(read.files, opts.path);
  return { source, notes: [...read.notes, ...notes] };
}
