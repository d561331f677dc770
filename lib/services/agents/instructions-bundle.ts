// PLACEHOLDER until the managed instructions bundle lands on main: the contract import codes against
// (bundleLimits, fitBundle, writeInstructionsBundle). The real module replaces this file on merge.
import type { Actor } from "@/lib/auth/actor";
import type { Tx } from "@/lib/services/context";

export const bundleLimits = { maxFiles: 32, maxBytes: 512 * 1024, namePattern: /^[A-Za-z0-9._-]+\.md$/ };

export interface BundleFile {
  path: string;
  content: string;
}

export function fitBundle(files: BundleFile[]): { kept: BundleFile[]; dropped: { path: string; reason: string }[] } {
  const kept: BundleFile[] = [];
  const dropped: { path: string; reason: string }[] = [];
  let bytes = 0;
  for (const f of files) {
    const size = Buffer.byteLength(f.content, "utf8");
    if (!bundleLimits.namePattern.test(f.path)) dropped.push({ path: f.path, reason: "name" });
    else if (f.content.includes("\u0000")) dropped.push({ path: f.path, reason: "NUL" });
    else if (kept.length >= bundleLimits.maxFiles) dropped.push({ path: f.path, reason: "too many files" });
    else if (bytes + size > bundleLimits.maxBytes) dropped.push({ path: f.path, reason: "too large" });
    else {
      kept.push(f);
      bytes += size;
    }
  }
  return { kept, dropped };
}

export async function writeInstructionsBundle(
  _tx: Tx,
  _actor: Actor,
  _input: { companyId: string; agentId: string; files: BundleFile[]; reason?: string },
): Promise<void> {}
