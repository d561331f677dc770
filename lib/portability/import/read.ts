// A package's files → its entities, found by convention (agents/*/AGENTS.md, projects/*/PROJECT.md,
// projects/*/tasks/*/TASK.md, tasks/*/TASK.md, goals/**/GOAL.md) and through COMPANY.md's local
// `includes`. Nothing is resolved against a target here; plan.ts does that.
import path from "node:path/posix";
import type { PackageFiles } from "@/lib/portability/package-files";
import { Findings, map, readMarkdown, str, strList, type Markdown, type YamlMap } from "@/lib/portability/import/parse";
import { readSidecars, type Sidecars } from "@/lib/portability/import/sidecars";

export interface PkgAgent {
  slug: string;
  path: string;
  name: string;
  title: string;
  /** as written: a slug, a relative path to an AGENTS.md or its folder, or null */
  reportsTo: string | null;
  role: string | undefined;
  description: string | undefined;
  skills: string[];
  /** the managed instructions: AGENTS.md's body, then the folder's other markdown files */
  bundle: { path: string; content: string }[];
}

export interface PkgProject { slug: string; path: string; name: string; description: string; owner: string | undefined }

export interface PkgTask {
  slug: string;
  path: string;
  title: string;
  body: string;
  assignee: string | undefined;
  project: string | undefined;
  priority: string | undefined;
  recurring: boolean;
}

export interface PkgGoalFile {
  key: string;
  path: string;
  title: string;
  description: string;
  level: string | undefined;
  status: string | undefined;
  parentPath: string | null;
  owner: string | undefined;
  projects: string[];
}

export interface PackageModel {
  files: PackageFiles;
  company: { name: string | undefined; slug: string | undefined; description: string; goals: string[]; license: boolean; front: YamlMap };
  agents: PkgAgent[];
  projects: PkgProject[];
  tasks: PkgTask[];
  goalFiles: PkgGoalFile[];
  sidecars: Sidecars;
  skills: string[];
  teams: string[];
}

const bundleName = /^[A-Za-z0-9._-]+\.md$/;
const isAgentFile = (p: string) => /^agents\/[^/]+\/AGENTS\.md$/.test(p);
const isProjectFile = (p: string) => /^projects\/[^/]+\/PROJECT\.md$/.test(p);
const isTaskFile = (p: string) => /^(projects\/[^/]+\/)?tasks\/[^/]+\/TASK\.md$/.test(p);
const isGoalFile = (p: string) => /^goals\/(.+\/)?GOAL\.md$/.test(p);
const folderName = (p: string) => path.basename(path.dirname(p));

/** The files COMPANY.md's local `includes` name (a file, or every file under a folder). */
function includedPaths(front: YamlMap, files: PackageFiles, findings: Findings): Set<string> {
  const out = new Set<string>();
  for (const entry of strList(front.includes ?? [])) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(entry)) {
      findings.warn(`COMPANY.md: include ${entry} is not local; not fetched`);
      continue;
    }
    const target = path.normalize(entry.replace(/^\.\//, "")).replace(/\/$/, "");
    if (target.startsWith("..") || target.startsWith("/")) {
      findings.warn(`COMPANY.md: include ${entry} is outside the package; ignored`);
      continue;
    }
    const matched = Object.keys(files).filter((p) => p === target || p.startsWith(`${target}/`));
    if (matched.length === 0) findings.warn(`COMPANY.md: include ${entry} names no file of the package`);
    matched.forEach((p) => out.add(p));
  }
  return out;
}

function readAll(files: PackageFiles, paths: string[], findings: Findings): Map<string, Markdown> {
  const out = new Map<string, Markdown>();
  for (const p of paths) {
    const md = readMarkdown(p, files[p], findings);
    if (md) out.set(p, md);
  }
  return out;
}

function slugOf(p: string, md: Markdown): string {
  return str(md.data.slug) ?? folderName(p);
}

/** Two agents or two projects sharing a slug refuse the package; each later file is named. */
function uniqueBySlug<T extends { slug: string; path: string }>(items: T[], what: string, findings: Findings): T[] {
  const seen = new Map<string, string>();
  for (const item of items) {
    const first = seen.get(item.slug);
    if (first) findings.error(item.path, `${what} slug "${item.slug}" is also used by ${first}`);
    else seen.set(item.slug, item.path);
  }
  return items;
}

function readAgent(p: string, md: Markdown, files: PackageFiles, findings: Findings): PkgAgent {
  const dir = path.dirname(p);
  const slug = slugOf(p, md);
  const bundle = [{ path: "AGENTS.md", content: agentsBody(files[p]) }];
  const skipped: string[] = [];
  for (const other of Object.keys(files).filter((f) => f.startsWith(`${dir}/`) && f !== p).sort()) {
    const rest = other.slice(dir.length + 1);
    const text = typeof files[other] === "string" ? (files[other] as string) : null;
    if (!rest.includes("/") && bundleName.test(rest) && text !== null && !text.includes("\u0000")) bundle.push({ path: rest, content: text });
    else skipped.push(rest);
  }
  if (skipped.length) findings.warn(`${dir}: ${skipped.length} file${skipped.length > 1 ? "s" : ""} not imported (${listed(skipped)})`);
  const front = md.data;
  const reportsTo = front.reportsTo === null || front.reportsTo === undefined ? null : str(front.reportsTo) ?? null;
  return {
    slug, path: p, name: str(front.name) ?? slug, title: str(front.title) ?? "", reportsTo, role: str(front.role),
    description: str(front.description), skills: strList(front.skills), bundle: bundle[0].content || bundle.length > 1 ? bundle : [],
  };
}

/** AGENTS.md's body as the bundle's entry: the text after the front matter, blank lines before it dropped. */
function agentsBody(file: PackageFiles[string]): string {
  const text = typeof file === "string" ? file : "";
  const md = /^\uFEFF?---[ \t]*\r?\n[\s\S]*?\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(text);
  return (md ? text.slice(md[0].length) : text).replace(/^(?:[ \t]*\r?\n)+/, "").replaceAll("\u0000", "");
}

export function listed(items: string[], max = 10): string {
  return items.length <= max ? items.join(", ") : `${items.slice(0, max).join(", ")}, … ${items.length - max} more`;
}

function readTask(p: string, md: Markdown): PkgTask {
  const f = md.data;
  const nested = /^projects\/([^/]+)\/tasks\//.exec(p)?.[1];
  const schedule = map(f.schedule);
  return {
    slug: slugOf(p, md), path: p, title: str(f.name) ?? str(f.title) ?? slugOf(p, md), body: md.body,
    assignee: str(f.assignee) ?? str(f.owner), project: str(f.project) ?? nested, priority: str(f.priority),
    recurring: f.recurring === true || str(f.recurring) === "true" || schedule.recurrence !== undefined,
  };
}

function readGoalFile(p: string, md: Markdown, goalPaths: Set<string>): PkgGoalFile {
  const f = md.data;
  let parentPath: string | null = null;
  for (let dir = path.dirname(path.dirname(p)); dir !== "." && dir !== "goals" && !parentPath; dir = path.dirname(dir)) {
    if (goalPaths.has(`${dir}/GOAL.md`)) parentPath = `${dir}/GOAL.md`;
  }
  const key = str(f.slug) ?? (p === "goals/GOAL.md" ? "goal" : folderName(p));
  return {
    key, path: p, title: str(f.title) ?? str(f.name) ?? key, description: str(f.description) ?? md.body, level: str(f.level),
    status: str(f.status), parentPath, owner: str(f.ownerAgentSlug) ?? str(f.owner), projects: strList(f.projectSlugs),
  };
}

/** The folders holding a COMPANY.md, for the message when the root has none. */
function companyFolders(files: PackageFiles): string[] {
  return Object.keys(files).filter((p) => p.endsWith("/COMPANY.md")).map((p) => path.dirname(p) + "/").sort().slice(0, 20);
}

export function readPackage(files: PackageFiles, findings: Findings): PackageModel | null {
  if (!("COMPANY.md" in files)) {
    const folders = companyFolders(files);
    findings.error("COMPANY.md", `no COMPANY.md at the package root${folders.length ? `; folders holding one: ${folders.join(", ")}` : ""}`);
    return null;
  }
  const company = readMarkdown("COMPANY.md", files["COMPANY.md"], findings);
  const front = company?.data ?? {};
  const included = includedPaths(front, files, findings);
  const all = Object.keys(files).sort();
  const pick = (test: (p: string) => boolean, name: string) =>
    all.filter((p) => test(p) || (included.has(p) && path.basename(p) === name && path.dirname(p) !== "."));
  const agentMd = readAll(files, pick(isAgentFile, "AGENTS.md"), findings);
  const projectMd = readAll(files, pick(isProjectFile, "PROJECT.md"), findings);
  const taskMd = readAll(files, pick(isTaskFile, "TASK.md"), findings);
  const goalPaths = pick(isGoalFile, "GOAL.md");
  const goalMd = readAll(files, goalPaths, findings);
  const sidecars = readSidecars(files, findings);
  const agents = uniqueBySlug([...agentMd].map(([p, md]) => readAgent(p, md, files, findings)), "agent", findings);
  const projects = uniqueBySlug([...projectMd].map(([p, md]) => ({
    slug: slugOf(p, md), path: p, name: str(md.data.name) ?? slugOf(p, md), description: str(md.data.description) ?? md.body, owner: str(md.data.owner),
  })), "project", findings);
  const goalSet = new Set(goalPaths);
  const extras = otherFiles(files, all, findings);
  return {
    files,
    company: {
      name: str(front.name), slug: str(front.slug), description: str(front.description) ?? company?.body ?? "", goals: strList(front.goals),
      license: Boolean(str(front.license)) || extras.license, front,
    },
    agents, projects, tasks: [...taskMd].map(([p, md]) => readTask(p, md)),
    goalFiles: [...goalMd].map(([p, md]) => readGoalFile(p, md, goalSet)),
    sidecars, skills: extras.skills, teams: extras.teams,
  };
}

const skillFile = /^skills\/([^/]+)\/SKILL\.md$/;
const teamFile = /^teams\/([^/]+)\/TEAM\.md$/;
const ignoredFree = /^(README|LICENSE|LICENCE|COPYING|CHANGELOG|CONTRIBUTING)(\.[A-Za-z0-9]+)?$|^images\//i;
const conventional = (p: string) =>
  p === "COMPANY.md" || p === ".charter.yaml" || p === ".paperclip.yaml" || /^agents\//.test(p) || isProjectFile(p) || isTaskFile(p) || isGoalFile(p);

/** Skills and teams (named in warnings), licence files, and what is never run or stored. */
function otherFiles(files: PackageFiles, all: string[], findings: Findings) {
  const skills: string[] = [];
  const teams: string[] = [];
  const executable: string[] = [];
  let license = false;
  for (const p of all) {
    const skill = skillFile.exec(p);
    const team = teamFile.exec(p);
    if (skill) {
      if (readMarkdown(p, files[p], findings, false)) skills.push(skill[1]);
    } else if (team) {
      if (readMarkdown(p, files[p], findings, false)) teams.push(team[1]);
    } else if (/^(LICENSE|LICENCE|COPYING)/i.test(p)) {
      license = true;
    } else if (!conventional(p) && !ignoredFree.test(p) && !/^(skills|teams)\//.test(p) && !p.endsWith(".md")) {
      executable.push(p);
    }
  }
  if (executable.length) findings.warn(`executable content not imported: ${executable.length} file${executable.length > 1 ? "s" : ""} (${listed(executable)})`);
  return { skills, teams, license };
}
