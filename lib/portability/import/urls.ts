// The addresses an import may fetch from. Only forms git reads without running anything are taken:
// ext:: runs a command, a bare path or "-…" can be read by git as an option or a local repository, and
// http:// sends whatever it fetches in the clear.
import { packagePathProblem } from "@/lib/portability/package-files";

export type GitProtocol = "https" | "ssh" | "git" | "file";

export interface GitAddress {
  protocol: GitProtocol;
  /** host name (empty for file://) */
  host: string;
}

const scpLike = /^([A-Za-z0-9._~+-]+)@([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]):(?!\/\/)(\S+)$/;

/** What a git URL is, or a sentence saying why it is refused. */
export function parseGitUrl(url: string): GitAddress | string {
  if (url.length > 2048) return "is longer than 2048 characters";
  if (url.startsWith("-")) return "must not start with '-'";
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\s\u0000-\u001f\u007f]/.test(url)) return "must not contain spaces or control characters";
  const scp = scpLike.exec(url);
  if (scp) return scp[2].startsWith("-") ? "host must not start with '-'" : { protocol: "ssh", host: scp[2].replace(/^\[|\]$/g, "") };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "must be an https://, ssh://, git:// or file:// URL, or user@host:path";
  }
  const protocol = parsed.protocol.replace(/:$/, "");
  if (!["https", "ssh", "git", "file"].includes(protocol)) return `protocol ${protocol}: is not allowed (use https://, ssh://, git:// or file://)`;
  if (protocol === "file") {
    if (parsed.host !== "") return "a file:// URL names no host (file:///path)";
    return { protocol: "file", host: "" };
  }
  if (!parsed.hostname || parsed.hostname.startsWith("-")) return "must name a host";
  return { protocol: protocol as GitProtocol, host: parsed.hostname.replace(/^\[|\]$/g, "") };
}

/** A URL without its user info, for messages and answers (a token in `x-access-token:…@` never echoes). */
export function displayUrl(url: string): string {
  const scp = scpLike.exec(url);
  if (scp) return `${scp[2]}:${scp[3]}`;
  try {
    const parsed = new URL(url);
    parsed.username = "";
    parsed.password = "";
    return parsed.toString();
  } catch {
    return url.replace(/\/\/[^/@]*@/, "//");
  }
}

/** Why a branch, tag or commit name is refused, or null. */
export function refProblem(ref: string): string | null {
  if (ref.length === 0 || ref.length > 255) return "must be 1–255 characters";
  if (ref.startsWith("-")) return "must not start with '-'";
  if (!/^[A-Za-z0-9._/+@-]+$/.test(ref)) return "may hold letters, digits and . _ / + @ - only";
  if (ref.includes("..") || ref.includes("//") || ref.endsWith("/") || ref.endsWith(".lock") || ref.includes("@{")) return "is not a valid ref name";
  return null;
}

/** Why a folder inside the repository is refused, or null. */
export function subPathProblem(path: string): string | null {
  if (path.startsWith("-")) return "must not start with '-'";
  return packagePathProblem(path);
}

export const isCommitId = (ref: string) => /^[0-9a-f]{40}$|^[0-9a-f]{64}$/i.test(ref);

export interface GithubLocation {
  cloneUrl: string;
  ref: string | null;
  path: string | null;
}

const segment = /^[A-Za-z0-9._-]+$/;

/**
 * A github.com address as the repository, ref and folder it names: the repository page, tree/<ref>/<path>,
 * blob/<ref>/<path>/COMPANY.md, or ?ref=&path= (the form for refs holding a slash). A string is the refusal.
 */
export function parseGithubUrl(url: string): GithubLocation | string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "must be a https://github.com/<owner>/<repo> URL";
  }
  if (parsed.protocol !== "https:" || !["github.com", "www.github.com"].includes(parsed.hostname) || parsed.port || parsed.username || parsed.password) {
    return "must be a https://github.com/<owner>/<repo> URL";
  }
  const parts = parsed.pathname.split("/").filter(Boolean).map(decodeSafe);
  if (parts.some((p) => p === null)) return "has a malformed path";
  const [owner, repoRaw, kind, ref, ...rest] = parts as string[];
  const repo = repoRaw?.replace(/\.git$/, "");
  if (!owner || !repo || !segment.test(owner) || !segment.test(repo) || owner.startsWith("-") || repo.startsWith("-")) return "must name an owner and a repository";
  let location: { ref: string | null; path: string | null } = { ref: null, path: null };
  if (kind !== undefined) {
    if ((kind !== "tree" && kind !== "blob") || !ref) return "must be a repository, tree/<ref>/<path> or blob/<ref>/<path> URL";
    let path = rest;
    if (kind === "blob") {
      if (path[path.length - 1] !== "COMPANY.md") return "a blob URL must point at a COMPANY.md";
      path = path.slice(0, -1);
    }
    location = { ref, path: path.length ? path.join("/") : null };
  }
  const queryRef = parsed.searchParams.get("ref");
  const queryPath = parsed.searchParams.get("path");
  if (queryRef) location.ref = queryRef;
  if (queryPath) location.path = queryPath.replace(/^\/+|\/+$/g, "") || null;
  if (location.ref !== null) {
    const problem = refProblem(location.ref);
    if (problem) return `ref ${problem}`;
  }
  if (location.path !== null) {
    const problem = subPathProblem(location.path);
    if (problem) return `path ${problem}`;
  }
  return { cloneUrl: `https://github.com/${owner}/${repo}.git`, ...location };
}

function decodeSafe(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}
