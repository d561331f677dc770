// Packages read into an inline import source (a picked folder or a .zip; the root is the shallowest
// COMPANY.md) and an export's files zipped for download. No Node API here: the board page runs it in
// the browser and the CLI (lib/portability/cli/source.ts) in Node. fflate does the zips.
import { unzipSync, zipSync } from "fflate";
import { packagePathProblem, type PackageFile, type PackageFiles } from "@/lib/portability/package-files";

/** Raw files by path, as read from a folder or a zip, before the package root is known. */
export type RawFiles = Map<string, Uint8Array>;

/** What a reader left out and why, shown under the source. */
export interface SkippedFile {
  path: string;
  reason: string;
}

export interface ReadPackage {
  files: PackageFiles;
  /** the folder of the source that holds COMPANY.md ("" for the top) */
  root: string;
  skipped: SkippedFile[];
}

/** Past this a zip is refused before it is inflated: the import takes 8 MiB, published packages are under 0.5 MB. */
export const ZIP_MAX_INFLATED = 64 * 1024 * 1024;

const CONTENT_TYPES: Record<string, string> = {
  png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", gif: "image/gif", webp: "image/webp", svg: "image/svg+xml",
  pdf: "application/pdf", zip: "application/zip",
};

function contentTypeOf(path: string): string {
  const dot = path.lastIndexOf(".");
  return (dot > path.lastIndexOf("/") && CONTENT_TYPES[path.slice(dot + 1).toLowerCase()]) || "application/octet-stream";
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function base64ToBytes(data: string): Uint8Array {
  const binary = atob(data);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** Valid UTF-8 without NUL travels as text, anything else as base64 with a media type guessed from the name. */
export function toPackageFile(bytes: Uint8Array, path: string): PackageFile {
  if (!bytes.includes(0)) {
    try {
      return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      // not UTF-8: sent as bytes below
    }
  }
  return { encoding: "base64", data: bytesToBase64(bytes), contentType: contentTypeOf(path) };
}

/** A package file's bytes, whichever way it travels. */
export function bytesOf(file: PackageFile): Uint8Array {
  return typeof file === "string" ? new TextEncoder().encode(file) : base64ToBytes(file.data);
}

const depth = (dir: string) => (dir === "" ? 0 : dir.split("/").length);

/** The shallowest folder holding a COMPANY.md ("" for the top; the first by name on a tie); null without any. */
export function packageRoot(paths: Iterable<string>): string | null {
  let best: string | null = null;
  for (const p of paths) {
    if (p !== "COMPANY.md" && !p.endsWith("/COMPANY.md")) continue;
    const dir = p.slice(0, -"COMPANY.md".length).replace(/\/$/, "");
    if (best === null || depth(dir) < depth(best) || (depth(dir) === depth(best) && dir < best)) best = dir;
  }
  return best;
}

const inGitFolder = (path: string) => path.split("/").includes(".git");

/**
 * Raw files → the inline source's files: only those under the package root, paths relative to it.
 * A path the API would refuse is left out (and listed) rather than failing the whole package.
 * Null when no folder holds a COMPANY.md.
 */
export function readPackage(all: RawFiles): ReadPackage | null {
  const root = packageRoot([...all.keys()].filter((p) => !inGitFolder(p)));
  if (root === null) return null;
  const prefix = root ? `${root}/` : "";
  const files: PackageFiles = {};
  const skipped: SkippedFile[] = [];
  for (const [path, bytes] of [...all].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (!path.startsWith(prefix) || inGitFolder(path)) continue;
    const rel = path.slice(prefix.length);
    const problem = packagePathProblem(rel);
    if (problem) skipped.push({ path, reason: `path ${problem}` });
    else files[rel] = toPackageFile(bytes, rel);
  }
  return { files, root, skipped };
}

/**
 * The names of a zip's symbolic links: entries made on Unix (version made by, high byte 3) whose mode
 * in the external attributes is S_IFLNK. fflate does not expose the attributes, so the central
 * directory is read here.
 */
function zipSymlinks(bytes: Uint8Array): Set<string> {
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

/**
 * A zip's regular files; folders, symbolic links (named in `links`) and .git/ are left out, and a zip
 * that inflates past the cap is refused before it is inflated.
 */
export function unzipFiles(bytes: Uint8Array): { files: RawFiles; links: string[] } {
  const links = zipSymlinks(bytes);
  let inflated = 0;
  const entries = unzipSync(bytes, {
    filter: (f) => {
      if (f.name.endsWith("/") || links.has(f.name) || inGitFolder(f.name)) return false;
      inflated += f.originalSize;
      if (inflated > ZIP_MAX_INFLATED) throw new Error(`the zip inflates to more than ${ZIP_MAX_INFLATED / 1024 / 1024} MiB`);
      return true;
    },
  });
  return { files: new Map(Object.entries(entries)), links: [...links] };
}

/** Files picked with a folder input: paths relative to the picked folder's parent, as the browser gives them. */
export async function readPickedFolder(picked: Iterable<File>): Promise<RawFiles> {
  const out: RawFiles = new Map();
  for (const file of picked) {
    const path = file.webkitRelativePath || file.name;
    if (!inGitFolder(path)) out.set(path, new Uint8Array(await file.arrayBuffer()));
  }
  return out;
}

/** A GitHub address goes to the import as a `github` source, any other URL as `git`. */
export function isGithubUrl(source: string): boolean {
  try {
    const u = new URL(source);
    return u.protocol === "https:" && (u.hostname === "github.com" || u.hostname === "www.github.com");
  } catch {
    return false;
  }
}

/** An export's files as a zip whose entries sit under `<rootPath>/`, so it unpacks into one folder. */
export function zipPackage(rootPath: string, files: PackageFiles): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const [path, file] of Object.entries(files)) entries[`${rootPath}/${path}`] = bytesOf(file);
  return zipSync(entries, { level: 6 });
}
