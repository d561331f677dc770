// Where a package comes from: the body (inline), a git URL or a GitHub address. Every source ends as
// the same file map, rooted at the package's folder, within the package limits.
import dns from "node:dns/promises";
import net from "node:net";
import type { Actor } from "@/lib/auth/actor";
import { env } from "@/lib/env";
import { isPrivateAddress } from "@/lib/private-address";
import { AppError, forbidden } from "@/lib/http/errors";
import type { PackageFiles } from "@/lib/portability/package-files";
import { sniffImageType } from "@/lib/services/assets";
import type { ImportSource } from "@/lib/schemas/portability-import";
import type { Findings } from "@/lib/portability/import/parse";
import { listed } from "@/lib/portability/import/read";
import { readBlobs, sourceUnavailable, withClone, type GitFetch } from "@/lib/portability/import/git";
import { displayUrl, parseGitUrl, parseGithubUrl, type GitAddress } from "@/lib/portability/import/urls";

const MAX_PACKAGE_FILES = 5000;
const MAX_PACKAGE_FILE_BYTES = 2 * 1024 * 1024;
const MAX_FETCHES = 4;
const FETCH_RETRY_AFTER_SEC = 5;

export interface SourceAnswer {
  type: "inline" | "git" | "github";
  url: string | null;
  ref: string | null;
  path: string | null;
  commit: string | null;
}

export interface LoadedSource {
  files: PackageFiles;
  source: SourceAnswer;
}

const tooManyFiles = () => new AppError("package_too_large", `The package has more than ${MAX_PACKAGE_FILES} files`);

function skipLarge(paths: string[], findings: Findings) {
  if (paths.length) findings.warn(`${paths.length} file${paths.length > 1 ? "s" : ""} over 2 MiB skipped (${listed(paths)})`);
}

/** The files under `root` (stripped of it), without those over 2 MiB. */
function rootedFiles(files: PackageFiles, root: string | null, size: (file: PackageFiles[string]) => number, findings: Findings): PackageFiles {
  const out: PackageFiles = {};
  const large: string[] = [];
  const prefix = root ? `${root.replace(/\/+$/, "")}/` : "";
  for (const [p, file] of Object.entries(files)) {
    if (!p.startsWith(prefix)) continue;
    const rel = p.slice(prefix.length);
    if (size(file) > MAX_PACKAGE_FILE_BYTES) large.push(rel);
    else out[rel] = file;
  }
  skipLarge(large, findings);
  return out;
}

function inlineSource(source: Extract<ImportSource, { type: "inline" }>, findings: Findings): LoadedSource {
  if (Object.keys(source.files).length > MAX_PACKAGE_FILES) throw tooManyFiles();
  const size = (f: PackageFiles[string]) => (typeof f === "string" ? Buffer.byteLength(f, "utf8") : Math.floor((f.data.length * 3) / 4));
  const files = rootedFiles(source.files, source.rootPath ?? null, size, findings);
  return { files, source: { type: "inline", url: null, ref: null, path: source.rootPath ?? null, commit: null } };
}

/** An agent's fetch: never file://, never a host that resolves to an internal address. */
async function assertAgentMayFetch(address: GitAddress, url: string) {
  if (address.protocol === "file") throw forbidden("Agents may not import from file:// URLs");
  let addresses: { address: string }[];
  try {
    addresses = net.isIP(address.host) ? [{ address: address.host }] : await dns.lookup(address.host, { all: true });
  } catch {
    throw sourceUnavailable({ url, ref: null });
  }
  if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address))) {
    throw forbidden("Agents may not import from hosts on loopback, private or link-local addresses");
  }
}

let activeFetches = 0;

class TooManyFetches extends AppError {
  readonly retryAfterSec = FETCH_RETRY_AFTER_SEC;
  constructor() {
    super("unavailable", "Too many package fetches at once; retry shortly");
  }
}

/** Reads the clone's files under `path` into a file map, within the count and byte limits. */
async function gitFiles(fetch: GitFetch, sub: string | null, findings: Findings): Promise<{ files: PackageFiles; commit: string }> {
  return withClone(fetch, async (clone) => {
    const prefix = sub ? `${sub.replace(/\/+$/, "")}/` : "";
    const inside = clone.entries.filter((e) => e.path.startsWith(prefix) && !e.path.split("/").includes(".git"));
    if (inside.length > MAX_PACKAGE_FILES) throw tooManyFiles();
    skipLarge(inside.filter((e) => e.size > MAX_PACKAGE_FILE_BYTES).map((e) => e.path.slice(prefix.length)), findings);
    const wanted = inside.filter((e) => e.size <= MAX_PACKAGE_FILE_BYTES);
    if (wanted.reduce((n, e) => n + e.size, 0) > env().CHARTER_PACKAGE_MAX_BYTES) {
      throw new AppError("package_too_large", `The package is larger than ${env().CHARTER_PACKAGE_MAX_BYTES} bytes`);
    }
    const blobs = await readBlobs(clone, [...new Set(wanted.map((e) => e.oid))]);
    const files: PackageFiles = {};
    for (const e of wanted) files[e.path.slice(prefix.length)] = asPackageFile(blobs.get(e.oid) ?? Buffer.alloc(0));
    return { files, commit: clone.commit };
  });
}

/** UTF-8 text as a string; anything else base64 with its media type (sniffed, never trusted from a name). */
function asPackageFile(bytes: Buffer): PackageFiles[string] {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { encoding: "base64", data: bytes.toString("base64"), contentType: sniffImageType(bytes) ?? "application/octet-stream" };
  }
}

function gitLocation(source: Exclude<ImportSource, { type: "inline" }>) {
  if (source.type === "git") return { url: source.url, ref: source.ref ?? null, path: source.path ?? null };
  const gh = parseGithubUrl(source.url);
  if (typeof gh === "string") throw new AppError("validation_error", "The GitHub URL is not one Charter reads", [{ path: "body.source.url", message: gh }]);
  return { url: gh.cloneUrl, ref: source.ref ?? gh.ref, path: source.path ?? gh.path };
}

async function remoteSource(actor: Actor, source: Exclude<ImportSource, { type: "inline" }>, findings: Findings): Promise<LoadedSource> {
  const where = gitLocation(source);
  const address = parseGitUrl(where.url);
  if (typeof address === "string") throw new AppError("validation_error", "The git URL is not one Charter reads", [{ path: "body.source.url", message: address }]);
  const board = actor.kind === "board";
  if (!board) await assertAgentMayFetch(address, where.url);
  if (activeFetches >= MAX_FETCHES) throw new TooManyFetches();
  activeFetches++;
  try {
    const protocols: GitFetch["protocols"] = board ? ["https", "ssh", "git", "file"] : ["https", "ssh", "git"];
    const { files, commit } = await gitFiles({ url: where.url, ref: where.ref, protocols, followRedirects: board }, where.path, findings);
    return { files, source: { type: source.type, url: displayUrl(source.type === "github" ? source.url : where.url), ref: where.ref, path: where.path, commit } };
  } finally {
    activeFetches--;
  }
}

export async function loadSource(actor: Actor, source: ImportSource, findings: Findings): Promise<LoadedSource> {
  return source.type === "inline" ? inlineSource(source, findings) : remoteSource(actor, source, findings);
}
