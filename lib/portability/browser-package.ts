// Packages in the browser: a picked folder or a .zip read into an inline import source, and an
// export's files zipped for download. No Node API here (the board page runs it); fflate does the zip.
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

/** A zip's regular files; folders and .git/ are left out, and a zip that inflates past the cap is refused. */
export function unzipFiles(bytes: Uint8Array): RawFiles {
  let inflated = 0;
  const entries = unzipSync(bytes, {
    filter: (f) => {
      if (f.name.endsWith("/") || inGitFolder(f.name)) return false;
      inflated += f.originalSize;
      if (inflated > ZIP_MAX_INFLATED) throw new Error(`the zip inflates to more than ${ZIP_MAX_INFLATED / 1024 / 1024} MiB`);
      return true;
    },
  });
  return new Map(Object.entries(entries));
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

/** An export's files as a zip whose entries sit under `<rootPath>/`, so it unpacks into one folder. */
export function zipPackage(rootPath: string, files: PackageFiles): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const [path, file] of Object.entries(files)) entries[`${rootPath}/${path}`] = bytesOf(file);
  return zipSync(entries, { level: 6 });
}
