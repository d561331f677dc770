// `npx charter company import` once the command line is parsed: the import routes' services, acting
// as the instance (board rules; activity by the system). The preview is printed, then applied unless
// --dry-run.
import { db } from "@/lib/db/client";
import { applyImport, previewImport } from "@/lib/portability/import/service";
import { importBodySchema } from "@/lib/schemas/portability-import";
import { recordActivity } from "@/lib/services/activity";
import { UsageError, type ImportArgs } from "@/lib/portability/cli/args";
import { formatApplied, formatPreview } from "@/lib/portability/cli/print";
import { resolveSource } from "@/lib/portability/cli/source";
import { cliContext, type Io } from "@/lib/portability/cli/run-export";

async function ownerId(email: string | null): Promise<string | null> {
  if (!email) return null;
  const user = await db().user.findUnique({ where: { email: email.toLowerCase() }, select: { id: true } });
  if (!user) throw new Error(`--owner: no board user has the email ${email} (create one with npx charter user create)`);
  return user.id;
}

/** The owner named by --owner joins the new company; the import itself left it without members. */
async function addOwner(companyId: string, userId: string) {
  await db().$transaction(async (tx) => {
    await tx.membership.upsert({ where: { companyId_userId: { companyId, userId } }, create: { companyId, userId, role: "owner" }, update: { role: "owner" } });
    await recordActivity(tx, null, { companyId, action: "member.added", entityType: "user", entityId: userId, details: { role: "owner" } });
  });
}

export async function runImport(args: ImportArgs, io: Io): Promise<number> {
  const owner = await ownerId(args.owner);
  const { source, notes } = await resolveSource(args.source, { ref: args.ref, path: args.path });
  const parsed = importBodySchema.safeParse({
    source,
    include: { company: true, agents: true, projects: true, issues: args.includeIssues },
    target: args.into === "new" ? { mode: "new_company", ...(args.name ? { newCompanyName: args.name } : {}) } : { mode: "existing_company", companyId: args.into },
    collisionStrategy: args.onCollision,
  });
  if (!parsed.success) throw new UsageError(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n"));
  const body = parsed.data;
  const route = args.into === "new" ? null : args.into;
  const ctx = cliContext();
  for (const n of notes) io.err(`${n.path}: ${n.reason}`);
  const preview = await previewImport(ctx, route, body);
  if (!args.json) io.out(formatPreview(preview, args.source));
  if (args.dryRun) {
    if (args.json) io.out(JSON.stringify(preview, null, 2));
    else io.out("\nDry run: nothing was written.");
    return 0;
  }
  // apply what was previewed: a git source pinned to the commit the preview read
  const commit = preview.source && "commit" in preview.source ? preview.source.commit : null;
  const pinned = commit && body.source.type !== "inline" ? { ...body, source: { ...body.source, ref: commit } } : body;
  const result = await applyImport(ctx, route, pinned);
  if (owner && result.company.action === "created") await addOwner(result.company.id, owner);
  if (args.json) io.out(JSON.stringify({ preview, result }, null, 2));
  else io.out(`\n${formatApplied(result)}`);
  return 0;
}
