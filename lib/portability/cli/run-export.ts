// `npx charter company export` once the command line is parsed: the export route's service, acting
// as the instance (board rules; activity by the system), writing the package into --out.
import fs from "node:fs/promises";
import path from "node:path";
import { instanceActor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { exportCompany } from "@/lib/portability/export";
import { packageFileBytes, packagePathProblem } from "@/lib/portability/package-files";
import type { ServiceContext } from "@/lib/services/context";
import { UsageError, type ExportArgs } from "@/lib/portability/cli/args";
import { formatExport, formatRefusal } from "@/lib/portability/cli/print";

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
}

export const cliContext = (): ServiceContext => ({ db: db(), actor: instanceActor() });

/** Refused before the database is touched: an --out that holds anything. */
export async function checkOutDir(out: string): Promise<void> {
  const entries = await fs.readdir(out).catch((e: NodeJS.ErrnoException) => {
    if (e.code === "ENOENT") return [];
    throw new UsageError(`--out ${out} cannot be used: ${e.code ?? e.message}`);
  });
  if (entries.length) throw new Error(`--out ${out} is not empty: export into a new or empty folder`);
}

export async function runExport(args: ExportArgs, io: Io): Promise<number> {
  const ctx = cliContext();
  const include = { issues: args.includeIssues };
  const preview = await exportCompany(ctx, args.company, { include }, { preview: true });
  const result = await exportCompany(ctx, args.company, { include, ...(args.select.length ? { selectedFiles: args.select } : {}) }, { preview: false });
  const out = path.resolve(args.out);
  await fs.mkdir(out, { recursive: true });
  for (const [p, file] of Object.entries(result.files)) {
    if (packagePathProblem(p)) continue; // the export never makes one; a path is never trusted to stay inside --out
    await fs.mkdir(path.dirname(path.join(out, p)), { recursive: true });
    await fs.writeFile(path.join(out, p), packageFileBytes(file), { flag: "wx" });
  }
  const written = new Set(Object.keys(result.files));
  const inventory = preview.fileInventory.filter((f) => written.has(f.path));
  if (args.json) io.out(JSON.stringify({ out, rootPath: result.rootPath, fileInventory: inventory, counts: args.select.length ? null : preview.counts, warnings: result.warnings }, null, 2));
  else io.out(formatExport(out, inventory, args.select.length ? null : preview.counts, result.warnings));
  return 0;
}

/** An error as the CLI reports it, and its exit code: 0 done, 1 refused or failed (nothing written), 2 bad usage. */
export function describeFailure(e: unknown): { text: string; code: number } {
  // by name, not instanceof: the CLI loads export and import as separate module graphs (tsImport)
  const name = (e as Error)?.name;
  if (e instanceof UsageError || name === "UsageError") return { text: (e as Error).message, code: 2 };
  if (e instanceof AppError || name === "AppError") {
    const err = e as AppError;
    return { text: formatRefusal(err), code: err.code === "validation_error" || err.code === "invalid_json" ? 2 : 1 };
  }
  return { text: (e as Error)?.message ?? String(e), code: 1 };
}
