// Storage of managed instructions bundles, shared by the bundle service and config revisions (which
// snapshot a bundle and restore it on rollback).
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Db } from "@/lib/db/client";
import type { Tx } from "@/lib/services/context";

export interface BundleFile {
  path: string;
  content: string;
}

export const ENTRY_FILE = "AGENTS.md";

/** AGENTS.md first, then by path in code-unit order (stable whatever the locale). */
export function bundleOrder(a: BundleFile, b: BundleFile): number {
  if (a.path === b.path) return 0;
  if (a.path === ENTRY_FILE) return -1;
  if (b.path === ENTRY_FILE) return 1;
  return a.path < b.path ? -1 : 1;
}

export async function readInstructionsBundle(db: Db | Tx, companyId: string, agentId: string): Promise<{ files: BundleFile[]; updatedAt: Date | null }> {
  const rows = await db.agentInstructionsFile.findMany({
    where: { companyId, agentId }, select: { path: true, content: true, updatedAt: true },
  });
  const files = rows.map(({ path, content }) => ({ path, content })).sort(bundleOrder);
  const updatedAt = rows.reduce<Date | null>((max, r) => (!max || r.updatedAt > max ? r.updatedAt : max), null);
  return { files, updatedAt };
}

/** Replaces the stored files; the caller's transaction records the revision. */
export async function replaceBundleFiles(tx: Tx, companyId: string, agentId: string, files: BundleFile[]) {
  // the lock config revisions take: concurrent writes of one bundle run one after the other, so the
  // second one's delete sees the first one's files instead of colliding with them on insert
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${agentId}, 0))`;
  await tx.agentInstructionsFile.deleteMany({ where: { companyId, agentId } });
  if (files.length) {
    await tx.agentInstructionsFile.createMany({ data: files.map((f) => ({ companyId, agentId, path: f.path, content: f.content })) });
  }
}

/** The bundle as a config revision holds it (rollback writes it back). */
export const bundleSnapshot = (files: BundleFile[]): Prisma.InputJsonObject => ({
  files: files.map((f) => ({ path: f.path, content: f.content })),
});

/** A revision's bundle, or null for a revision taken before bundles existed (rollback leaves the bundle as is). */
export function snapshotFiles(value: unknown): BundleFile[] | null {
  if (!value || typeof value !== "object" || !Array.isArray((value as { files?: unknown }).files)) return null;
  return ((value as { files: unknown[] }).files)
    .filter((f): f is BundleFile => !!f && typeof (f as BundleFile).path === "string" && typeof (f as BundleFile).content === "string")
    .map((f) => ({ path: f.path, content: f.content }));
}
