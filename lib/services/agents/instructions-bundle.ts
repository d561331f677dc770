// An agent's managed instructions: AGENTS.md plus sibling markdown files, kept in the database so a
// run can write them out and a package can carry them verbatim. A write replaces the whole bundle and
// is a config revision, so the revision list and rollback cover it.
import type { Actor } from "@/lib/auth/actor";
import { AppError, forbidden, notFound, type ErrorDetail } from "@/lib/http/errors";
import type { PutInstructionsInput } from "@/lib/schemas/agent-instructions";
import { inTx, type ServiceContext, type Tx } from "@/lib/services/context";
import { recordActivity } from "@/lib/services/activity";
import { chainOfCommand, getAgentOrThrow } from "@/lib/services/agents/queries";
import { recordConfigRevision } from "@/lib/services/agents/config-revisions";
import {
  bundleOrder, ENTRY_FILE, readInstructionsBundle, replaceBundleFiles, type BundleFile,
} from "@/lib/services/agents/instructions-files";

export { readInstructionsBundle };

export const bundleLimits = {
  maxFiles: 32,
  maxBytes: 512 * 1024,
  /** a flat name: no folder, so a run's directory holds exactly these files and nothing can escape it */
  pathPattern: /^[A-Za-z0-9._-]+\.md$/,
  maxPathLength: 128,
} as const;

const byteLength = (s: string) => Buffer.byteLength(s, "utf8");
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why one file cannot be in any bundle, or null. */
function fileProblem(file: BundleFile): string | null {
  if (file.path.length > bundleLimits.maxPathLength) return `name longer than ${bundleLimits.maxPathLength} characters`;
  if (!bundleLimits.pathPattern.test(file.path)) return "name must be a flat markdown file name ([A-Za-z0-9._-]+.md)";
  if (file.content.includes("\u0000")) return "content holds a NUL character";
  if (loneSurrogate.test(file.content)) return "content is not valid Unicode text";
  return null;
}

/**
 * What of `files` fits a bundle: invalid names and contents, case-insensitive duplicates and what
 * goes past the limits are dropped (in bundle order, so AGENTS.md is kept first). Without a kept
 * AGENTS.md nothing is kept: a bundle's entry is what a run reads.
 */
export function fitBundle(files: BundleFile[]): { kept: BundleFile[]; dropped: { path: string; reason: string }[] } {
  const kept: BundleFile[] = [];
  const dropped: { path: string; reason: string }[] = [];
  const seen = new Set<string>();
  let bytes = 0;
  for (const file of [...files].sort(bundleOrder)) {
    const size = byteLength(file.content);
    const problem = fileProblem(file)
      ?? (seen.has(file.path.toLowerCase()) ? "another file has the same name (case-insensitive)" : null)
      ?? (kept.length >= bundleLimits.maxFiles ? `over the ${bundleLimits.maxFiles}-file limit` : null)
      ?? (bytes + size > bundleLimits.maxBytes ? `over the ${bundleLimits.maxBytes / 1024} KiB limit` : null);
    seen.add(file.path.toLowerCase());
    if (problem) {
      dropped.push({ path: file.path, reason: problem });
      continue;
    }
    kept.push(file);
    bytes += size;
  }
  if (kept.length && kept[0].path !== ENTRY_FILE) {
    return { kept: [], dropped: [...dropped, ...kept.map((f) => ({ path: f.path, reason: `the bundle has no ${ENTRY_FILE}` }))] };
  }
  return { kept, dropped };
}

/** Every reason `files` is not a bundle, as body details naming the file; empty when it is one. */
function bundleProblems(files: BundleFile[], at = "body.files"): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  let bytes = 0;
  files.forEach((file, i) => {
    const problem = fileProblem(file);
    if (problem) details.push({ path: `${at}.${i}`, message: `${file.path.slice(0, 200)}: ${problem}` });
    const key = file.path.toLowerCase();
    if (seen.has(key)) details.push({ path: `${at}.${i}.path`, message: `${file.path}: another file has the same name (case-insensitive)` });
    seen.add(key);
    bytes += byteLength(file.content);
  });
  if (files.length > bundleLimits.maxFiles) details.push({ path: at, message: `at most ${bundleLimits.maxFiles} files (got ${files.length})` });
  if (bytes > bundleLimits.maxBytes) details.push({ path: at, message: `at most ${bundleLimits.maxBytes / 1024} KiB in all (got ${Math.ceil(bytes / 1024)} KiB)` });
  if (files.length && !files.some((f) => f.path === ENTRY_FILE)) details.push({ path: at, message: `a bundle needs ${ENTRY_FILE}, its entry file` });
  return details;
}

export interface WriteBundleInput {
  companyId: string;
  agentId: string;
  files: BundleFile[];
  /** the revision's reason: "instructions" for an edit, "import" for a package */
  reason?: string;
}

/**
 * Replaces an agent's bundle inside the caller's transaction: the files, a config revision that holds
 * the new bundle (rollback restores it) and an `agent.instructions_updated` activity row. A bundle
 * breaking the limits is a 400 naming the file; callers that must not fail use fitBundle first.
 */
export async function writeInstructionsBundle(tx: Tx, actor: Actor | null, input: WriteBundleInput) {
  const problems = bundleProblems(input.files);
  if (problems.length) throw new AppError("validation_error", "The instructions bundle breaks its limits", problems);
  const agent = await tx.agent.findFirst({ where: { id: input.agentId, companyId: input.companyId } });
  if (!agent) throw notFound("Agent");
  const files = [...input.files].sort(bundleOrder);
  await replaceBundleFiles(tx, agent.companyId, agent.id, files);
  const revision = await recordConfigRevision(tx, actor, agent, ["instructions"], input.reason ?? "instructions");
  await recordActivity(tx, actor, {
    companyId: agent.companyId, action: "agent.instructions_updated", entityType: "agent", entityId: agent.id,
    details: { files: files.map((f) => f.path), bytes: files.reduce((n, f) => n + byteLength(f.content), 0), revision: revision.revision },
  });
  return readInstructionsBundle(tx, agent.companyId, agent.id);
}

/** As for the instructions path: the agent itself, a manager above it, or the board. */
async function assertSelfOrManager(ctx: ServiceContext, agent: { id: string; companyId: string; reportsToId: string | null }) {
  const actor = ctx.actor;
  if (actor.kind === "board" || actor.agentId === agent.id) return;
  const chain = await chainOfCommand(ctx.db, agent);
  if (!chain.some((manager) => manager.id === actor.agentId)) {
    throw forbidden("Only the agent itself or a manager above it may read or change its instructions");
  }
}

const instructionsDto = (bundle: { files: BundleFile[]; updatedAt: Date | null }) => ({
  files: bundle.files.map((f) => ({ path: f.path, content: f.content })),
  updatedAt: bundle.updatedAt?.toISOString() ?? null,
});

export async function getInstructions(ctx: ServiceContext, agentRef: string) {
  const agent = await getAgentOrThrow(ctx, agentRef, "agent.read");
  await assertSelfOrManager(ctx, agent);
  return instructionsDto(await readInstructionsBundle(ctx.db, agent.companyId, agent.id));
}

export async function putInstructions(ctx: ServiceContext, agentRef: string, input: PutInstructionsInput) {
  const agent = await getAgentOrThrow(ctx, agentRef, "agent.instructions");
  await assertSelfOrManager(ctx, agent);
  if (agent.status === "terminated") throw new AppError("invalid_transition", "A terminated agent cannot be changed");
  const bundle = await inTx(ctx, (tx) => writeInstructionsBundle(tx, ctx.actor, { companyId: agent.companyId, agentId: agent.id, files: input.files }));
  return instructionsDto(bundle);
}
