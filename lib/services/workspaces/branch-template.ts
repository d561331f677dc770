// An issue's branch name: the project's template with {identifier}, {number} and {slug} filled in.
// The rendered name must be a branch, i.e. a valid ref under refs/heads/ (git check-ref-format's
// rules), so a template can never name a tag, a remote ref or a path outside refs/heads/.

export const DEFAULT_BRANCH_TEMPLATE = "charter/{identifier}-{slug}";

const PLACEHOLDER = /\{(identifier|number|slug)\}/g;
const MAX_BRANCH_LENGTH = 200;

/** The title as a branch-safe slug: lower-case ASCII words joined by dashes, at most 40 characters. */
function titleSlug(title: string): string {
  const slug = title.normalize("NFKD").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 40).replace(/-+$/, "");
  return slug || "issue";
}

export function renderBranchName(template: string | null | undefined, issue: { identifier: string; number: number; title: string }): string {
  const values = { identifier: issue.identifier, number: String(issue.number), slug: titleSlug(issue.title) };
  return (template || DEFAULT_BRANCH_TEMPLATE).replace(PLACEHOLDER, (_, key: keyof typeof values) => values[key]);
}

/** Why `name` is not a branch name git accepts under refs/heads/ (null when it is). */
export function branchNameProblem(name: string): string | null {
  if (!name) return "is empty";
  if (name.length > MAX_BRANCH_LENGTH) return `is longer than ${MAX_BRANCH_LENGTH} characters`;
  if (/[ ~^:?*[\\]/.test(name) || [...name].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return "contains a space, a control character or one of ~ ^ : ? * [ \\";
  if (name.startsWith("/") || name.endsWith("/") || name.includes("//")) return "has an empty path component";
  if (name.startsWith("-")) return "starts with a dash";
  if (name.includes("..") || name.includes("@{") || name === "@") return "contains .. or @{";
  if (name.endsWith(".") || name.split("/").some((part) => part.startsWith(".") || part.endsWith(".lock"))) {
    return "has a component that starts with a dot or ends with .lock";
  }
  if (/^(refs|heads|remotes|tags)\//.test(name) || name === "HEAD") return "must name a branch, not a ref outside refs/heads/";
  return null;
}

/** Why a template cannot make branch names (null when every issue would get a valid one). */
export function branchTemplateProblem(template: string): string | null {
  const unknown = template.match(/\{[^}]*\}/g)?.find((p) => !/^\{(identifier|number|slug)\}$/.test(p));
  if (unknown) return `has an unknown placeholder ${unknown}: use {identifier}, {number} or {slug}`;
  if (!/\{(identifier|number)\}/.test(template)) return "must contain {identifier} or {number}, so two issues never get one branch";
  // the placeholders' own values are always safe: check what the template itself contributes
  const sample = renderBranchName(template, { identifier: "ABC-1", number: 1, title: "sample" });
  const problem = branchNameProblem(sample);
  return problem ? `renders a branch name that ${problem}` : null;
}
