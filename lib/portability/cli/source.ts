// What `npx charter company import <source>` sends as the import's source: a folder or a .zip read
// into an inline source (root: the shallowest COMPANY.md; .git/ and symbolic links skipped), a GitHub
// URL as `github`, any other URL as `git`.
import fs from "node:fs/promises";
import path from "node:path";
import { packagePathProblem, type PackageFiles } from "@/lib/portability/package-files";
import { isGithubUrl, packageRoot, toPackageFile, unzipFiles } from "@/lib/portability/browser-package";
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

export { packageRoot, toPackageFile };

const URL_FORM = /^(https?|ssh|git|file):\/\/|^[^\s/@]+@[^\s/:]+:/;

const skippedDir = (segment: string) => segment === ".git";

/** The folder's regular files by package path; links and .git/ are never followed. */
async function readFolder(dir: string): Promise<{ files: Map<string, Uint8Array>; notes: ReadNote[] }> {
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

/** A zip's files; folders, symbolic links and .git/ are skipped. */
export function readZip(bytes: Uint8Array): { files: Map<string, Uint8Array>; notes: ReadNote[] } {
  const { files, links } = unzipFiles(bytes);
  return { files, notes: links.map((l) => ({ path: l, reason: "symbolic link skipped" })) };
}

/**
 * Read files → the inline source: only the files under the root, paths relative to it. Paths the
 * API would refuse are noted and left out rather than failing the whole package.
 */
function inlineSource(all: Map<string, Uint8Array>, rootOverride: string | null): { source: ImportSource; notes: ReadNote[] } {
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
